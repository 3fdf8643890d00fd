// The description `npm run mock` serves: the project's bundle, or with `--overlay`, the bundle with
// the user's overlays applied in memory (scripts/overlay/build-overlaid.ts, as verify does), written
// to a private temporary folder for Prism to read, and removed when the mock stops.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asTyped, type Project } from '../project.ts';

export interface MockDescription {
  file: string;
  /** What the mock serves, for its first line. */
  shown: string;
  remove(): Promise<void>;
}

export async function mockDescription(project: Project, overlays: string[], cwd: string): Promise<MockDescription> {
  const bundle = path.join(project.outputDir, 'openapi.json');
  if (overlays.length === 0) return { file: bundle, shown: 'generated/openapi.json', remove: async () => {} };
  const { overlaidDescription } = await import('../overlay/build-overlaid.ts');
  const base = JSON.parse(await fs.readFile(bundle, 'utf8'));
  const files = overlays.map((file) => path.resolve(cwd, file));
  const { json } = await overlaidDescription(project, { overlays: files, out: '', shownAs: asTyped(cwd, overlays) }, base);
  // mkdtemp makes the folder readable by this user alone.
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'email-delivery-mock-'));
  const file = path.join(folder, 'openapi.json');
  await fs.writeFile(file, json);
  return {
    file,
    shown: `generated/openapi.json with ${overlays.join(', ')}`,
    remove: () => fs.rm(folder, { recursive: true, force: true }),
  };
}
