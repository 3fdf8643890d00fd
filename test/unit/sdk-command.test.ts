// `npm run sdk`'s work (scripts/sdk/write-sdk.ts), in this process on a temporary project, with a
// language of the test's own whose writer records what it is given: --out written whole or not at
// all (a writer that fails half-way, missing tools, a folder holding a file of someone else's, an
// overlay refused at its line), the committed folder generated/sdk/<language> written in place and
// refused with overlays, and what the writer receives (the bundle, or the overlaid description and
// its version). The real writers run in the languages tier (test/languages/sdk-packages.test.ts).
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../scripts/openapi-document.ts';
import { pythonSdk } from '../../scripts/languages/python/python-sdk.ts';
import type { SdkContext, SdkLanguage } from '../../scripts/languages/sdk-language.ts';
import { committedSdkFolder, sdkOutProblem, writeSdk } from '../../scripts/sdk/write-sdk.ts';
import { root, temporaryProjectPerTest } from '../support/helpers.ts';

const setup = temporaryProjectPerTest({ outputs: ['openapi.json'] });

interface Written {
  version: string;
  title: string;
  operations: number;
}

/** A language whose writer writes `files`, then fails when `fails` says so; `missing` its tools. */
function language(options: { files?: Record<string, string>; fails?: boolean; missing?: string } = {}): SdkLanguage & { given: Written[] } {
  const given: Written[] = [];
  return {
    name: 'fake',
    label: 'Fake',
    sample: () => '',
    given,
    missing: () => options.missing,
    async write(document: OpenApiDocument, folder: string, context: SdkContext) {
      given.push({ version: context.version, title: String(document.info?.title), operations: Object.keys(document.paths ?? {}).length });
      for (const [file, text] of Object.entries(options.files ?? { 'client.txt': 'made' })) {
        await fs.mkdir(path.dirname(path.join(folder, file)), { recursive: true });
        await fs.writeFile(path.join(folder, file), text);
      }
      if (options.fails) throw new Error('the writer failed half-way');
    },
  };
}

