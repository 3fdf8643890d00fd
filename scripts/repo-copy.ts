// A temporary copy of this repository's build inputs and committed outputs, sharing node_modules,
// for work that must not touch the checkout: mutation runs, benchmarks, tests of bad input.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { root } from './project.ts';

const buildInputs = ['openapi', 'scripts', 'generated', 'redocly.yaml', '.spectral.yaml', 'package.json', 'tsconfig.json', 'CHANGELOG.md'];

/** Copies the build inputs and `extra` entries into a new folder under the system's temp folder. */
export async function copyRepository(prefix: string, extra: string[] = []): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  // generated/docs/ is not committed (README, "Rendered docs"): a copy starts without it.
  const notDocs = (source: string) => !source.startsWith(path.join(root, 'generated', 'docs'));
  await Promise.all([...buildInputs, ...extra].map((entry) => fs.cp(path.join(root, entry), path.join(dir, entry), { recursive: true, filter: notDocs })));
  await fs.symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}
