// The e2e project's globalSetup (test/vitest.config.ts): makes the run's one fixture (fixture.ts)
// before any e2e file starts, side by side, and removes it after the last: the checkout's docs,
// the overlaid package and its application, two mocks, one Chromium, the project's repository.
import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumOptions, chromiumPath, installHint, mustRunBrowserTests } from '../../scripts/dev/chromium.ts';
import { commitAsRelease } from '../../scripts/dev/release-repository.ts';
import { buildOverlaid } from '../../scripts/overlay/build-overlaid.ts';
import { buildDocs } from '../../scripts/pipeline/build-docs.ts';
import { openProject } from '../../scripts/project.ts';
import { startMockServer } from '../../scripts/serve/mock-server.ts';
import { type E2eFixture, fixtureOverlays, fixturePackageName } from './fixture.ts';
import { freeLoopbackPort } from './http-server.ts';
import { installIntoApp } from './installed-app.ts';
import { makeScratchFolder } from './scratch-folder.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

/** What the repository holds: the project's files, as a clone of it has them (generated/docs/ is not committed). */
const repositoryFiles = [
  'openapi',
  'scripts',
  'generated',
  'examples',
  'redocly.yaml',
  '.spectral.yaml',
  'package.json',
  'server.json',
  'package-lock.json',
  'tsconfig.json',
  'CHANGELOG.md',
  '.gitignore',
];

/**
 * Left out of the repository: the built docs (not committed), and the committed SDKs, which a
 * release remakes with the languages' tools (scripts/release/release-sdks.ts), which this tier has
 * none of; a repository without them releases without them.
 */
const leftOut = [path.join(root, 'generated', 'docs'), path.join(root, 'generated', 'sdk')];

async function makeRepository(dir: string): Promise<void> {
  const kept = (source: string) => !leftOut.some((folder) => source === folder || source.startsWith(`${folder}${path.sep}`));
  await Promise.all(repositoryFiles.map((entry) => fs.cp(path.join(root, entry), path.join(dir, entry), { recursive: true, filter: kept })));
  await commitAsRelease(dir);
}

async function makeOverlaid(dir: string): Promise<{ out: string; log: string }> {
  const out = path.join(dir, 'acme');
  const lines: string[] = [];
  const ok = await buildOverlaid(
    openProject(root),
    { info: (line) => lines.push(line), error: (line) => lines.push(line) },
    {
      overlays: fixtureOverlays.map((file) => path.join(root, file)),
      out,
      packageName: fixturePackageName,
      shownAs: (file) => path.relative(root, file),
      // The record of the output folder in the fixture's folder, not in the user's tools cache.
      tools: path.join(dir, 'tools'),
    },
  );
  if (!ok) throw new Error(`the fixture's overlaid build failed:\n${lines.join('\n')}`);
  return { out, log: lines.join('\n') };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!chromiumPath && mustRunBrowserTests) throw new Error(installHint);
  const dir = await makeScratchFolder('e2e-fixture');
  const stops: (() => Promise<unknown>)[] = [() => fs.rm(dir, { recursive: true, force: true })];
  const teardown = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  };
  /** `made`, its stop registered the moment it is made: a part that fails stops the parts made beside it. */
  const kept = <T>(made: Promise<T>, stop: (value: T) => Promise<unknown>) =>
    made.then((value) => {
      stops.push(() => stop(value));
      return value;
    });
  /** Each of `parts` settled; the first failure thrown once all have (nothing still starting when the teardown runs). */
  const all = async <T extends unknown[]>(parts: [...{ [K in keyof T]: Promise<T[K]> }]): Promise<T> => {
    const settled = await Promise.allSettled(parts);
    const failed = settled.find((part): part is PromiseRejectedResult => part.status === 'rejected');
    if (failed) throw failed.reason;
    return settled.map((part) => (part as PromiseFulfilledResult<unknown>).value) as T;
  };
  try {
    const repository = path.join(dir, 'repository');
    await fs.mkdir(repository);
    const docs = path.join(dir, 'docs-build');
    const mockOf = (bundleFile: string) =>
      kept(
        freeLoopbackPort().then((port) => startMockServer({ bundleFile, port })),
        (mock) => mock.stop(),
      );
    const [browser, overlaid, mock] = await all([
      chromiumPath ? kept(launchChromiumServer(), (server) => server.close()) : Promise.resolve(undefined),
      makeOverlaid(dir),
      mockOf(path.join(root, 'generated', 'openapi.json')),
      makeRepository(repository),
      fs.readFile(path.join(root, 'generated', 'openapi.json'), 'utf8').then((text) => buildDocs(openProject(root), JSON.parse(text), docs)),
    ]);
    const [app, overlaidMock] = await all([
      kept(installIntoApp(overlaid.out), (installed) => installed.remove()),
      mockOf(path.join(overlaid.out, 'openapi.json')),
    ]);
    if (app.installed.code !== 0) throw new Error(`the fixture's application did not install the overlaid package:\n${app.installed.output}`);
    const value: E2eFixture = {
      docs,
      overlaid: { ...overlaid, app: app.dir },
      mock: mock.url,
      overlaidMock: overlaidMock.url,
      chromium: browser?.wsEndpoint() ?? '',
      repository,
    };
    project.provide('e2e', value);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

/** One Chromium for the run, which each file connects to (sharedChromium in fixture.ts). */
const launchChromiumServer = () => chromium.launchServer(chromiumOptions());
