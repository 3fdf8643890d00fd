// The site's output folder: refused inside the description's source or outputs, or when it holds
// a file the site would not write (it is replaced whole); written through a staging folder beside
// it that replaces it by rename only when the whole site is built.
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Project, ReportedError, within } from '../project.ts';
import { stagingFolder } from '../pipeline/staging.ts';

/** A file the site writes, by its path below the output folder. */
const siteFile =
  /^(index\.html|versions\.json|(latest|next|\d+\.\d+\.\d+)\/(index\.html|docs\/index\.html|docs\/interface-document\.html|reference\/[A-Za-z0-9-]+\.md|llms\.txt|llms-full\.txt|openapi\.json|openapi\.yaml|openapi-3\.0\.json|openapi\.dereferenced\.json|SHA256SUMS))$/;

/** Refuses `out` (a ReportedError naming it as `shownAs` gives it) unless the site may replace it. */
export async function checkOutFolder(project: Project, out: string, shownAs: string): Promise<void> {
  const protectedFolders = [project.outputDir, path.dirname(project.sourceEntry)];
  for (const folder of protectedFolders) {
    const name = `${path.basename(folder)}/`;
    if (within(folder, out)) throw new ReportedError(`site: --out ${shownAs} is inside ${name}, which the site never writes; choose a folder outside it`);
    if (within(out, folder)) throw new ReportedError(`site: --out ${shownAs} holds ${name}; the site replaces the whole folder, so choose an empty or new one`);
  }
  const stat = await fs.lstat(out).catch(() => undefined);
  if (!stat) return;
  if (!stat.isDirectory()) throw new ReportedError(`site: --out ${shownAs} is not a folder`);
  for (const entry of await fs.readdir(out, { recursive: true, withFileTypes: true })) {
    const file = path.relative(out, path.join(entry.parentPath, entry.name));
    if (entry.isDirectory()) continue;
    if (!entry.isFile() || !siteFile.test(file))
      throw new ReportedError(
        `site: --out ${shownAs} holds ${JSON.stringify(file)}, which the site does not write; it replaces the whole folder, so choose an empty or new one`,
      );
  }
}

/** A fresh staging folder beside `out`, on the same file system (staging.ts: one a killed run left is removed first). */
export const stagingFor = (out: string): Promise<string> => stagingFolder(path.dirname(out), `.${path.basename(out)}-staging-`);
