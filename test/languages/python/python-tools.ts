// What the Python SDK's package checks (package-checks.ts and its own checks beside it) share: the
// tier's pinned venv, the environments a Python program runs in, the tier's programs copied into a
// folder (with a misspelt copy for mypy to refuse), and one mypy --strict run that must find the
// typos and nothing else.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { docsSamples, languagesDir, mypyVerdict, venv } from '../../support/languages.ts';
import { operations } from '../../../scripts/stated/operations.ts';
import type { Json } from '../../support/helpers.ts';

/** A tool of the tier's pinned venv (python, ruff, twine, mypy). */
export const bin = (name: string) => path.join(venv, 'bin', name);

/** The tier's Python programs (this folder). */
export const programs = path.join(languagesDir, 'python');

/** No bytecode written beside the sources (generated/sdk/python among them). */
export const quiet = { PYTHONDONTWRITEBYTECODE: '1' };

/** pip with no index, no configured find-links and no way out: what it installs comes from the wheelhouse. */
export const offline = {
  ...quiet,
  PIP_CONFIG_FILE: os.devNull,
  PIP_FIND_LINKS: undefined,
  PIP_NO_INDEX: '1',
  HTTP_PROXY: 'http://127.0.0.1:9',
  HTTPS_PROXY: 'http://127.0.0.1:9',
};

/** The example overlays: typed fields, a cursor, an idempotency key, two security schemes; and a parameter of each location. */
export const exampleOverlays = [
  'examples/overlays/fields.yaml',
  'examples/overlays/paging.yaml',
  'examples/overlays/idempotency.yaml',
  'examples/overlays/auth.yaml',
  'examples/overlays/bearer.yaml',
  'test/fixtures/overlays/parameters.yaml',
];

/** The variables the overlaid SDK reads its credentials from, unset: a test sets what it reads. */
export const noCredentials = { EMAIL_DELIVERY_EXAMPLE_API_KEY: undefined, EMAIL_DELIVERY_EXAMPLE_BEARER: undefined };

/** The misspelt copy's name of `program` (a module of its own). */
const misspeltOf = (program: string) => program.replace(/\.py$/, '_misspelt.py');

/** A copy of the tier's `program` in `dir`, and beside it (`<name>_misspelt.py`) one with each of `typos` made: one mypy run checks both. */
export async function copyProgram(program: string, dir: string, typos: [string, string][] = []): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  const text = await fs.readFile(path.join(programs, program), 'utf8');
  await fs.writeFile(path.join(dir, program), text);
  let wrong = text;
  for (const [right, typo] of typos) {
    expect(wrong, `the program names ${right}`).toContain(right);
    wrong = wrong.replace(right, typo);
  }
  if (typos.length > 0) await fs.writeFile(path.join(dir, misspeltOf(program)), wrong);
}

/**
 * Each operation's Python sample in the docs of `document`, written into `dir`/samples as
 * `<operationId>.py`: mypy is given the folder, whose name keeps the verdict's (made of its
 * arguments) short enough to be a file's, so that it is kept and reused. The folder's name.
 */
export async function writeSamples(dir: string, document: Json): Promise<string> {
  const samples = path.join(dir, 'samples');
  await fs.mkdir(samples, { recursive: true });
  const written = docsSamples(document, 'python');
  expect(written.size, 'a sample of each operation').toBe(operations.length);
  for (const [operationId, source] of written) await fs.writeFile(path.join(samples, `${operationId}.py`), source);
  return 'samples';
}

/**
 * mypy --strict for Python 3.10, in one run, on `checked` in `dir` (each with its misspelt copy, as
 * `copyProgram` wrote them) and `others`, the SDK's sources in `src`: none of its errors but in the
 * copies, each of `errors` in one of them.
 */
export async function typedAndRefused(dir: string, src: string, checked: string[], errors: string[], others: string[] = []): Promise<void> {
  const misspelt = checked.map(misspeltOf);
  const verdict = await mypyVerdict(['--strict', '--python-version', '3.10', ...checked, ...misspelt, ...others], dir, src);
  expect(verdict.code, verdict.output).toBe(1);
  const found = verdict.output.split('\n').filter((line) => /^\S+\.py:\d+: error: /.test(line));
  expect(
    found.filter((line) => !misspelt.some((copy) => line.startsWith(`${copy}:`))),
    'the programs type-check',
  ).toEqual([]);
  for (const error of errors)
    expect(
      found.some((line) => line.includes(error)),
      `${misspelt.join(', ')}: ${error}\n${verdict.output}`,
    ).toBe(true);
}

/** The JSON lines `{"check": ..., "value": ...}` a program printed, by check. */
export function saidByCheck(stdout: string): Map<string, unknown> {
  return new Map(
    stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { check: string; value: unknown })
      .map(({ check, value }) => [check, value]),
  );
}
