// The project handle: where a description's source, lint configs and outputs are, made from one
// root folder. Every step takes a handle; only the command-line entries (scripts/cli/) make one for
// the checkout, so a test or the mutation runner can build any folder, or text held in memory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Project {
  /** The folder everything below is in; messages show paths relative to it. */
  root: string;
  /** The root file of the split source: `openapi/openapi.yaml`. */
  sourceEntry: string;
  /** Redocly's config (lint rules, the house plugin, docs options): `redocly.yaml`. */
  redoclyConfig: string;
  /** Spectral's ruleset, run on the bundle: `.spectral.yaml`. */
  spectralRuleset: string;
  /** Where the build's outputs go: `generated/`. Its staging folders are made beside it. */
  outputDir: string;
  /** `CHANGELOG.md`, read by the release gate. */
  changelog: string;
  /**
   * Source files whose text is given here instead of read from disk (absolute path -> text): the
   * mutation runner lints and bundles an edited source without writing it.
   */
  sourceOverlay: ReadonlyMap<string, string>;
}

/** The handle of the project in `root`, laid out as this repository is. */
export function openProject(root: string, sourceOverlay: ReadonlyMap<string, string> = new Map()): Project {
  const at = (...parts: string[]) => path.join(path.resolve(root), ...parts);
  return {
    root: path.resolve(root),
    sourceEntry: at('openapi', 'openapi.yaml'),
    redoclyConfig: at('redocly.yaml'),
    spectralRuleset: at('.spectral.yaml'),
    outputDir: at('generated'),
    changelog: at('CHANGELOG.md'),
    sourceOverlay,
  };
}

/**
 * How a command shows the files the user named (`typed`, relative to `cwd`): each as it was typed,
 * an absolute path as given; any other file relative to `cwd`. build, learn, verify, mcp and mock
 * name the user's files this way.
 */
export function asTyped(cwd: string, typed: string[]): (file: string) => string {
  const byPath = new Map(typed.map((file) => [path.resolve(cwd, file), file]));
  return (file) => {
    const as = byPath.get(file);
    if (as !== undefined) return as;
    // A file inside a folder given (traffic's): under that folder as it was typed.
    for (const [resolved, given] of byPath) if (within(resolved, file)) return path.join(given, path.relative(resolved, file));
    return path.relative(cwd, file) || '.';
  };
}

/** `file` as a message shows it: relative to the project's root when it is inside it. */
export function shown(project: Pick<Project, 'root'>, file: string): string {
  const relative = path.relative(project.root, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

/**
 * The user's cache of this project's tools and records: EMAIL_DELIVERY_TOOLS, else
 * $XDG_CACHE_HOME/email-delivery-api, else ~/.cache/email-delivery-api (as .ci/install-languages has it).
 */
export function toolsCache(env: NodeJS.ProcessEnv = process.env): string {
  return env.EMAIL_DELIVERY_TOOLS || path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'email-delivery-api');
}

/** Whether `file` is `folder` or inside it (paths resolved; `..` segments and other roots are outside; a name like `..x` is inside). */
export function within(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/** Whether `file` is inside `folder`, and not `folder` itself. */
export const strictlyWithin = (folder: string, file: string): boolean => path.relative(folder, file) !== '' && within(folder, file);

/** A failure whose message already names the file, line or rule: no stack trace is needed. */
export class ReportedError extends Error {}

/** package.json's `repository` as a URL, when the project sets one (the Go SDK's module path follows it). */
export function repositoryUrl(project: Pick<Project, 'root'>): string | undefined {
  try {
    const { repository } = JSON.parse(fs.readFileSync(path.join(project.root, 'package.json'), 'utf8')) as { repository?: unknown };
    const url = typeof repository === 'string' ? repository : (repository as { url?: unknown } | undefined)?.url;
    return typeof url === 'string' && url !== '' ? url : undefined;
  } catch {
    return undefined;
  }
}
