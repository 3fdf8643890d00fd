// The e2e tier's one read-only fixture (test/README.md), made once per run by e2e-setup.ts, the
// project's globalSetup, and handed to every file by vitest's inject: the rendered docs of the
// checkout, one package built with the union of the overlays the e2e files need and installed
// into one application, a mock of each description, one Chromium, and one git repository of the
// project. A file reads them; a file that changes files works on its own clone or copy, never on
// the fixture.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { openProject, type Project } from '../../scripts/project.ts';
import { edit, root } from './helpers.ts';
import { runCommand } from './run-command.ts';
import { makeScratchFolder } from './scratch-folder.ts';

/**
 * The overlays of the one overlaid package, in order: every fact an e2e file asks of an overlaid
 * build (an API key and a bearer scheme, paging with a typed page, an idempotency header, typed
 * fields, a query array and a cookie), relative to the checkout.
 */
export const fixtureOverlays = [
  'examples/overlays/auth.yaml',
  'examples/overlays/bearer.yaml',
  'examples/overlays/paging.yaml',
  'examples/overlays/idempotency.yaml',
  'examples/overlays/fields.yaml',
  'test/fixtures/overlays/parameters.yaml',
];

/** The overlaid package's name (its MCP bin: acme-email-api-mcp). */
export const fixturePackageName = '@acme/email-api';

export interface E2eFixture {
  /** A folder whose docs/ holds the checkout's rendered docs (index.html, interface-document.html). */
  docs: string;
  overlaid: {
    /** The output folder of `npm run build -- --overlay ... --out <it> --name @acme/email-api`. */
    out: string;
    /** What that build printed, stdout and stderr. */
    log: string;
    /** An application with the package installed offline (`npm install --install-links`). */
    app: string;
  };
  /** Prism on generated/openapi.json, and on the overlaid package's openapi.json. */
  mock: string;
  overlaidMock: string;
  /** Chromium's endpoint, for playwright-core's `chromium.connect`; '' where no Chromium runs (tests skip, or under CI=true fail). */
  chromium: string;
  /** A git repository of the project: one commit, tagged v<version>, CHANGELOG.md as it is. Clone it. */
  repository: string;
}

declare module 'vitest' {
  interface ProvidedContext {
    e2e: E2eFixture;
  }
}

export const fixture = (): E2eFixture => inject('e2e');

/** The run's Chromium, connected for this file (close it in afterAll: that disconnects, the browser goes on). */
export function sharedChromium(): Promise<Browser> {
  const endpoint = fixture().chromium;
  if (!endpoint) throw new Error('no Chromium in this run (test/support/e2e-setup.ts)');
  return chromium.connect(endpoint);
}

export interface Clone {
  dir: string;
  project: Project;
  git(...args: string[]): Promise<string>;
  remove(): Promise<void>;
}

const exec = promisify(execFile);

/**
 * A clone of the fixture's repository in a fresh scratch folder (objects linked, not copied: a
 * fraction of a second), with git's identity set and the checkout's node_modules linked, for a
 * test that changes files, commits or releases.
 */
export async function cloneRepository(label = 'clone'): Promise<Clone> {
  const parent = await makeScratchFolder(label);
  const dir = path.join(parent, 'project');
  const git = async (...args: string[]) => (await exec('git', args, { cwd: dir, maxBuffer: 64 * 1024 * 1024 })).stdout.trim();
  await exec('git', ['clone', '-q', '--local', fixture().repository, dir]);
  await git('config', 'user.email', 'ci@example.invalid');
  await git('config', 'user.name', 'ci');
  await fs.symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return { dir, project: openProject(dir), git, remove: () => fs.rm(parent, { recursive: true, force: true }) };
}

/**
 * For a test file whose tests edit one clone: registers the hooks that make it before the file's
 * tests, undo each test's edits after it (`git reset --hard`: what a test committed stays), and
 * remove it after the last; `change` edits a file of it, `command` runs a command on it in process.
 */
export function clonePerFile(label: string) {
  let clone: Clone | undefined;
  beforeAll(async () => {
    clone = await cloneRepository(label);
  });
  afterEach(async () => {
    await clone?.git('reset', '-q', '--hard');
  });
  afterAll(async () => {
    await clone?.remove();
  });
  const made = (): Clone => {
    if (!clone) throw new Error('the clone is made by a hook: use it inside a hook or a test');
    return clone;
  };
  return {
    get dir() {
      return made().dir;
    },
    git: (...args: string[]) => made().git(...args),
    change: (file: string, search: string | RegExp, replacement: string) => edit(made().dir, file, search, replacement),
    command: (name: string, args: string[] = []) => runCommand(name, args, { root: made().dir }),
  };
}
