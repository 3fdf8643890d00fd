// `npm run site`: the static site of every release and of the current commit, built in one run
// from the git history (releases.ts), each version from its own description (build-version.ts,
// reused from the cache when built before: cache.ts), then the pages (pages.ts), into a staging
// folder that replaces the output folder only when everything was built (out-folder.ts).
import fs from 'node:fs/promises';
import path from 'node:path';
import { forTerminal } from '../escape.ts';
import { type Project, ReportedError } from '../project.ts';
import { cachedVersion, cacheFolder, openCache, toolchainKey } from './cache.ts';
import { swapIn } from '../pipeline/staging.ts';
import { checkOutFolder, stagingFor } from './out-folder.ts';
import { recordOutputFolder } from '../overlay/output-folder.ts';
import { rootPage, type SiteFolder, siteFolders, versionPage, versionsJson, withSwitcher } from './pages.ts';
import { siteVersions } from './releases.ts';
import { sdksAt } from './version-sdks.ts';

export interface SiteOptions {
  out: string;
  /** How messages show the output folder (as the user gave it). */
  shownAs: string;
  /** Where built versions are kept; cache.ts's cacheFolder() by default. */
  cache?: string;
  /** The user's tools cache, where the record of the output folder is kept (project.ts' toolsCache of the command's environment). */
  tools?: string;
}

export interface SiteLog {
  info(line: string): void;
  error(line: string): void;
}

/**
 * build-version.ts, imported when a version is first not in the cache: it loads the whole build
 * (Redocly, the pipeline's steps), half a second of the command's start, which a site built from
 * the cache, or a tag or folder refused before any build, does not need.
 */
const loadBuildVersion = async () => (await import('./build-version.ts')).buildVersion;

/** Builds the site into `options.out`; resolves true on success, with the output folder untouched on failure. */
export async function buildSite(project: Project, log: SiteLog, options: SiteOptions): Promise<boolean> {
  const started = performance.now();
  let staging: string | undefined;
  try {
    await checkOutFolder(project, options.out, options.shownAs, options.out, options.tools);
    const { versions, leftOut } = await siteVersions(project);
    const [cache, key] = await Promise.all([openCache(options.cache ?? cacheFolder()), toolchainKey(project)]);
    log.info(`site: ${versions.length} versions (${versions.map((version) => version.name).join(', ')}) -> ${options.shownAs}/`);
    for (const line of leftOut) log.info(`  - left out ${line}`);
    const built = new Map<string, string>();
    for (const version of versions) {
      const versionStarted = performance.now();
      const { dir, hit } = await cachedVersion(cache, version.commit, key, async (into) => (await loadBuildVersion())(project, version, into));
      built.set(version.name, dir);
      log.info(`  ✓ ${version.name.padEnd(8)} ${hit ? 'from the cache' : `built in ${((performance.now() - versionStarted) / 1000).toFixed(2)} s`}`);
    }
    staging = await stagingFor(options.out);
    await writeSite(project, staging, siteFolders(versions), built);
    // Again at the swap, once the folder is renamed aside: what the user may have written there
    // while the site was built keeps it as it is.
    await swapIn(staging, options.out, (aside) => checkOutFolder(project, options.out, options.shownAs, aside, options.tools));
    staging = undefined;
    recordOutputFolder(options.out, 'site-builds', options.tools);
    log.info(`site: done in ${((performance.now() - started) / 1000).toFixed(2)} s`);
    return true;
  } catch (error) {
    const unexpected = !(error instanceof ReportedError) && error instanceof Error;
    const message = (error instanceof Error ? error.message : String(error)).replace(/^site: /, '');
    // A release's file names and its linters' messages come from its commit: escaped for the terminal.
    log.error(`site: ${forTerminal(message)}${unexpected ? `\n${error.stack}` : ''}`);
    log.error(`site: ${options.shownAs}/ is unchanged`);
    return false;
  } finally {
    if (staging) await fs.rm(staging, { recursive: true, force: true });
  }
}

/** Every folder's files (copied from the built versions, the switcher put into the docs), its page (with its commit's SDKs), the root page and versions.json. */
async function writeSite(project: Project, staging: string, folders: SiteFolder[], built: Map<string, string>): Promise<void> {
  for (const folder of folders) {
    const into = path.join(staging, folder.name);
    const from = built.get(folder.version.name)!;
    await fs.cp(from, into, { recursive: true, filter: (source) => !path.basename(source).startsWith('.') });
    const docs = path.join(into, 'docs', 'index.html');
    await fs.writeFile(docs, withSwitcher(await fs.readFile(docs, 'utf8'), folder, folders));
    const sdks = await sdksAt(project, folder.version.commit);
    await fs.writeFile(path.join(into, 'index.html'), versionPage(folder, folders, await fs.readFile(path.join(into, 'SHA256SUMS'), 'utf8'), sdks));
  }
  await fs.writeFile(path.join(staging, 'index.html'), rootPage(folders));
  await fs.writeFile(path.join(staging, 'versions.json'), versionsJson(folders));
}
