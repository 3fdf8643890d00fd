// Shared test helpers: read the bundle, follow its local $refs, run the project's scripts on
// temporary copies of the repository, and fingerprint folders.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyRepository } from '../scripts/repo-copy.ts';
import { runCommand, type RunResult } from '../scripts/run-command.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

export type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed OpenAPI

export async function loadBundle(): Promise<Json> {
  return JSON.parse(await fs.readFile(path.join(root, 'generated', 'openapi.json'), 'utf8'));
}

/** Follows a local `$ref` (`#/components/...`) once; returns other nodes as they are. */
export function deref(document: Json, node: Json): Json {
  if (!node || typeof node.$ref !== 'string') return node;
  const target = node.$ref.replace(/^#\//, '').split('/').reduce((at: Json, key: string) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  if (target === undefined) throw new Error(`dangling $ref ${node.$ref}`);
  return target;
}

export type { RunResult } from '../scripts/run-command.ts';
/** Runs a command to its end (never throws on a non-zero exit). */
export const run = runCommand;

/** The command line of `npm run <name>` in the checkout at `cwd`, as its package.json gives it. */
export function scriptCommand(cwd: string, name: string): string[] {
  const line: string | undefined = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8')).scripts[name];
  const [command, ...args] = line?.split(' ') ?? [];
  if (command !== 'node') throw new Error(`package.json: script '${name}' is not a node command: ${line}`);
  return [process.execPath, ...args];
}

/** Runs `npm run <name>` of the checkout at `cwd` (in `cwd`), without npm's own start-up. */
export function runScript(cwd: string, name: string, args: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<RunResult> {
  const [command, ...commandArgs] = scriptCommand(cwd, name);
  return run(command, [...commandArgs, ...args], cwd, env);
}

/** A temporary copy of the repository's build inputs and outputs, sharing node_modules. */
export function copyRepo(): Promise<string> {
  return copyRepository('email-delivery-repo-');
}

export async function removeRepo(dir: string): Promise<void> {
  await fs.rm(dir, { recursive: true, force: true });
}

/** Replaces `search` (which must occur) in `file` under `dir`. */
export async function edit(dir: string, file: string, search: string | RegExp, replacement: string): Promise<void> {
  const full = path.join(dir, file);
  const text = await fs.readFile(full, 'utf8');
  const next = text.replace(search, replacement);
  if (next === text) throw new Error(`edit: ${String(search)} not found in ${file}`);
  await fs.writeFile(full, next);
}

/** Every file below `dir` with the SHA-256 of its bytes, for byte-for-byte comparisons. */
export async function fingerprint(dir: string): Promise<Record<string, string>> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const result: Record<string, string> = {};
  for (const entry of entries.filter((e) => e.isFile())) {
    const full = path.join(entry.parentPath, entry.name);
    result[path.relative(dir, full)] = createHash('sha256').update(await fs.readFile(full)).digest('hex');
  }
  return result;
}
