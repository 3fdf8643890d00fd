// The site, built in this process (`site`'s run) on a clone of the fixture's repository with two
// releases (the checkout's version, tagged, and the next minor, released in the clone) and a commit
// after them, built once cold for the file: the folders and versions.json, checksums that
// `sha256sum -c` verifies, every page in the shared Chromium with no console error and no request
// outside the site, every internal link and anchor resolved (linkinator), the version switcher,
// determinism and the cache, the releases CHANGELOG.md names without a tag (a clone without tags,
// or with only the newer ones), and each bad input.
import { execFile } from 'node:child_process';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { LinkState, check } from 'linkinator';
import semver from 'semver';
import type { Browser, ConsoleMessage, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installHint, mustRunBrowserTests } from '../../scripts/dev/chromium.ts';
import { buildVersion } from '../../scripts/site/build-version.ts';
import { cachedVersion, cacheFolder, toolchainKey } from '../../scripts/site/cache.ts';
import { siteVersions } from '../../scripts/site/releases.ts';
import { type Clone, cloneRepository, sharedChromium } from '../support/fixture.ts';
import { edit, fingerprint } from '../support/helpers.ts';
import { startTestServer, type TestServer } from '../support/http-server.ts';
import { type RunResult, runCommand } from '../support/run-command.ts';
import { makeScratchFolder } from '../support/scratch-folder.ts';

if (!mustRunBrowserTests) console.warn(`site.test.ts: the browser tests are skipped: ${installHint}`);

const exec = promisify(execFile);
let clone: Clone; // the checkout, committed and tagged with its version (base)
// Versions and dates come from the checkout's own CHANGELOG.md, so a release does not break this file:
// base is the checkout's version, next the minor release this file makes on top of it, older the
// release before base (dated in the clone's one commit with base, so the site leaves it out).
const changelog = fsSync.readFileSync(new URL('../../CHANGELOG.md', import.meta.url), 'utf8');
const sections = [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$/gm)];
const [[, base, baseDate], [, older]] = sections as unknown as [string[], string[]];
const next = semver.inc(base, 'minor') as string;
const nextDate = '2099-12-31';
let scratch: string;
let site: string;
let built: RunResult;
const cache = () => path.join(scratch, 'cache');
const siteCommand = (out: string, cacheDir = cache()) => runCommand('site', ['--out', out], { root: clone.dir, env: { EMAIL_DELIVERY_TOOLS: cacheDir } });
const commit = async (message: string) => {
  await clone.git('add', '-A');
  await clone.git('commit', '-qm', message);
};

/** The release's changelog entry holds HTML: the root page must show it as text and load nothing. */
const hostileEntry = '- A test release: <img src="http://127.0.0.1:9/tracker.png"> stays text. No operation is affected.';

beforeAll(async () => {
  clone = await cloneRepository('site');
  await edit(clone.dir, 'openapi/openapi.yaml', new RegExp(`^ {2}version: ${base.replaceAll('.', '\\.')}$`, 'm'), `  version: ${next}`);
  await edit(clone.dir, 'CHANGELOG.md', '## [Unreleased]\n', `## [Unreleased]\n\n## [${next}] - ${nextDate}\n\n### Changed\n\n${hostileEntry}\n`);
  await commit(`release ${next}`);
  await clone.git('tag', `v${next}`);
  await edit(clone.dir, 'openapi/openapi.yaml', 'title: Email Delivery Service API', 'title: Email Delivery Service API (next)');
  await commit(`after ${next}`);
  scratch = await makeScratchFolder('site-test');
  site = path.join(scratch, 'site');
  built = await siteCommand(site);
}, 300_000);

afterAll(async () => {
  if (scratch) await fs.rm(scratch, { recursive: true, force: true });
  await clone?.remove();
});

