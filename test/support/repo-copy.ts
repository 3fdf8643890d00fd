// A temporary copy of the whole checkout (tooling included, node_modules shared by a link), for the
// end-to-end tests that run the commands as a user does: a command resolves the checkout it lives in.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { root } from './helpers.ts';

const checkoutFiles = ['openapi', 'scripts', 'generated', 'test/support', 'redocly.yaml', '.spectral.yaml', 'package.json', 'tsconfig.json', 'CHANGELOG.md'];

export async function copyCheckout(prefix = 'email-delivery-checkout-'): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const notDocs = (source: string) => !source.startsWith(path.join(root, 'generated', 'docs'));
  await Promise.all(checkoutFiles.map((entry) => fs.cp(path.join(root, entry), path.join(dir, entry), { recursive: true, filter: notDocs })));
  await fs.symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}
