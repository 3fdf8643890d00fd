// Versions already built, kept between runs in a folder only the user can read or write
// (`<tools cache>/site`, mode 0700; the tools cache is EMAIL_DELIVERY_TOOLS, else
// $XDG_CACHE_HOME/email-delivery-api, else ~/.cache/email-delivery-api, as .ci/install-languages has it).
// An entry is keyed by the commit and the toolchain (this folder's code, the lockfile, Node's version
// and the Redocly config), and is reused only when every file still has the hash recorded with it.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { forTerminal } from '../escape.ts';
import { type Project, ReportedError, toolsCache } from '../project.ts';

/** The folder of the toolchain that runs (scripts/ and package-lock.json are below it). */
const toolchainRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function cacheFolder(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(toolsCache(env), 'site');
}

/**
 * The cache folder, made if needed with mode 0700; refused unless it is a real folder of this user
 * that no one else could have written (group or others writable): its entries end up in the site.
 */
export async function openCache(folder: string): Promise<string> {
  await fs.mkdir(folder, { recursive: true, mode: 0o700 });
  const stat = await fs.lstat(folder);
  if (!stat.isDirectory() || stat.uid !== process.getuid?.())
    throw new ReportedError(`site: the cache folder ${forTerminal(folder)} is not a folder of this user: remove it, or set EMAIL_DELIVERY_TOOLS`);
  if ((stat.mode & 0o022) !== 0)
    throw new ReportedError(
      `site: the cache folder ${forTerminal(folder)} can be written by others (mode ${(stat.mode & 0o777).toString(8)}), so its entries cannot be trusted: remove it`,
    );
  if ((stat.mode & 0o077) !== 0) await fs.chmod(folder, 0o700);
  return folder;
}

/** A hash of what builds a version: the toolchain's code and lockfile, Node's version, the project's Redocly config. */
export async function toolchainKey(project: Project): Promise<string> {
  const hash = createHash('sha256').update(`node ${process.version}\n`);
  const scripts = path.join(toolchainRoot, 'scripts');
  const files = (await fs.readdir(scripts, { recursive: true })).filter((file) => file.endsWith('.ts')).sort();
  for (const file of files) hash.update(`${file}\n`).update(await fs.readFile(path.join(scripts, file)));
  for (const file of [path.join(toolchainRoot, 'package-lock.json'), project.redoclyConfig])
    hash.update(`${path.basename(file)}\n`).update(await fs.readFile(file).catch(() => Buffer.alloc(0)));
  return hash.digest('hex');
}

const manifestName = '.files.sha256';

/** Every file below `dir` (sorted, relative) with its SHA-256, the manifest left out. */
async function manifest(dir: string): Promise<string> {
  const entries = (await fs.readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile() || entry.isSymbolicLink());
  const files = entries.map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name))).filter((file) => file !== manifestName);
  const lines = await Promise.all(
    files.sort().map(
      async (file) =>
        `${createHash('sha256')
          .update(await fs.readFile(path.join(dir, file)))
          .digest('hex')}  ${file}\n`,
    ),
  );
  return lines.join('');
}

/**
 * The folder holding the version at `commit`: the cached entry when it is intact, else built by
 * `build` into a fresh folder that becomes the entry. Resolves whether it came from the cache.
 */
export async function cachedVersion(cache: string, commit: string, key: string, build: (dir: string) => Promise<void>): Promise<{ dir: string; hit: boolean }> {
  const dir = path.join(cache, createHash('sha256').update(`${commit}\n${key}`).digest('hex'));
  const recorded = await fs.readFile(path.join(dir, manifestName), 'utf8').catch(() => undefined);
  if (recorded !== undefined && recorded === (await manifest(dir).catch(() => undefined))) return { dir, hit: true };
  const fresh = await fs.mkdtemp(path.join(cache, '.building-'));
  await fs.chmod(fresh, 0o755); // the cache folder keeps it private; the site's folders are ordinary ones
  try {
    await build(fresh);
    await fs.writeFile(path.join(fresh, manifestName), await manifest(fresh));
    await fs.rm(dir, { recursive: true, force: true });
    await fs.rename(fresh, dir);
  } catch (error) {
    await fs.rm(fresh, { recursive: true, force: true });
    throw error;
  }
  return { dir, hit: false };
}