describe('the site', () => {
  it('has a folder per release, latest, next, a root page and versions.json', async () => {
    expect(built.output).toContain(`site: 3 versions (${next}, ${base}, next)`);
    expect(built.code).toBe(0);
    expect((await fs.readdir(site)).sort()).toEqual([base, next, 'index.html', 'latest', 'next', 'versions.json']);
    const versions = JSON.parse(await fs.readFile(path.join(site, 'versions.json'), 'utf8'));
    expect(versions.latest).toBe(next);
    expect(versions.versions.map((entry: { folder: string; date: string | null }) => [entry.folder, entry.date])).toEqual([
      ['latest/', nextDate],
      [`${next}/`, nextDate],
      [`${base}/`, baseDate],
      ['next/', null],
    ]);
    for (const folder of ['latest', next, base, 'next'])
      expect((await fs.readdir(path.join(site, folder))).sort(), folder).toEqual(
        [
          ...['SHA256SUMS', 'docs', 'index.html', 'llms-full.txt', 'llms.txt'],
          ...['openapi-3.0.json', 'openapi.dereferenced.json', 'openapi.json', 'openapi.yaml', 'reference'],
        ].sort(),
      );
  });

  it("builds each version from its own commit's description", async () => {
    const info = async (folder: string) => JSON.parse(await fs.readFile(path.join(site, folder, 'openapi.json'), 'utf8')).info;
    expect((await info(base)).version).toBe(base);
    expect((await info(next)).version).toBe(next);
    expect(await info('latest')).toEqual(await info(next));
    expect((await info('next')).title).toBe('Email Delivery Service API (next)');
    const committed = await fs.readFile(path.join(clone.dir, 'generated', 'openapi.json'), 'utf8');
    // The working tree's generated/ is the base build, untouched: the releases were read from git.
    expect(await fs.readFile(path.join(site, base, 'openapi.json'), 'utf8')).toBe(committed);
  });

  it('has checksums that sha256sum -c verifies', async () => {
    for (const folder of ['latest', next, base, 'next']) {
      const { stdout } = await exec('sha256sum', ['-c', 'SHA256SUMS'], { cwd: path.join(site, folder) });
      expect(stdout.trim().split('\n'), folder).toEqual(['openapi.json: OK', 'openapi.yaml: OK', 'openapi-3.0.json: OK', 'openapi.dereferenced.json: OK']);
    }
  });

  it('lists each version on the root page with its date and changelog section, the HTML in it as text', async () => {
    const root = await fs.readFile(path.join(site, 'index.html'), 'utf8');
    expect(root).toContain(`<section id="v${next}">`);
    expect(root).toContain(`<h2>${base} <small>${baseDate}</small></h2>`);
    expect(root).toContain('&#60;img src=&#34;http://127.0.0.1:9/tracker.png&#34;&#62; stays text');
    expect(root).not.toContain('<img');
  });

  // Determinism, at the price of one version's build rather than the whole site's again: the site
  // is its versions' builds, each a function of its commit, copied and put together with the pages.
  // One version built again cold is byte for byte the build the cache kept from the site's cold
  // run (the build is deterministic), and the whole site again from the cache is byte for byte the
  // site (the pages, versions.json and the switchers are put together the same way, and what the
  // cache gives back is what was built).
  it('builds a version byte for byte the same again, cold, as the one the cache holds', async () => {
    const { versions } = await siteVersions(clone.project);
    const version = versions.find(({ name }) => name === next)!;
    const { dir, hit } = await cachedVersion(cacheFolder({ EMAIL_DELIVERY_TOOLS: cache() }), version.commit, await toolchainKey(clone.project), () =>
      Promise.reject(new Error('not in the cache')),
    );
    expect(hit).toBe(true);
    const again = await fs.mkdtemp(path.join(scratch, 'again-'));
    await buildVersion(clone.project, version, again);
    const { '.files.sha256': manifest, ...cached } = await fingerprint(dir);
    expect(manifest).toBeDefined();
    expect(await fingerprint(again)).toEqual(cached);
    expect(Object.keys(cached)).toContain('docs/index.html');
  }, 300_000);

  it('is rebuilt byte for byte the same from the cache', async () => {
    // A staging folder left by a run that was killed is removed by the next run.
    const abandoned = path.join(scratch, '.warm-staging-2147483647-x');
    await fs.mkdir(abandoned);
    const warm = await siteCommand(path.join(scratch, 'warm'));
    expect(warm.code, warm.output).toBe(0);
    await expect(fs.stat(abandoned)).rejects.toThrow();
    expect(warm.output.match(/from the cache/g)).toHaveLength(3);
    expect(await fingerprint(path.join(scratch, 'warm'))).toEqual(await fingerprint(site));
    expect((await fs.stat(cache())).mode & 0o777).toBe(0o700);
  }, 300_000);

  it('resolves every internal link and anchor (linkinator)', async () => {
    // Skipped: links to other hosts, and the routes of Redoc's menu (`href="/webhooks"`), which its
    // script turns into `#/webhooks` on the same page (the Chromium test below follows one).
    const redocRoute = /^http:\/\/127\.0\.0\.1:\d+\/[a-z0-9-]+$/;
    const linksToSkip = async (link: string) => !link.startsWith('http://127.0.0.1:') || redocRoute.test(link);
    const result = await check({ path: site, recurse: true, markdown: true, checkFragments: true, concurrency: 4, linksToSkip });
    const broken = result.links.filter((link) => link.state === LinkState.BROKEN).map((link) => `${link.url} (from ${link.parent})`);
    expect(broken).toEqual([]);
    const checked = result.links.filter((link) => link.state === LinkState.OK);
    expect(checked.some((link) => link.url.includes(`/${base}/docs/index.html`))).toBe(true);
    expect(checked.some((link) => link.url.endsWith(`/${base}/reference/webhooks.md`))).toBe(true);
  }, 120_000);
});

