// The site's output folder: refused inside the description's source or outputs, or when it holds
// a file the site did not write there, or wrote and someone changed since (its record is kept
// outside the folder: overlay/output-folder.ts); written through a staging folder beside it that
// replaces it by rename only when the whole site is built.
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Project, ReportedError, within } from '../project.ts';
import { stagingFolder } from '../pipeline/staging.ts';
import { foreignFile } from '../overlay/output-folder.ts';
import { forTerminal } from '../escape.ts';

/**
 * Refuses `out` (a ReportedError naming it as `shownAs` gives it) unless the site may replace it.
 * `contents` is where the folder is now: `out`, or where the swap renamed it aside.
 */
export async function checkOutFolder(project: Project, out: string, shownAs: string, contents = out, tools?: string): Promise<void> {
  const protectedFolders = [project.outputDir, path.dirname(project.sourceEntry)];
  for (const folder of protectedFolders) {
    const name = `${path.basename(folder)}/`;
    if (within(folder, out)) throw new ReportedError(`site: --out ${shownAs} is inside ${name}, which the site never writes; choose a folder outside it`);
    if (within(out, folder)) throw new ReportedError(`site: --out ${shownAs} holds ${name}; the site replaces the whole folder, so choose an empty or new one`);
  }
  const stat = await fs.lstat(contents).catch(() => undefined);
  if (!stat) return;
  if (!stat.isDirectory()) throw new ReportedError(`site: --out ${shownAs} is not a folder`);
  // Trusts no name inside the folder: only files the site recorded as written there, unchanged.
  const foreign = foreignFile(out, 'site-builds', contents, tools);
  if (foreign)
    throw new ReportedError(
      `site: --out ${shownAs} holds ${forTerminal(JSON.stringify(foreign.file))}, which the site ${foreign.changed ? 'wrote but has changed since' : 'did not write'}; it replaces the whole folder, so choose an empty or new one`,
    );
}

/** A fresh staging folder beside `out`, on the same file system (staging.ts: one a killed run left is removed first). */
export const stagingFor = (out: string): Promise<string> => stagingFolder(path.dirname(out), `.${path.basename(out)}-staging-`);
