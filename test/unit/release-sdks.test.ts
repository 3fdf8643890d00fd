// What a release does with the committed SDKs (scripts/release/release-sdks.ts): remakes each at
// the new version with its language's writer, as `npm run sdk` writes it, tags the folder of a
// language whose releases are found by tags, and is blocked, before anything is written, by a
// language whose tools are missing or a tag that exists. The writers here are languages of the
// test's own that record what they are asked for; the real ones are the languages tier's.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openProject } from '../../scripts/project.ts';
import { remakeSdks, sdkBlockers, sdkTags } from '../../scripts/release/release-sdks.ts';
import type { SdkLanguage } from '../../scripts/languages/sdk-language.ts';
import { recordingLog, root } from '../support/helpers.ts';
import { withScratchFolder } from '../support/scratch-folder.ts';

/** A language that writes the version it is given, and has tools or lacks them as `missing` says. */
const language = (name: string, options: { missing?: string; tagsReleases?: boolean } = {}): SdkLanguage => ({
  name,
  label: name,
  sample: () => '',
  tagsReleases: options.tagsReleases,
  missing: () => options.missing,
  async write(document, folder, context) {
    await fs.writeFile(path.join(folder, 'version.txt'), `${context.version} ${document.info?.title}`);
  },
});

/** A project with a bundle, the languages tier's pins and the committed SDK folders `sdks`, in a git repository. */
async function projectWith(dir: string, sdks: string[]) {
  await fs.mkdir(path.join(dir, 'generated'), { recursive: true });
  await fs.cp(path.join(root, 'generated', 'openapi.json'), path.join(dir, 'generated', 'openapi.json'));
  // What scripts/languages/language-tools.ts reads: the pins and the Python lock.
  for (const file of ['pins.env', path.join('python', 'requirements.lock')])
    await fs.cp(path.join(root, 'test', 'languages', file), path.join(dir, 'test', 'languages', file), { recursive: true });
  for (const sdk of sdks) await fs.mkdir(path.join(dir, 'generated', 'sdk', sdk), { recursive: true });
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir });
  return openProject(dir);
}

describe('a release and the committed SDKs', () => {
  it('remakes each committed SDK at the version the description now has, and only those', async () => {
    await withScratchFolder('release-sdks', async (dir) => {
      const project = await projectWith(dir, ['tagged', 'plain']);
      const log = recordingLog();
      await remakeSdks(project, log, process.env, [language('tagged', { tagsReleases: true }), language('plain'), language('absent')]);
      const version = JSON.parse(await fs.readFile(path.join(dir, 'generated', 'openapi.json'), 'utf8')).info.version;
      for (const sdk of ['tagged', 'plain'])
        expect(await fs.readFile(path.join(dir, 'generated', 'sdk', sdk, 'version.txt'), 'utf8')).toBe(`${version} Email Delivery Service API`);
      await expect(fs.stat(path.join(dir, 'generated', 'sdk', 'absent'))).rejects.toThrow();
      expect(sdkTags(project, '9.8.7', [language('tagged', { tagsReleases: true }), language('plain')])).toEqual(['generated/sdk/tagged/v9.8.7']);
    });
  });

  it("is blocked by a language's missing tools and by a tag that exists, naming each", async () => {
    await withScratchFolder('release-sdks', async (dir) => {
      const project = await projectWith(dir, ['tagged', 'plain']);
      execFileSync('git', ['-c', 'user.email=ci@example.invalid', '-c', 'user.name=ci', 'commit', '-q', '--allow-empty', '-m', 'x'], { cwd: dir });
      execFileSync('git', ['tag', 'generated/sdk/tagged/v9.8.7'], { cwd: dir });
      const languages = [
        language('tagged', { tagsReleases: true }),
        language('plain', { missing: 'Plain 3 (plain3)' }),
        language('absent', { missing: 'never asked' }),
      ];
      expect(await sdkBlockers(project, '9.8.7', process.env, languages)).toEqual([
        "generated/sdk/plain is remade at the release with the plain SDK's tools, and needs Plain 3 (plain3)",
        'tag generated/sdk/tagged/v9.8.7 already exists',
      ]);
      expect(await sdkBlockers(project, '9.8.8', process.env, languages.slice(0, 1))).toEqual([]);
    });
  });
});