describe.runIf(mustRunBrowserTests)('the site in Chromium', () => {
  let browser: Browser;
  /** One page for these tests: each navigates it to a page of the site (a new document), with listeners of its own. */
  let page: Page;
  /** Removes the listeners the test's open() added. */
  let stopListening = () => {};
  let server: TestServer;
  beforeAll(async () => {
    browser = await sharedChromium();
    // A new page starts a renderer process (half a second or more on a busy machine); navigating
    // the same one to each page of the site, all on one origin, does not.
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    server = await startTestServer();
    server.reply = (request) => {
      const file = path.join(site, decodeURIComponent(request.path));
      if (!file.startsWith(`${site}/`)) return { status: 404 };
      const type = file.endsWith('.html') ? 'text/html; charset=utf-8' : file.endsWith('.json') ? 'application/json' : 'text/plain; charset=utf-8';
      const body = fsSync.existsSync(file) && fsSync.statSync(file).isFile() ? fsSync.readFileSync(file, 'utf8') : undefined;
      return body === undefined ? { status: 404 } : { status: 200, body, headers: { 'content-type': type } };
    };
  }, 60_000);
  // The next test starts from a blank page: what this one left (a scroll, a route, a late request
  // or error of its document) is gone before the listeners go.
  afterEach(async () => {
    await page?.goto('about:blank');
    stopListening();
  });
  afterAll(async () => {
    await page?.close();
    await browser?.close(); // disconnects: the run's Chromium goes on
    await server?.close();
  });

  /** Opens `relative` of the site in the page; resolves the console errors and the requests to anywhere else. */
  async function open(relative: string): Promise<{ errors: string[]; foreign: string[] }> {
    const errors: string[] = [];
    const foreign: string[] = [];
    const onConsole = (message: ConsoleMessage) => (message.type() === 'error' ? errors.push(message.text()) : undefined);
    const onPageError = (error: Error) => errors.push(error.message);
    const onRequest = (request: Request) => {
      const url = request.url();
      if (!url.startsWith('blob:') && !url.startsWith('data:') && !url.startsWith(server.url)) foreign.push(url);
    };
    page.on('console', onConsole);
    page.on('pageerror', onPageError);
    page.on('request', onRequest);
    stopListening = () => {
      page.off('console', onConsole);
      page.off('pageerror', onPageError);
      page.off('request', onRequest);
    };
    await page.goto(`${server.url}/${relative}`);
    return { errors, foreign };
  }

  const pages = ['index.html', ...['latest', next, base, 'next'].flatMap((folder) => [`${folder}/index.html`, `${folder}/docs/index.html`])];
  it.each(pages)(
    '%s loads with no console error and no request outside the site',
    async (relative) => {
      const { errors, foreign } = await open(relative);
      if (relative.endsWith('docs/index.html')) await page.locator('#redoc h1').first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
      expect(foreign).toEqual([]);
    },
    60_000,
  );

  it('moves between versions with the switcher', async () => {
    const { errors } = await open(`${base}/docs/index.html`);
    const switcher = page.locator('#version-switcher');
    // The switcher is filled in once the page has loaded versions.json: under a busy machine's load
    // (Redoc parsing beside it) that takes more than expect.poll's one-second default.
    await expect.poll(() => switcher.locator('summary').textContent(), { timeout: 30_000 }).toBe(`Version: ${base} (${baseDate})`);
    await switcher.locator('summary').click();
    await switcher.getByRole('link', { name: `${next} (${nextDate})` }).click();
    await page.waitForURL(`${server.url}/${next}/docs/index.html`);
    await expect.poll(() => page.locator('#version-switcher summary').textContent(), { timeout: 30_000 }).toBe(`Version: ${next} (${nextDate})`);
    await expect.poll(() => page.locator('#redoc').textContent(), { timeout: 30_000 }).toContain(next);
    await page.screenshot({ path: path.join(scratch, 'switcher.png') });
    // Scrolled down to the operations, the switcher is gone with the top of the page: it covers none
    // of Redoc's tabs or panels (a fixed one covered the response tabs).
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const box = await switcher.boundingBox();
    expect(box === null || box.y + box.height <= 0).toBe(true);
    expect(errors).toEqual([]);
  }, 60_000);

  it("follows a route of Redoc's menu within the page", async () => {
    const { errors } = await open(`${next}/docs/index.html`);
    await page.locator('#redoc a[href="/webhooks"]').first().click();
    await page.waitForURL(`${server.url}/${next}/docs/index.html#/webhooks`);
    expect(errors).toEqual([]);
  }, 60_000);
});

