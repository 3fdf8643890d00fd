// The package's public names (package-exports.ts) as the last release has them, read from git's
// object store within the source boundary's limits (read-at-commit.ts), and as the working tree
// has them, read inside the repository through no symbolic link and as bounded (readInside).
import fs from 'node:fs';
import path from 'node:path';
import { readInside, sourceLimits } from '../lint/source-boundary.ts';
import { type Project, ReportedError } from '../project.ts';
import { exportedNames, packageEntries } from './package-exports.ts';
import { fileAtCommit } from './read-at-commit.ts';

type ReadFile = (file: string) => Promise<string | undefined>;

/** The names: package.json's subpaths and its client entry's exported names; none without a package.json. `where` names the side. */
async function namesOf(read: ReadFile, where: string): Promise<string[]> {
  const packageJson = await read('package.json');
  if (packageJson === undefined) return [];
  let entries;
  try {
    entries = packageEntries(packageJson);
  } catch (error) {
    throw new ReportedError(`${where}: package.json is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const client = entries.client === undefined ? undefined : await read(entries.client);
  return [...entries.subpaths, ...(client === undefined ? [] : exportedNames(client, entries.client))];
}

/** The package's public names at `ref` (the last release's tag or commit). */
export function packageExportsAt(project: Project, ref: string): Promise<string[]> {
  const label = `the last release (${ref})`;
  return namesOf((file) => fileAtCommit(project, ref, file, label), label);
}

/** The package's public names in the working tree. */
export function packageExportsInTree(project: Project): Promise<string[]> {
  return namesOf(async (file) => {
    const at = path.join(project.root, file);
    try {
      if (!fs.lstatSync(at, { throwIfNoEntry: false })) return undefined;
      return readInside(project.root, at, file, sourceLimits.fileBytes);
    } catch (error) {
      throw new ReportedError(`the package's exports: ${error instanceof Error ? error.message : String(error)}`);
    }
  }, 'the working tree');
}
