// The description as it was at a git ref of the project: that tree's openapi/, read from git's
// object store into memory (read-at-commit.ts: bounded, regular UTF-8 files; the working tree is
// not touched) and bundled within the source boundary: a ref is as untrusted as the working tree.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createConfig } from '@redocly/openapi-core';
import { bundleWithinBoundary } from '../lint/redocly.ts';
import type { OpenApiDocument } from '../openapi-document.ts';
import { openProject, type Project, ReportedError } from '../project.ts';
import { releaseOfVersion } from './changelog-releases.ts';
import { git } from './git.ts';
import { filesAtCommit } from './read-at-commit.ts';

/** `ref` as the user or a workflow gave it, quoted and escaped for a message. */
export const shownRef = (ref: string) => JSON.stringify(ref.length > 200 ? `${ref.slice(0, 200)}…` : ref);

/** The commit `ref` names; '' when it names none or looks like an option. */
const commitOf = async (project: Project, ref: string): Promise<string> =>
  ref.startsWith('-') ? '' : await git(project, 'rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`).catch(() => '');

const notARef = (ref: string) => `${shownRef(ref)} is not a commit, branch or tag in this repository`;

/** The commit `ref` names; a ReportedError when it names none or looks like an option. */
export async function resolveRef(project: Project, ref: string): Promise<string> {
  const commit = await commitOf(project, ref);
  if (!commit) throw new ReportedError(notARef(ref));
  return commit;
}

/**
 * The base `npm run diff -- <ref>` names: a commit, branch or tag, as git finds it; else a version
 * (`v1.0.0` or `1.0.0`): its tag, or where there is none, the commit that dated its CHANGELOG.md
 * section (changelog-releases.ts). `shown` names it for the report's first line.
 */
export async function namedBase(project: Project, ref: string): Promise<{ ref: string; shown: string }> {
  if (await commitOf(project, ref)) return { ref, shown: ref };
  const release = await releaseOfVersion(project, ref);
  if (release === undefined) throw new ReportedError(notARef(ref));
  if (typeof release === 'string') throw new ReportedError(`${notARef(ref)}: ${release}`);
  return { ref: release.ref, shown: `${release.version} (${release.foundBy})` };
}

/**
 * The ref to compare with when none is given: the newest release reachable from `baseBranch` (the
 * target branch: its newest tag, or where the clone carries no tag, the commit on it that dated its
 * CHANGELOG.md section: last-release.ts), else `baseBranch` itself. Never the working tree's own
 * history: a pull request's commits cannot choose the base.
 */
export async function defaultBaseRef(project: Project, baseBranch: string): Promise<string> {
  const commit = await resolveRef(project, baseBranch);
  const { lastRelease } = await import('./last-release.ts');
  return (await lastRelease(project, baseBranch))?.ref ?? commit;
}

/** defaultBaseRef(), named for the report's first line. */
export async function defaultBase(project: Project, baseBranch: string): Promise<{ ref: string; shown: string }> {
  const ref = await defaultBaseRef(project, baseBranch);
  return { ref, shown: `${baseBranch}'s newest release ${ref.slice(0, 12)}` };
}

/** Bundles `project`'s openapi/ as it is at `ref`, read from git into memory within the source boundary's limits. */
export async function bundleAt(project: Project, ref: string): Promise<OpenApiDocument> {
  const commit = await resolveRef(project, ref);
  const source = path.relative(project.root, path.dirname(project.sourceEntry));
  const files = await filesAtCommit(project, commit, source).catch((error: unknown) => {
    throw error instanceof ReportedError ? new ReportedError(`the description at ${shownRef(ref)}: ${error.message}`) : error;
  });
  // The ref's project: an empty folder as its root (no file of the working tree can stand in for
  // one the ref lacks), its description held in memory.
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'email-delivery-diff-'));
  try {
    const atRef = openProject(root, new Map([...files].map(([file, text]) => [path.join(root, file), text])));
    const result = await bundleWithinBoundary(atRef, await createConfig({})).catch((error: unknown) => {
      throw error instanceof ReportedError ? new ReportedError(`the description at ${shownRef(ref)}: ${error.message}`) : error;
    });
    if (result.problems.length > 0) throw new ReportedError(`the description at ${shownRef(ref)} does not bundle: ${result.problems[0].message}`);
    return result.bundle;
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
}
