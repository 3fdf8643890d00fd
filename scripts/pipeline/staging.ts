// Writing a folder atomically: a staging folder beside it, named after this process, that replaces
// it by renames on one file system only when everything is written. A staging folder left by a
// process that was killed is removed by the next one. The build (generated/, an overlaid --out) and
// the site use it.
import fs from 'node:fs/promises';
import path from 'node:path';
import { ReportedError } from '../project.ts';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The suffix of a folder being replaced while it is checked (swapIn): the user's until the check passes. */
const replacedSuffix = '-replaced';

/**
 * A fresh staging folder in `parent` named `<prefix><pid>-...`; those of processes that are gone
 * are removed first, except a folder one of them was replacing when it stopped: that is refused,
 * named, for the user to rename back or remove.
 */
export async function stagingFolder(parent: string, prefix: string): Promise<string> {
  await fs.mkdir(parent, { recursive: true });
  for (const name of await fs.readdir(parent)) {
    const pid = Number(name.startsWith(prefix) ? name.slice(prefix.length).split('-')[0] : Number.NaN);
    if (!Number.isInteger(pid) || pid === process.pid || isAlive(pid)) continue;
    if (name.endsWith(replacedSuffix))
      throw new ReportedError(
        `${path.join(parent, name)} is a folder a run that stopped was replacing, kept as it was: rename it back to its name, or remove it, then run again`,
      );
    await fs.rm(path.join(parent, name), { recursive: true, force: true });
  }
  const staging = await fs.mkdtemp(path.join(parent, `${prefix}${process.pid}-`));
  await fs.chmod(staging, 0o755); // mkdtemp makes it private; what it becomes is an ordinary folder
  return staging;
}

/**
 * Replaces `target` with `staging` by two renames on one file system. `checkReplaced`, when given,
 * checks the folder being replaced once it is renamed aside, where nothing writes into it by its
 * name any more: when it throws, the folder is renamed back and stays as it was.
 */
export async function swapIn(staging: string, target: string, checkReplaced?: (aside: string) => void | Promise<void>): Promise<void> {
  // Aside under a name stagingFolder never removes, until the check passes: a run killed during
  // the check leaves the user's folder there, named, not deleted by the next run.
  const aside = `${staging}${replacedSuffix}`;
  const hadTarget = await fs.rename(target, aside).then(
    () => true,
    (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? false : Promise.reject(error)),
  );
  if (hadTarget && checkReplaced) {
    try {
      await checkReplaced(aside);
    } catch (error) {
      await fs.rename(aside, target).catch((putBack: Error) => {
        throw new Error(`${target} was renamed aside to ${aside} and could not be put back (${putBack.message}): rename it back by hand`);
      });
      throw error;
    }
  }
  const old = `${staging}-old`;
  if (hadTarget) await fs.rename(aside, old);
  await fs.rename(staging, target);
  if (hadTarget) await fs.rm(old, { recursive: true, force: true });
}