describe('refusals (exit 1, the site folder unchanged)', () => {
  const unchanged = async (run: Promise<RunResult>, messages: string | RegExp | (string | RegExp)[]) => {
    const before = await fingerprint(site);
    const result = await run;
    for (const message of [messages].flat()) expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain(`site: ${site}/ is unchanged`);
    expect(result.code).toBe(1);
    expect(await fingerprint(site)).toEqual(before);
  };
  const withTag = async (tag: string, ref: string, use: () => Promise<void>) => {
    await clone.git('tag', tag, ref);
    try {
      await use();
    } finally {
      await clone.git('tag', '-d', tag);
    }
  };

  it('a tag that is not vX.Y.Z', () =>
    withTag('v2.0', 'HEAD', () => unchanged(siteCommand(site), 'site: tag "v2.0" is not a release: release tags are vX.Y.Z')));

  it('a tag whose CHANGELOG.md has no section for it', () =>
    withTag('v3.0.0', 'HEAD', () =>
      unchanged(siteCommand(site), 'site: tag "v3.0.0" is not a release: its CHANGELOG.md has no section \'## [3.0.0] - <date>\''),
    ));

  it("a tag whose description's info.version is another", async () => {
    await edit(clone.dir, 'CHANGELOG.md', '## [Unreleased]\n', '## [Unreleased]\n\n## [5.0.0] - 2026-11-24\n\n- Not bumped. No operation is affected.\n');
    await commit('a release without its version');
    try {
      await withTag('v5.0.0', 'HEAD', () =>
        unchanged(siteCommand(site), `site: tag v5.0.0 is not a release: its description's info.version is "${next}", not "5.0.0"`),
      );
    } finally {
      await clone.git('reset', '-q', '--hard', 'HEAD~1');
    }
  }, 60_000);

  /** A release v4.0.0 whose commit holds what `make` writes; the commit and tag are undone after. */
  const brokenRelease = async (make: () => Promise<void>, use: () => Promise<void>) => {
    await make();
    await edit(clone.dir, 'CHANGELOG.md', '## [Unreleased]\n', '## [Unreleased]\n\n## [4.0.0] - 2026-11-24\n\n- Broken. No operation is affected.\n');
    await commit('a broken release');
    try {
      await withTag('v4.0.0', 'HEAD', use);
    } finally {
      await clone.git('reset', '-q', '--hard', 'HEAD~1');
    }
  };
  const component = (name: string) => path.join(clone.dir, 'openapi', 'components', name);
  const noLongerBuilds: [what: string, make: () => Promise<void>, reason: string][] = [
    ['a YAML error', () => edit(clone.dir, 'openapi/openapi.yaml', /^info:$/m, 'info: ['), 'openapi/openapi.yaml:4:10: YAML syntax error'],
    ['a symbolic link', () => fs.symlink('/etc/passwd', component('link.yaml')), 'openapi/components/link.yaml is not a regular file (mode 120000)'],
    [
      'bytes that are not UTF-8',
      () => fs.writeFile(component('latin1.yaml'), Buffer.from([0x61, 0xe9, 0x0a])),
      'openapi/components/latin1.yaml holds bytes that are not UTF-8',
    ],
    [
      'a file over 1 MiB',
      () => fs.writeFile(component('big.yaml'), 'x'.repeat(1024 * 1024 + 1)),
      'openapi/components/big.yaml has 1048577 bytes, more than the 1048576 it may have',
    ],
  ];
  it.each(noLongerBuilds)(
    'a release whose commit no longer builds: %s',
    (_what, make, reason) =>
      brokenRelease(make, () =>
        unchanged(siteCommand(site), [/^site: tag v4\.0\.0 \(commit [0-9a-f]{7}\) no longer builds: /m, `no longer builds: ${reason}`]),
      ),
    60_000,
  );

  it('an output folder holding a file the site does not write', async () => {
    await fs.writeFile(path.join(site, 'notes.txt'), 'mine');
    try {
      await unchanged(
        siteCommand(site),
        `site: --out ${site} holds "notes.txt", which the site did not write; it replaces the whole folder, so choose an empty or new one`,
      );
    } finally {
      await fs.rm(path.join(site, 'notes.txt'));
    }
  });

  it('an output folder inside generated/ or openapi/, or holding them', async () => {
    for (const [folder, name] of [
      ['generated/site', 'generated/'],
      ['openapi/site', 'openapi/'],
    ]) {
      const result = await siteCommand(path.join(clone.dir, folder));
      expect(result.stderr).toContain(`site: --out ${path.join(clone.dir, folder)} is inside ${name}, which the site never writes; choose a folder outside it`);
      expect(result.code).toBe(1);
      await expect(fs.stat(path.join(clone.dir, folder))).rejects.toThrow();
    }
    const holding = await siteCommand(clone.dir);
    expect(holding.stderr).toContain(`site: --out ${clone.dir} holds generated/; the site replaces the whole folder, so choose an empty or new one`);
    expect(holding.code).toBe(1);
  });

  it('no --out is a usage error (exit 2)', async () => {
    const result = await runCommand('site', [], { root: clone.dir });
    expect(result.stderr).toContain('site: --out <folder> is required');
    expect(result.code).toBe(2);
  });
});

