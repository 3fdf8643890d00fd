// The site's pieces that need no git history (the whole command is test/e2e/site.test.ts): the
// output folder's check, the switcher and versions.json of a history with and without releases,
// and the SDKs each version's page lists.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheFolder, openCache } from '../../scripts/site/cache.ts';
import { recordOutputFolder } from '../../scripts/overlay/output-folder.ts';
import { checkOutFolder } from '../../scripts/site/out-folder.ts';
import { siteFolders, switcher, versionPage, versionsJson } from '../../scripts/site/pages.ts';
import type { SiteVersion } from '../../scripts/site/releases.ts';
import { checkout } from '../support/helpers.ts';
import { makeScratchFolder } from '../support/scratch-folder.ts';

const release = (name: string, date: string): SiteVersion => ({
  name,
  commit: 'a'.repeat(40),
  label: `tag v${name}`,
  section: { version: name, date, text: '' },
});
const next: SiteVersion = { name: 'next', commit: 'b'.repeat(40), label: 'the current commit' };

describe('the switcher and versions.json', () => {
  it('list latest, each release and next, the current one marked, by relative links', () => {
    const folders = siteFolders([release('1.1.0', '2026-11-23'), release('1.0.0', '2026-11-22'), next]);
    expect(folders.map((folder) => folder.name)).toEqual(['latest', '1.1.0', '1.0.0', 'next']);
    const html = switcher(folders[2], folders, '../../', 'docs/index.html');
    expect(html).toContain('<summary style="cursor:pointer;color:#1d5c63">Version: 1.0.0 (2026-11-22)</summary>');
    expect(html).toContain('<a href="../../1.0.0/docs/index.html" aria-current="page" style="font-weight:bold">1.0.0 (2026-11-22)</a>');
    expect(html).toContain('<a href="../../latest/docs/index.html">latest (1.1.0)</a>');
    expect(html).toContain('<a href="../../next/docs/index.html">next (commit bbbbbbb, not released)</a>');
    expect(html).toContain('<a href="../../index.html">All versions</a>');
    expect(html).not.toMatch(/<script|https?:/);
  });

  it('name next by the release whose commit it is, when the checkout is at a release', () => {
    const atRelease: SiteVersion = { ...next, commit: 'a'.repeat(40), releaseOfCommit: '1.1.0' };
    const folders = siteFolders([release('1.1.0', '2026-11-23'), atRelease]);
    expect(switcher(folders[0], folders, '../../', 'docs/index.html')).toContain(
      '<a href="../../next/docs/index.html">next (commit aaaaaaa, released as 1.1.0)</a>',
    );
  });

  it('have no latest before the first release', () => {
    const folders = siteFolders([next]);
    expect(folders.map((folder) => folder.name)).toEqual(['next']);
    expect(JSON.parse(versionsJson(folders))).toEqual({
      latest: null,
      versions: [{ folder: 'next/', version: 'next', date: null, commit: 'b'.repeat(40), docs: 'next/docs/index.html' }],
    });
  });
});

describe("a version's page lists its SDKs", () => {
  const sums = 'ab  openapi.json\n';
  const sdkRows = (html: string) =>
    [...html.matchAll(/<tr><td>(TypeScript|Python|Go)<\/td><td>(.*?)<\/td><\/tr>/g)].map(([, language, install]) => `${language}: ${install}`);

  it("a release's: the package at its version, the wheel it attaches, the Go module at its tag", () => {
    const folders = siteFolders([release('1.4.0', '2026-11-27'), next]);
    expect(sdkRows(versionPage(folders[1], folders, sums, { python: true, goModule: 'github.com/acme/api/generated/sdk/go' }))).toEqual([
      'TypeScript: <code>npm install --save-exact email-delivery-api@1.4.0</code>',
      'Python: <code>pip install email_delivery_api-1.4.0-py3-none-any.whl</code>, the wheel the release attaches (its sdist too), checked with its SHA256SUMS',
      "Go: <code>go get github.com/acme/api/generated/sdk/go@v1.4.0</code> (the release tags the module's folder)",
    ]);
  });

  it('a release whose Go module path is the placeholder (package.json names no repository): go get cannot fetch it, a clone at the tag and a replace can', () => {
    const folders = siteFolders([release('1.4.0', '2026-11-27')]);
    expect(sdkRows(versionPage(folders[1], folders, sums, { python: true, goModule: 'email-delivery-api/generated/sdk/go' })).at(-1)).toBe(
      'Go: <code>go mod edit -require email-delivery-api/generated/sdk/go@v0.0.0 -replace email-delivery-api/generated/sdk/go=&#60;clone&#62;/generated/sdk/go</code>, with a clone at the tag v1.4.0 (the module path names no repository yet, so go get cannot fetch it)',
    );
  });

  it('a release from before the SDKs: the package alone', () => {
    const folders = siteFolders([release('1.3.0', '2026-11-26')]);
    expect(sdkRows(versionPage(folders[1], folders, sums, { python: false }))).toEqual([
      'TypeScript: <code>npm install --save-exact email-delivery-api@1.3.0</code>',
    ]);
  });

  it('the current commit: from a clone, each language it holds', () => {
    const folders = siteFolders([next]);
    expect(
      sdkRows(versionPage(folders[0], folders, sums, { python: true, goModule: 'email-delivery-api/generated/sdk/go' })).map((row) => row.split(':')[0]),
    ).toEqual(['TypeScript', 'Python', 'Go']);
    expect(versionPage(folders[0], folders, sums, { python: true })).toContain('not released: build it from a clone of this commit');
  });
});