/** writeSdk into `out` of the test's project, its tools' pins and records in the project's folder; what it printed. */
async function write(sdk: SdkLanguage, out: string, overlays: string[] = []) {
  const { dir, project } = setup.temporary;
  await fs.mkdir(path.join(dir, 'test', 'languages', 'python'), { recursive: true });
  for (const file of ['test/languages/pins.env', 'test/languages/python/requirements.lock']) await fs.copyFile(path.join(root, file), path.join(dir, file));
  const lines: string[] = [];
  const log = { progress: (line: string) => lines.push(line), info: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
  const ok = await writeSdk(project, log, {
    language: sdk,
    out,
    overlays,
    shownAs: (file) => path.relative(dir, file),
    env: { ...process.env, EMAIL_DELIVERY_TOOLS: path.join(dir, 'tools') },
  });
  return { ok, lines };
}

const entries = async (folder: string) => (await fs.readdir(folder, { recursive: true })).sort();
const stagingLeft = async (folder: string) => (await fs.readdir(folder)).filter((name) => name.startsWith('.sdk-staging-'));

describe('npm run sdk: --out whole or not at all', () => {
  it('writes a new folder, and replaces it whole on the next run (what this command wrote there is its own)', async () => {
    const out = path.join(setup.temporary.dir, 'sdk-out');
    expect((await write(language({ files: { 'a.txt': '1', 'b/c.txt': '2' } }), out)).ok).toBe(true);
    expect(await entries(out)).toEqual(['a.txt', 'b', 'b/c.txt']);
    const again = await write(language({ files: { 'd.txt': '3' } }), out);
    expect(again.ok, again.lines.join('\n')).toBe(true);
    expect(await entries(out)).toEqual(['d.txt']);
    expect(again.lines.at(-1)).toMatch(/^sdk: wrote the fake SDK to sdk-out\/ in \d+\.\d\d s$/);
    expect(await stagingLeft(setup.temporary.dir)).toEqual([]);
  });

  it.each([
    ['a writer that fails half-way', language({ fails: true }), 'the writer failed half-way'],
    ['missing tools', language({ missing: 'Tool X (x): run `install x`' }), 'sdk: the fake SDK needs Tool X (x): run `install x`'],
  ])('%s: --out as it was, no staging folder left', async (_, sdk, says) => {
    const out = path.join(setup.temporary.dir, 'sdk-out');
    expect((await write(language({ files: { 'kept.txt': 'before' } }), out)).ok).toBe(true);
    const result = await write(sdk, out);
    expect(result.ok).toBe(false);
    expect(result.lines.join('\n')).toContain(says);
    expect(await entries(out)).toEqual(['kept.txt']);
    expect(await fs.readFile(path.join(out, 'kept.txt'), 'utf8')).toBe('before');
    expect(await stagingLeft(setup.temporary.dir)).toEqual([]);
  });

  it('a folder holding a file this command did not write: refused, naming it, unchanged', async () => {
    const out = path.join(setup.temporary.dir, 'mine');
    await fs.mkdir(out);
    await fs.writeFile(path.join(out, 'notes.txt'), 'mine');
    const sdk = language();
    const result = await write(sdk, out);
    expect(result.ok).toBe(false);
    expect(result.lines).toEqual([
      'sdk: --out mine holds notes.txt, which this command did not write; it replaces the whole folder, so choose an empty or new one',
      'sdk: mine/ is unchanged',
    ]);
    expect(sdk.given).toEqual([]);
    expect(await entries(out)).toEqual(['notes.txt']);
  });

  it("what the language's own tools leave in the folder (pip's build/, bytecode) is replaced with the rest; another file still refuses it", async () => {
    const out = path.join(setup.temporary.dir, 'used');
    const sdk = { ...language({ files: { 'src/pkg/a.py': '1' } }), leftovers: pythonSdk.leftovers };
    expect((await write(sdk, out)).ok).toBe(true);
    for (const left of ['build/lib/pkg/a.py', 'src/pkg.egg-info/PKG-INFO', 'src/pkg/__pycache__/a.cpython-311.pyc']) {
      await fs.mkdir(path.dirname(path.join(out, left)), { recursive: true });
      await fs.writeFile(path.join(out, left), 'left by pip or python');
    }
    const again = await write(sdk, out);
    expect(again.ok, again.lines.join('\n')).toBe(true);
    expect(await entries(out)).toEqual(['src', 'src/pkg', 'src/pkg/a.py']);
    await fs.writeFile(path.join(out, 'src', 'notes.txt'), 'mine');
    const refused = await write(sdk, out);
    expect(refused.lines[0]).toBe(
      'sdk: --out used holds src/notes.txt, which this command did not write; it replaces the whole folder, so choose an empty or new one',
    );
  });

  it('an overlay refused at its line: nothing written, the writer never called', async () => {
    const overlay = path.join(setup.temporary.dir, 'typo.yaml');
    await fs.writeFile(
      overlay,
      "overlay: 1.1.0\ninfo:\n  title: Typo\n  version: 1.0.0\nactions:\n  - target: $.paths['/v1/webhook'].get\n    update:\n      summary: x\n",
    );
    const out = path.join(setup.temporary.dir, 'sdk-out');
    const sdk = language();
    const result = await write(sdk, out, [overlay]);
    expect(result.ok).toBe(false);
    expect(result.lines.join('\n')).toMatch(/^sdk: typo\.yaml:6: /m);
    expect(sdk.given).toEqual([]);
    await expect(fs.stat(out)).rejects.toThrow();
  });
});

describe('npm run sdk: what the writer is given', () => {
  it('the bundle and its version; with overlays, the overlaid description and a version that names them', async () => {
    const sdk = language();
    expect((await write(sdk, path.join(setup.temporary.dir, 'plain'))).ok).toBe(true);
    const fields = path.join(root, 'examples', 'overlays', 'fields.yaml');
    const overlaid = await write(sdk, path.join(setup.temporary.dir, 'overlaid'), [fields]);
    expect(overlaid.ok, overlaid.lines.join('\n')).toBe(true);
    expect(overlaid.lines).toContain('sdk: overlays applied strictly and linted');
    const { info } = JSON.parse(await fs.readFile(path.join(setup.temporary.project.outputDir, 'openapi.json'), 'utf8')) as { info: { version: string } };
    expect(sdk.given.map((given) => given.version)).toEqual([
      info.version,
      expect.stringMatching(new RegExp(`^${info.version.replaceAll('.', '\\.')}\\+example-batch-and-status-fields-1-0-0\\.[0-9a-f]{8}$`)),
    ]);
    expect(sdk.given[0].operations).toBe(sdk.given[1].operations);
  });
});

describe('npm run sdk: the committed folder generated/sdk/<language>', () => {
  it('is written in place, whatever it holds (it is the project’s own), and refused with overlays', async () => {
    const { project } = setup.temporary;
    const committed = committedSdkFolder(project, 'fake');
    await fs.mkdir(committed, { recursive: true });
    await fs.writeFile(path.join(committed, 'old.txt'), 'an older SDK');
    expect((await write(language(), committed)).ok).toBe(true);
    expect(await entries(committed)).toEqual(['client.txt']);
    expect(sdkOutProblem(project, committed, 'generated/sdk/fake', 'fake', true)).toBe(
      '--out generated/sdk/fake is the committed SDK of the description itself, which takes no overlay; write the SDK with overlays to a folder outside generated/',
    );
    expect(sdkOutProblem(project, committed, 'generated/sdk/fake', 'fake', false)).toBeUndefined();
    expect(sdkOutProblem(project, path.join(project.outputDir, 'elsewhere'), 'generated/elsewhere', 'fake', false)).toMatch(
      /^--out generated\/elsewhere is inside generated\//,
    );
  });
});