describe('a clone without tags, or without the older ones', () => {
  it('finds the releases by their CHANGELOG.md sections and builds the same site (from the cache: the same commits)', async () => {
    await clone.git('tag', '-d', `v${base}`, `v${next}`);
    try {
      const result = await siteCommand(path.join(scratch, 'untagged'));
      expect(result.code, result.output).toBe(0);
      expect(result.output.match(/from the cache/g)).toHaveLength(3);
      // The clone's first commit dates base and the sections before it at once: only base is its release.
      expect(result.stdout).toContain(`- left out ${older}: CHANGELOG.md's section ${older} was not dated in a commit of its own in this clone`);
      expect(await fingerprint(path.join(scratch, 'untagged'))).toEqual(await fingerprint(site));
    } finally {
      await clone.git('tag', `v${base}`, 'HEAD~2');
      await clone.git('tag', `v${next}`, 'HEAD~1');
    }
  }, 60_000);

  it('takes the tags and every dated section no tag names: an older release without its tag beside a newer tagged one', async () => {
    await clone.git('tag', '-d', `v${base}`);
    try {
      const result = await siteCommand(path.join(scratch, 'partly-tagged'));
      expect(result.code, result.output).toBe(0);
      expect(result.stdout).toContain(`site: 3 versions (${next}, ${base}, next)`);
      expect(result.output.match(/from the cache/g)).toHaveLength(3);
      expect(result.stdout).toContain(`- left out ${older}: CHANGELOG.md's section ${older} was not dated in a commit of its own in this clone`);
      expect(await fingerprint(path.join(scratch, 'partly-tagged'))).toEqual(await fingerprint(site));
    } finally {
      await clone.git('tag', `v${base}`, 'HEAD~2');
    }
  }, 60_000);
});
