// Mutation testing, in one process: each mutation of the source is applied in memory (the
// project's source overlay), then linted (Redocly, Spectral and the faithfulness contract),
// bundled, generated from (types, client, variants, the Markdown reference), and its variants held
// to the closed world, with Redocly's config and Spectral's ruleset loaded once. Every mistake
// must be caught and every neutral rewording must pass; the outcome names the rule that caught it
// and which pages of the Markdown reference the mutant changes.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Oas3Definition } from '@redocly/openapi-core';
import type { OpenApiDocument } from '../openapi-document.ts';
import { generateClient } from '../pipeline/generate-client.ts';
import { generateTypes } from '../pipeline/generate-types.ts';
import { markdownReference } from '../pipeline/markdown-reference.ts';
import { dereferenced, toOpenApi30 } from '../pipeline/variants.ts';
import { lintFaithful } from '../lint/faithful.ts';
import { lintDescription } from '../lint/lint-description.ts';
import { problemLines } from '../lint/lint-problems.ts';
import { loadRedoclyConfig } from '../lint/redocly.ts';
import { inThreadSpectral } from '../lint/spectral.ts';
import { loadRuleset } from '../lint/spectral-ruleset.ts';
import { openProject, type Project, ReportedError } from '../project.ts';
import type { Mutation } from './mutations.ts';

export interface Outcome {
  mutation: Mutation;
  /** `lint (rule: message)`, `types`, `client`, `variants`, `reference` or `closed world of the variants`; undefined when it passed. */
  caughtBy?: string;
  /** The rule that caught it, when a rule did (`rule/summary-sentence-case`, `faithful/prose`, ...). */
  rule?: string;
  /** Whether the outcome is the one the mutation expects: caught for a mistake, passed for a neutral rewording. */
  asExpected: boolean;
  /** The mutation could not be applied (its text is gone from the source: the mutation is stale). */
  error?: string;
  /** The files of the Markdown reference the mutant changes, when it bundles. */
  referenceChanged?: string[];
}

/** What was caught, by what: the stage, then the first rule or breach. */
function caught(mutation: Mutation, stage: string, detail: string, rule?: string): Outcome {
  const caughtBy = `${stage} (${detail.length > 140 ? `${detail.slice(0, 137)}...` : detail})`;
  return { mutation, caughtBy, rule: rule ?? stage, asExpected: !mutation.neutral };
}

/** Runs `mutations` against `project`'s source, one at a time, reporting each outcome as it comes. */
export async function mutate(project: Project, mutations: Mutation[], onOutcome: (outcome: Outcome) => void = () => {}): Promise<Outcome[]> {
  const [redoclyConfig, ruleset] = await Promise.all([loadRedoclyConfig(project), loadRuleset(project, project.spectralRuleset)]);
  const spectral = inThreadSpectral(ruleset);
  const sourceDir = path.dirname(project.sourceEntry);
  const originals = new Map<string, string>();
  const outcomes: Outcome[] = [];
  // The reference of the unchanged source, to tell which pages each mutant changes.
  const base = (await lintDescription(project, { redoclyConfig, spectral })).bundle;
  if (!base) throw new ReportedError('mutate: the unchanged source does not bundle; run `npm run lint`');
  const baseReference = markdownReference(base);
  for (const mutation of mutations) {
    const file = path.join(sourceDir, mutation.file);
    if (!originals.has(file)) originals.set(file, await fs.readFile(file, 'utf8'));
    const outcome = await tryMutation(project, mutation, file, originals.get(file)!, { redoclyConfig, spectral, firstProblemOnly: true }, baseReference);
    outcomes.push(outcome);
    onOutcome(outcome);
  }
  return outcomes;
}

async function tryMutation(
  project: Project,
  mutation: Mutation,
  file: string,
  original: string,
  lintOptions: Parameters<typeof lintDescription>[1],
  baseReference: Map<string, string>,
): Promise<Outcome> {
  let text: string;
  try {
    text = mutation.apply(original);
  } catch (error) {
    return { mutation, error: error instanceof Error ? error.message : String(error), asExpected: false };
  }
  if (text === original) return { mutation, error: 'the mutation changed nothing', asExpected: false };
  const mutant = openProject(project.root, new Map([[file, text]]));
  let bundle: OpenApiDocument;
  try {
    const result = await lintDescription(mutant, lintOptions);
    const lines = problemLines(mutant, result);
    if (lines.length > 0 || !result.bundle) {
      const first = lines[0]?.replace(/^\S+ \w+ /, '') ?? 'the source does not bundle';
      return caught(mutation, 'lint', first, /^[\w/-]+(?=:)/.exec(first)?.[0]);
    }
    bundle = result.bundle;
  } catch (error) {
    if (error instanceof ReportedError) return caught(mutation, 'lint', error.message);
    throw error;
  }
  let reference = new Map<string, string>();
  let variants: { '3.0'?: Oas3Definition; dereferenced?: OpenApiDocument } = {};
  for (const [stage, generate] of [
    ['types', () => generateTypes(bundle)],
    ['client', async () => generateClient(bundle)],
    ['variants', async () => (variants = { '3.0': toOpenApi30(bundle), dereferenced: await dereferenced(bundle) })],
    ['reference', async () => (reference = markdownReference(bundle))],
  ] as const) {
    try {
      await generate();
    } catch (error) {
      return caught(mutation, stage, error instanceof Error ? error.message : String(error));
    }
  }
  const referenceChanged = [...new Set([...baseReference.keys(), ...reference.keys()])].filter((page) => baseReference.get(page) !== reference.get(page));
  for (const [variant, document] of Object.entries(variants) as ['3.0' | 'dereferenced', unknown][]) {
    const [first] = await lintFaithful(document, variant);
    if (first)
      return { ...caught(mutation, 'variants', `(the ${variant} variant) ${first.location[0]?.pointer}: ${first.message}`, first.ruleId), referenceChanged };
  }
  return { mutation, referenceChanged, asExpected: mutation.neutral === true };
}
