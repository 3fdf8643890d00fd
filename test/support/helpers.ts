// Shared test helpers: the checkout and its committed bundle, temporary projects, edits, and
// fingerprints of folders for byte-for-byte comparisons.
import { createHash } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import type { Validator } from '@seriousme/openapi-schema-validator';
import type { LintOptions } from '../../scripts/lint/lint-description.ts';
import { openProject, type Project } from '../../scripts/project.ts';
import { makeScratchFolder } from './scratch-folder.ts';

export { deref } from '../../scripts/openapi-document.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const checkout: Project = openProject(root);

export type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed OpenAPI

/** The committed bundle, generated/openapi.json, parsed afresh. */
export async function loadBundle(): Promise<Json> {
  return JSON.parse(await fs.readFile(path.join(checkout.outputDir, 'openapi.json'), 'utf8'));
}

/** What a project is made of: its source, configs, committed outputs, and the plugin redocly.yaml names. */
const projectFiles = ['openapi', 'generated', 'redocly.yaml', '.spectral.yaml', 'CHANGELOG.md', 'scripts/lint/redocly-house-plugin.ts'];

export interface TemporaryProject {
  project: Project;
  dir: string;
  remove(): Promise<void>;
}

export interface TemporaryProjectOptions {
  /**
   * The entries of generated/ the copy gets (all but docs/ by default). A test whose build must
   * fail before it writes, and which only checks that the outputs stay as they were, needs one:
   * `['openapi.json']` (a third of the copy, and a fingerprint of one file instead of all).
   */
  outputs?: string[];
}

/** A copy of this project (no tooling, no node_modules) in a fresh temporary folder. */
export async function temporaryProject(options: TemporaryProjectOptions = {}): Promise<TemporaryProject> {
  const dir = await makeScratchFolder('project');
  // generated/docs/ is not committed (README, "Rendered docs"): a copy starts without it. Entry by
  // entry, with no filter, so that cpSync copies each in native code (a third of fs.cp's time).
  const outputs = options.outputs ?? (await fs.readdir(path.join(root, 'generated'))).filter((name) => name !== 'docs');
  const generated = outputs.map((name) => path.join('generated', name));
  await fs.mkdir(path.join(dir, 'generated'));
  for (const entry of [...projectFiles.filter((entry) => entry !== 'generated'), ...generated])
    fsSync.cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
  return { project: openProject(dir), dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

/** Replaces `search` (which must occur) in `file` under `dir`. */
export async function edit(dir: string, file: string, search: string | RegExp, replacement: string): Promise<void> {
  const full = path.join(dir, file);
  const text = await fs.readFile(full, 'utf8');
  const next = text.replace(search, replacement);
  if (next === text) throw new Error(`edit: ${String(search)} not found in ${file}`);
  await fs.writeFile(full, next);
}

/** Every file below `dir` with the SHA-256 of its bytes. */
export async function fingerprint(dir: string): Promise<Record<string, string>> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const result: Record<string, string> = {};
  for (const entry of entries.filter((e) => e.isFile())) {
    const full = path.join(entry.parentPath, entry.name);
    result[path.relative(dir, full)] = createHash('sha256')
      .update(await fs.readFile(full))
      .digest('hex');
  }
  return result;
}

/** Collects a build's log lines. */
export function recordingLog(): { info(line: string): void; error(line: string): void; lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, info: (line) => lines.push(line), error: (line) => errors.push(line) };
}

/**
 * The linters with the checkout's configs: Spectral in this thread and Redocly's config, loaded
 * once per module graph (once per worker in the unit tier, whose files share one: isolate: false
 * in vitest.config.ts; once per file elsewhere). A lint reads them and changes nothing in them, as
 * the mutation runner's many lints do. A temporary project's configs are copies of the checkout's,
 * so the same loaded ones serve its builds. (A worker per build would load Spectral again each
 * time; the worker is tested on its own.)
 */
export function checkoutLinters(): Promise<Required<LintOptions>> {
  loadedLinters ??= loadCheckoutLinters();
  // One that failed to load is loaded again next time, not kept as a failure.
  loadedLinters.catch(() => (loadedLinters = undefined));
  return loadedLinters;
}
let loadedLinters: Promise<Required<LintOptions>> | undefined;

async function loadCheckoutLinters(): Promise<Required<LintOptions>> {
  // Imported here, not at the top: most files that use these helpers never run Spectral (0.5 s to load).
  const [{ inThreadSpectral }, { loadRuleset }, { loadRedoclyConfig }] = await Promise.all([
    import('../../scripts/lint/spectral.ts'),
    import('../../scripts/lint/spectral-ruleset.ts'),
    import('../../scripts/lint/redocly.ts'),
  ]);
  const [ruleset, redoclyConfig] = await Promise.all([loadRuleset(checkout, checkout.spectralRuleset), loadRedoclyConfig(checkout)]);
  return { spectral: inThreadSpectral(ruleset), redoclyConfig };
}

/**
 * The OpenAPI schema validator (@seriousme/openapi-schema-validator), one per module graph (per
 * worker in the unit tier): it compiles each OpenAPI version's schema the first time it meets it
 * (0.1 s), then validates a document in milliseconds. A validation returns its result and sets
 * `version`, which a test reads right after it.
 */
export function openApiValidator(): Promise<Validator> {
  validator ??= import('@seriousme/openapi-schema-validator').then(({ Validator }) => new Validator());
  return validator;
}
let validator: Promise<Validator> | undefined;

/** Runs `use` on a fresh temporary project and removes it afterwards, whatever happens. */
export async function withTemporaryProject<T>(use: (temporary: TemporaryProject) => Promise<T>, options: TemporaryProjectOptions = {}): Promise<T> {
  const temporary = await temporaryProject(options);
  try {
    return await use(temporary);
  } finally {
    await temporary.remove();
  }
}

/**
 * For a test file whose every test works on its own temporary project (made with `options`):
 * registers the hooks that make one before each test and remove it after, and load the checkout's
 * linters once.
 */
export function temporaryProjectPerTest(options: TemporaryProjectOptions = {}): {
  readonly lintOptions: Required<LintOptions>;
  readonly temporary: TemporaryProject;
} {
  let lintOptions: Required<LintOptions> | undefined;
  let temporary: TemporaryProject | undefined;
  beforeAll(async () => {
    lintOptions = await checkoutLinters();
  });
  beforeEach(async () => {
    temporary = await temporaryProject(options);
  });
  afterEach(async () => {
    await temporary?.remove();
  });
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is made by a hook: use it inside a test`);
    return value;
  };
  return {
    get lintOptions() {
      return ready(lintOptions, 'the linters');
    },
    get temporary() {
      return ready(temporary, 'the temporary project');
    },
  };
}
