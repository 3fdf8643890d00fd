// The mutation runner, in this process on the checkout's source held in memory: it names the rule
// that caught a mutant, lets a neutral edit through (a lead reworded in its operation's words),
// reports a stale mutation as an error, names the pages of the Markdown reference a mutant changes,
// and never writes the source.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mutate } from '../../scripts/dev/mutate.ts';
import { type Mutation, mutations } from '../../scripts/dev/mutations.ts';
import { documentParts } from '../../scripts/stated/overview.ts';
import { checkout, fingerprint } from '../support/helpers.ts';

const byName = (name: string) => {
  const found = mutations.find((mutation) => mutation.name === name);
  if (!found) throw new Error(`no mutation named '${name}'`);
  return found;
};
const rewordWebhooks: Mutation = {
  name: 'reword a description',
  neutral: true,
  file: 'paths/v1_webhooks.yaml',
  apply: (text) => text.replace('Lists the webhooks.', 'Returns the webhooks.'),
};
const stale: Mutation = { name: 'a stale mutation', file: 'paths/v1_webhooks.yaml', apply: (text) => text.replace('no such text', 'x') };

describe('mutate', () => {
  it('has at least 100 mutations, with unique names, and neutral rewordings', () => {
    expect(mutations.length).toBeGreaterThanOrEqual(100);
    expect(new Set(mutations.map((mutation) => mutation.name)).size).toBe(mutations.length);
    expect(mutations.filter((mutation) => mutation.neutral).length).toBeGreaterThanOrEqual(10);
  });

  it('has at least two prose mutants for each silent part, and one for each overview row', () => {
    for (const part of ['authentication', 'limits', 'errors', 'versioning', 'events', 'formats', 'states', 'purpose', 'behaviour'])
      expect(mutations.filter((mutation) => mutation.name.startsWith('prose: ') && mutation.name.endsWith(`(${part})`)).length, part).toBeGreaterThanOrEqual(2);
    expect(mutations.filter((mutation) => mutation.name.startsWith('overview: ')).length).toBe(documentParts.length);
  });

  it('names what caught each mutant, lets a neutral edit survive, and reports a stale mutation', async () => {
    const source = path.dirname(checkout.sourceEntry);
    const before = await fingerprint(source);
    const picked = [
      byName('a summary in Title Case'),
      byName('rename an operationId (listWebhooks -> listHooks)'),
      byName('add a query parameter where rule 1 shows none (listScopes)'),
      rewordWebhooks,
      stale,
    ];
    const outcomes = await mutate(checkout, picked);
    expect(outcomes.map((outcome) => outcome.rule ?? (outcome.error ? 'error' : 'passed'))).toEqual([
      'rule/summary-sentence-case',
      'faithful/operation-id',
      'faithful/request-part',
      'passed',
      'error',
    ]);
    expect(outcomes.map((outcome) => outcome.asExpected)).toEqual([true, true, true, true, false]);
    expect(outcomes[0].caughtBy).toMatch(/^lint \(rule\/summary-sentence-case: /);
    expect(outcomes[1].caughtBy).toMatch(/^lint \(faithful\/operation-id: #27's operationId: expected "listWebhooks", found "listHooks"/);
    expect(outcomes[4].error).toBe('the mutation changed nothing');
    // The Markdown reference follows the source: a reworded description changes its area's page.
    expect(outcomes[3].referenceChanged?.toSorted()).toEqual(['llms-full.txt', 'reference/webhooks.md']);
    expect(await fingerprint(source)).toEqual(before);
    expect(await fs.readFile(checkout.sourceEntry, 'utf8')).toContain('openapi: 3.1.0');
  });
});