describe('the output folder', () => {
  let dir: string;
  let cache: string;
  const cacheBefore = process.env.XDG_CACHE_HOME;
  beforeEach(async () => {
    dir = await makeScratchFolder('site-out');
    // The records of what the site wrote go to a scratch cache, not the user's.
    cache = await makeScratchFolder('site-records');
    process.env.XDG_CACHE_HOME = cache;
  });
  afterEach(async () => {
    if (cacheBefore === undefined) delete process.env.XDG_CACHE_HOME;
    else process.env.XDG_CACHE_HOME = cacheBefore;
    await Promise.all([fs.rm(dir, { recursive: true, force: true }), fs.rm(cache, { recursive: true, force: true })]);
  });

  it('may be new, empty, or hold exactly what the site recorded writing there', async () => {
    await checkOutFolder(checkout, path.join(dir, 'new'), 'new');
    await checkOutFolder(checkout, dir, 'site');
    await fs.mkdir(path.join(dir, '1.0.0', 'reference'), { recursive: true });
    await fs.writeFile(path.join(dir, '1.0.0', 'reference', 'README.md'), '# 1.0.0\n');
    await fs.writeFile(path.join(dir, 'versions.json'), '{}\n');
    recordOutputFolder(dir, 'site-builds');
    await checkOutFolder(checkout, dir, 'site');
  });

  it("trusts no name: a user's own index.html is refused, and so is a file the site wrote and someone changed", async () => {
    await fs.writeFile(path.join(dir, 'versions.json'), '{}\n');
    recordOutputFolder(dir, 'site-builds');
    await fs.writeFile(path.join(dir, 'index.html'), '<p>mine</p>\n');
    await expect(checkOutFolder(checkout, dir, 'site')).rejects.toThrow('site: --out site holds "index.html", which the site did not write;');
    await fs.rm(path.join(dir, 'index.html'));
    await fs.writeFile(path.join(dir, 'versions.json'), '{"changed": true}\n');
    await expect(checkOutFolder(checkout, dir, 'site')).rejects.toThrow('site: --out site holds "versions.json", which the site wrote but has changed since;');
  });

  it('is refused when it holds a link, even with a name the site writes', async () => {
    await fs.symlink('/etc/passwd', path.join(dir, 'index.html'));
    await expect(checkOutFolder(checkout, dir, 'site')).rejects.toThrow('site: --out site holds "index.html", which the site did not write;');
  });

  it('is refused when it is a file', async () => {
    await fs.writeFile(path.join(dir, 'file'), '');
    await expect(checkOutFolder(checkout, path.join(dir, 'file'), 'file')).rejects.toThrow('site: --out file is not a folder');
  });
});

describe('the cache folder', () => {
  let dir: string;
  beforeEach(async () => (dir = await makeScratchFolder('site-cache')));
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('is made private (0700) under the tools cache', async () => {
    const folder = cacheFolder({ EMAIL_DELIVERY_TOOLS: dir });
    expect(folder).toBe(path.join(dir, 'site'));
    await fs.mkdir(folder, { mode: 0o755 });
    await fs.chmod(folder, 0o755);
    await openCache(folder);
    expect((await fs.stat(folder)).mode & 0o777).toBe(0o700);
  });

  it('is refused when others could have written it (group or others writable): its entries end up in the site', async () => {
    const folder = path.join(dir, 'site');
    await fs.mkdir(folder);
    await fs.chmod(folder, 0o777);
    await expect(openCache(folder)).rejects.toThrow(
      `site: the cache folder ${folder} can be written by others (mode 777), so its entries cannot be trusted: remove it`,
    );
  });

  it('is refused when it is a link', async () => {
    await fs.mkdir(path.join(dir, 'elsewhere'));
    await fs.symlink(path.join(dir, 'elsewhere'), path.join(dir, 'site'));
    await expect(openCache(path.join(dir, 'site'))).rejects.toThrow(
      `site: the cache folder ${path.join(dir, 'site')} is not a folder of this user: remove it, or set EMAIL_DELIVERY_TOOLS`,
    );
  });
});
