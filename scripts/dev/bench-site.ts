// The site section of `npm run bench`: `npm run site`'s build of this checkout's history, cold (a
// fresh cache each run) and with the cache the cold runs left, and the size of what it writes.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Project } from '../project.ts';
import { buildSite } from '../site/site.ts';
import { medianOf } from './bench-timing.ts';

/** Bytes and files below `dir`. */
async function folderSize(dir: string): Promise<{ bytes: number; files: number }> {
  const entries = (await fs.readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  const sizes = await Promise.all(entries.map(async (entry) => (await fs.stat(path.join(entry.parentPath, entry.name))).size));
  return { bytes: sizes.reduce((sum, size) => sum + size, 0), files: entries.length };
}

/** The figures as a table: its title, header and rows. */
export async function benchSite(project: Project, runs: number): Promise<{ title: string; header: string[]; rows: string[][] }> {
  console.error('site: npm run site on this checkout, cold (a fresh cache each run) and warm (the cache kept)');
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'email-delivery-bench-site-'));
  const quiet = { info: () => {}, error: (line: string) => console.error(line) };
  const build = async (cache: string) => {
    if (!(await buildSite(project, quiet, { out: path.join(work, 'site'), shownAs: 'site', cache }))) throw new Error('npm run site failed');
  };
  try {
    let run = 0;
    const cold = await medianOf('cold', runs, () => build(path.join(work, `cache-${run++}`)));
    const warm = await medianOf('warm', runs, () => build(path.join(work, 'cache-0')));
    const versions = (await fs.readdir(path.join(work, 'site'), { withFileTypes: true })).filter((entry) => entry.isDirectory()).length;
    const { bytes, files } = await folderSize(path.join(work, 'site'));
    const row = [String(versions), `${(bytes / 1024 / 1024).toFixed(1)} MB`, String(files), `${(cold / 1000).toFixed(2)} s`, `${(warm / 1000).toFixed(2)} s`];
    return { title: `Site (median of ${runs})`, header: ['folders', 'size', 'files', 'cold', 'with the cache'], rows: [row] };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}
