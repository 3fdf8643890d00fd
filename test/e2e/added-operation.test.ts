// One place per fact: adding an operation to the interface document is five hand-edited files in
// four kinds (scripts/dev/added-operation.ts' handEdits, CONTRIBUTING.md's steps 2 to 5: the path
// file, its two schemas, the table in scripts/stated/operations.ts, the changelog entry), and then
// lint, build (bundle, variants, types, client, the Markdown reference, the interface document's
// page, the docs), the drift check and the release gate pass with no other edit. Each of the five
// is needed: left out, lint or the gate fails, naming what is missing. Removing the operation again returns the tree to its commit.
// One table, each row on its own clone of the fixture's repository, with the clone's own commands
// (its table in scripts/stated/ is one of the edits) called in this process. The whole unit tier
// and the area's mutations on such a copy are `npm run test:added-operation`
// (scripts/dev/test-added-operation.ts), run weekly by .github/workflows/added-operation.yml.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addedNumber as next, handEdits, makeEdits, stillNeeded, undoEdits } from '../../scripts/dev/added-operation.ts';
import { type Clone, cloneRepository } from '../support/fixture.ts';
import { runCommand } from '../support/run-command.ts';

type Step = 'lint' | 'build' | 'check' | 'gate';

/** The commands a maintainer runs, in order; the gate as the pull-request workflow runs it. */
const steps: Record<Step, [name: string, args: string[]]> = {
  lint: ['lint', []],
  build: ['build', []],
  check: ['check', []],
  gate: ['diff', ['--gate', '--base-branch', 'main']],
};

interface Row {
  given: string;
  /** The hand edit left out (none: all five made). */
  leftOut?: string;
  /** The exit code of each step run, in the order of `steps`; a step not named is not run. */
  want: Partial<Record<Step, number>>;
  /** What the last step prints. */
  says: RegExp;
}

const rows: Row[] = [
  // What lint still asks for beyond the five: exactly the rules of `stillNeeded`, made before the build.
  { given: 'the five edits', want: { lint: stillNeeded.length > 0 ? 1 : 0, build: 0, check: 0, gate: 0 }, says: /^added: replaceWebhook$/m },
  {
    given: 'without the path file',
    leftOut: 'openapi/paths/v1_webhooks_id.yaml',
    want: { lint: 1 },
    // The table's row names an operation the description does not have.
    says: /error faithful\/operations\b.*replaceWebhook|operation #\d+ \(PUT \/v1\/webhooks\/\{id\}\) is missing/,
  },
  {
    given: 'without the request schema',
    leftOut: 'openapi/components/schemas/ReplaceWebhookRequestBody.yaml',
    want: { lint: 1 },
    says: /ReplaceWebhookRequestBody\.yaml/,
  },
  {
    given: 'without the response schema',
    leftOut: 'openapi/components/schemas/ReplaceWebhookResponseBody.yaml',
    want: { lint: 1 },
    says: /ReplaceWebhookResponseBody\.yaml/,
  },
  {
    given: "without the table's row",
    leftOut: 'scripts/stated/operations.ts',
    want: { lint: 1 },
    says: /PUT \/v1\/webhooks\/\{id\} is not one of the \d+ operations of the Endpoints table/,
  },
  // Lint passes without it; the release gate (run in every pull request) does not.
  { given: 'without the changelog entry', leftOut: 'CHANGELOG.md', want: { lint: 0, gate: 1 }, says: /does not name `replaceWebhook`/ },
];

/** The rules named by a lint run's problem lines. */
const rulesIn = (output: string) => [...new Set([...output.matchAll(/\berror\s+([a-z]+\/[\w-]+)\s/g)].map((match) => match[1]))].sort();

let clone: Clone | undefined;
afterEach(async () => {
  await clone?.remove();
  clone = undefined;
});

describe(`an operation #${next} added to a clone of the project`, () => {
  it('is five files in four kinds of hand edit: the path file, the two schemas, the table, the changelog entry', () => {
    expect(handEdits).toHaveLength(5);
    const kinds = new Set(handEdits.map(({ file }) => (file.startsWith('openapi/components/schemas/') ? 'the schemas' : file)));
    expect([...kinds]).toEqual(['openapi/paths/v1_webhooks_id.yaml', 'the schemas', 'scripts/stated/operations.ts', 'CHANGELOG.md']);
    for (const { leftOut } of rows.slice(1)) expect(handEdits.map(({ file }) => file)).toContain(leftOut);
  });

  it.each(rows)('$given: $want', { timeout: 300_000 }, async ({ leftOut, want, says }) => {
    clone = await cloneRepository('added-operation');
    const { dir } = clone;
    const made = await makeEdits(
      dir,
      handEdits.filter(({ file }) => file !== leftOut),
    );
    let needed = new Map<string, string | undefined>();
    // Undone whatever happens: the last assertions are that removing the operation returns the tree.
    try {
      let last = '';
      for (const step of Object.keys(steps) as Step[]) {
        if (want[step] === undefined) continue;
        const [name, args] = steps[step];
        const result = await runCommand(name, args, { root: dir, ownScripts: true });
        expect(result.code, `${step}: ${result.output}`).toBe(want[step]);
        if (step === 'lint' && !leftOut) {
          expect(rulesIn(result.output), result.output).toEqual(stillNeeded.map(({ rule }) => rule).sort());
          needed = await makeEdits(dir, stillNeeded);
        }
        last = result.output;
      }
      expect(last).toMatch(says);
      if (want.build === 0) {
        const generated = (file: string) => fs.readFile(path.join(dir, 'generated', file), 'utf8');
        expect(JSON.parse(await generated('openapi.json')).paths['/v1/webhooks/{id}'].put.operationId).toBe('replaceWebhook');
        expect(await generated('client.ts')).toMatch(/\breplaceWebhook\b/);
        expect(await generated('reference/webhooks.md')).toContain(`[Operation #${next}](interface-document.md#operation-${next})`);
        expect(await generated('reference/interface-document.md')).toContain(
          `| <a id="operation-${next}"></a>${next} | \`PUT\` | \`/v1/webhooks/{id}\` | \`200 OK\` | shown: \`id\` and an optional JSON body | \`replaceWebhook\` | Webhooks |`,
        );
        expect(await generated('docs/interface-document.html')).toContain(`<tr id="operation-${next}">`);
        expect(await generated('llms.txt')).toContain(`${next} operations in`);
        expect(
          JSON.parse(await fs.readFile(path.join(dir, 'server.json'), 'utf8'))._meta['io.modelcontextprotocol.registry/publisher-provided'].tools,
        ).toContain('replaceWebhook');
      }
    } finally {
      await undoEdits(dir, needed);
      await undoEdits(dir, made);
      // What the build wrote: generated/, and server.json beside it (its tools name the added one).
      await clone.git('checkout', '--', 'generated', 'server.json');
    }
    // Removed again, generated/ as committed: the tree is its commit's again, nothing else differs
    // (the clone's commit is the checkout's, whose `npm run check` passes: commands-help.test.ts).
    expect(await clone.git('status', '--porcelain', '--', '.', ':!generated/docs')).toBe('');
  });
});
