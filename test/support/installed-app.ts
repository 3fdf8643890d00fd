// A separate application that installs a built output folder as a package, offline, as a user
// would (`npm install --install-links <folder>`): the folder's one dependency, openapi-fetch (and
// its own), comes from the checkout's node_modules, as the registry would give it.
import fs from 'node:fs/promises';
import path from 'node:path';
import { root } from './helpers.ts';
import { run, type RunResult } from './run-command.ts';
import { makeScratchFolder } from './scratch-folder.ts';

export interface InstalledApp {
  dir: string;
  installed: RunResult;
  remove: () => Promise<void>;
}

/** A new application folder with `folder` installed in it; `remove` deletes it. */
export async function installIntoApp(folder: string): Promise<InstalledApp> {
  const dir = await makeScratchFolder('overlay-app');
  const linked = (name: string) => `file:${path.join(root, 'node_modules', name)}`;
  const dependencies = { 'openapi-fetch': linked('openapi-fetch'), 'openapi-typescript-helpers': linked('openapi-typescript-helpers') };
  await fs.writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module', dependencies }));
  const installed = await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--install-links', folder], dir);
  return { dir, installed, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}
