// The site's output folder: refused inside the description's source or outputs, or when it holds
// a file the site would not write (it is replaced whole); written through a staging folder beside
// it that replaces it by rename only when the whole site is built.
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Project, ReportedError } from '../project.ts';

const isInside = (parent: string, child: string) => {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/** A file the site writes, by its path below the output folder. */
const siteFile =
  /^(index\.html|versions\.json|(latest|next|\d+\.\d+\.\d+)\/(index\.html|docs\/index\.html|docs\/interface-document\.html|reference\/[A-Za-z0-9-]+\.md|llms\.txt|llms-full\.txt|openapi\.json|openapi\.yaml|openapi-3\.0\.json|openapi\.dereferenced\.json|SHA256SUMS))$/;

/** Refuses `out` (a ReportedError naming it as `shownAs` gives it) unless the site may replace it. */
export async function checkOutFolder(project: Project, out: string, shownAs: string): Promise<void> {
  const protectedFolders = [project.outputDir, path.dirname(project.sourceEntry)];
  for (const folder of protectedFolders) {
    const name = `${path.basename(folder)}/`;
    if (isInside(folder, out)) throw new ReportedError(`site: --out ${shownAs} is inside ${name}, which the site never writes; choose a folder outside it`);
    if (isInside(out, folder))
      throw new ReportedError(`site: --out ${shownAs} holds ${name}; the site replaces the whole folder, so choose an empty or new one`);
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

/**
 * A fresh staging folder beside `out`, on the same file system, named after this process; one
 * left by a run that was killed (its process is gone) is removed first.
 */
export async function stagingFor(out: string): Promise<string> {
  const parent = path.dirname(out);
  const prefix = `.${path.basename(out)}-staging-`;
  await fs.mkdir(parent, { recursive: true });
  for (const name of await fs.readdir(parent)) {
    const pid = Number(name.startsWith(prefix) ? name.slice(prefix.length).split('-')[0] : Number.NaN);
    if (Number.isInteger(pid) && pid !== process.pid && !isAlive(pid)) await fs.rm(path.join(parent, name), { recursive: true, force: true });
  }
  const staging = await fs.mkdtemp(path.join(parent, `${prefix}${process.pid}-`));
  await fs.chmod(staging, 0o755);
  return staging;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Replaces `out` with `staging` by renames. */
export async function swapIn(staging: string, out: string): Promise<void> {
  const old = `${staging}-old`;
  const hadOut = await fs.rename(out, old).then(
    () => true,
    (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? false : Promise.reject(error)),
  );
  await fs.rename(staging, out);
  if (hadOut) await fs.rm(old, { recursive: true, force: true });
}
