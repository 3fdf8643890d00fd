// `npm run build -- --overlay ... --out ...` as a user runs it, with the two example overlays:
// the full artifact set in the chosen folder, a client whose types carry the overlaid fields (a
// type test by tsc that fails without the overlays) and that sends the credentials header to a
// real server on 127.0.0.1, docs in a real Chromium and a Markdown reference that show the scheme
// and the fields, bundles that stay valid, and generated/ untouched. (Which folders it may build
// into, its own earlier output among them, is a unit test: test/unit/overlay.test.ts.)
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { installHint, launchChromium, mustRunBrowserTests } from '../../scripts/dev/chromium.ts';
import { fingerprint, root } from '../support/helpers.ts';
import { startTestServer } from '../support/http-server.ts';
import { installIntoApp } from '../support/installed-app.ts';
import { run, type RunResult, tsc } from '../support/run-command.ts';
import { scratchFolderPerFile } from '../support/scratch-folder.ts';

if (!mustRunBrowserTests) console.warn(`overlay-build.test.ts: the docs test is skipped: ${installHint}`);

const overlayArgs = ['--overlay', 'examples/overlays/auth.yaml', '--overlay', 'examples/overlays/fields.yaml'];
const packageName = '@acme/email-api';
/** The build command of the checkout, run from the checkout as `npm run build -- <args>` runs it. */
// What the build records of its output folder goes to the scratch folder, not the user's cache.
const buildCommand = (args: string[]) =>
  run(process.execPath, ['scripts/cli/main.ts', 'build', ...args], root, { INIT_CWD: root, XDG_CACHE_HOME: path.join(scratch.dir, 'cache') });

const scratch = scratchFolderPerFile('overlay-build');
// A folder with no node_modules above it, for the plain install: what the linked package imports must come from the package itself.
const plain = scratchFolderPerFile('plain-install');
/** The folder the build wrote: the plain-install test installs it, then rebuilds into it. */
let built: string;
/** A copy of it, taken before any test runs: what the other tests read. */
let out: string;
let first: RunResult;
let generatedBefore: Record<string, string>;

beforeAll(async () => {
  // The built client imports openapi-fetch: the folder sits where Node and tsc find the checkout's packages.
  await fs.symlink(path.join(root, 'node_modules'), path.join(scratch.dir, 'node_modules'));
  built = path.join(plain.dir, 'acme');
  out = path.join(scratch.dir, 'acme-build');
  generatedBefore = await fingerprint(path.join(root, 'generated'));
  // One build serves the whole file: the plain-install test would build the very same into a folder of its own.
  first = await buildCommand([...overlayArgs, '--out', built, '--name', packageName]);
  if (first.code === 0) {
    await fs.cp(built, out, { recursive: true });
    const [original, copy] = await Promise.all([fingerprint(built), fingerprint(out)]);
    if (JSON.stringify(original) !== JSON.stringify(copy)) throw new Error(`the copy of ${built} differs from it`);
  }
}, 120_000);

describe('the build with the example overlays', () => {
  it('exits 0, printing what the overlays change, and writes the artifact set of generated/ there', async () => {
    expect(first.code, first.output).toBe(0);
    expect(first.stdout).toContain(`build: openapi/ + 2 overlays -> ${built}/\n`); // as typed: an absolute path
    expect(first.stdout).toContain('  change: sendBatch: request field `subject` at $.subject: a caller must now send it (string) (can break a caller)\n');
    expect(first.stdout).toContain('  change: add security scheme ExampleApiKey: the header X-Example-Api-Key\n');
    expect(first.stdout).not.toContain('info-contact');
    const committed = Object.keys(generatedBefore).filter((file) => !file.startsWith('docs/'));
    const all = Object.keys(await fingerprint(out));
    // Its runtime dependency beside it, so that a linked folder resolves it (README: install).
    expect(all).toContain('node_modules/openapi-fetch/package.json');
    const written = all.filter((file) => !file.startsWith('node_modules/'));
    expect(written.sort()).toEqual(
      [
        ...committed,
        'docs/index.html',
        'docs/interface-document.html',
        'overlay-changes.md',
        '.overlay-build.json',
        'package.json',
        'README.md',
        'LICENSE',
      ].sort(),
    );
    expect(await fs.readFile(path.join(out, 'overlay-changes.md'), 'utf8')).toContain('1. Example credentials header 1.0.0 (`auth.yaml`)');
  });

  it('leaves generated/ as it was', async () => {
    expect(await fingerprint(path.join(root, 'generated'))).toEqual(generatedBefore);
  });

  it('writes bundles that the OpenAPI 3.1 and 3.0 schemas validate', async () => {
    // One validator for the three: it compiles each OpenAPI version's schema once (the compile is most
    // of a validation's time: the dereferenced bundle, the second 3.1 one, then takes milliseconds).
    const validator = new Validator();
    for (const variant of ['openapi.json', 'openapi-3.0.json', 'openapi.dereferenced.json']) {
      const result = await validator.validate(JSON.parse(await fs.readFile(path.join(out, variant), 'utf8')));
      expect(result.errors, variant).toBeUndefined();
    }
  });

  it('types the overlaid fields and credentials: tsc passes with the overlays and fails without them', async () => {
    const consumer = (from: string) => `import { createEmailDeliveryClient, getMessageStatus, type Schemas } from '${from}/dist/client.js';
const client = createEmailDeliveryClient({ credentials: { ExampleApiKey: 'key' } });
export const body: Schemas['SendBatchRequestBody'] = { subject: 'Hello', sendAt: '2026-11-22T10:00:00Z' };
// @ts-expect-error the subject is a string
export const wrong: Schemas['SendBatchRequestBody'] = { subject: 42 };
const { data } = await getMessageStatus(client);
export const state: 'queued' | 'delivered' | 'bounced' | undefined = data?.state;
`;
    await fs.symlink(path.join(root, 'generated'), path.join(scratch.dir, 'generated'));
    await fs.writeFile(path.join(scratch.dir, 'package.json'), '{ "type": "module" }\n');
    await fs.writeFile(path.join(scratch.dir, 'with.ts'), consumer('./acme-build'));
    await fs.writeFile(path.join(scratch.dir, 'without.ts'), consumer('./generated'));
    const check = (...files: string[]) =>
      run(process.execPath, [tsc('typescript'), '--noEmit', '--strict', '--module', 'nodenext', '--target', 'es2022', '--skipLibCheck', ...files], scratch.dir);
    // The reference's sample for sendBatch, with the credentials and the required field, compiles too.
    const messages = await fs.readFile(path.join(out, 'reference', 'messages-and-batches.md'), 'utf8');
    const sample = messages
      .split('```ts\n')
      .find((block) => block.includes('  sendBatch,'))!
      .split('```')[0];
    expect(sample).toContain("    ExampleApiKey: 'your credential',\n");
    expect(sample).toContain("    body: { subject: 'text' },\n");
    expect(sample).toContain(`} from '${packageName}';`);
    await fs.writeFile(path.join(scratch.dir, 'sample.ts'), `${sample.replace(`from '${packageName}'`, "from './acme-build/dist/client.js'")}export {};\n`);
    // One tsc run over the three files: errors only in the one without the overlays.
    const checked = await check('with.ts', 'sample.ts', 'without.ts');
    const errors = checked.stdout.split('\n').filter((line) => line.includes('error TS'));
    expect(
      errors.filter((line) => !line.startsWith('without.ts(')),
      checked.output,
    ).toEqual([]);
    const without = errors.join('\n');
    expect(without).toContain("'credentials' does not exist in type 'EmailDeliveryClientOptions'");
    expect(without).toContain("Unused '@ts-expect-error' directive");
    expect(without).toMatch(/without\.ts\(7,\d+\): error TS2322: Type 'unknown' is not assignable/);
  });

  it('the client sends the credentials header and the fields on the wire', async () => {
    const server = await startTestServer();
    try {
      const api = await import(pathToFileURL(path.join(out, 'dist', 'client.js')).href);
      const client = api.createEmailDeliveryClient({ baseUrl: server.url, credentials: { ExampleApiKey: 'key-123' } });
      const { response } = await api.sendBatch(client, { id: 'b1', body: { subject: 'Hello' } });
      expect(response.status).toBe(200);
      const [request] = server.requests;
      expect(request.headers['x-example-api-key']).toBe('key-123');
      expect(JSON.parse(request.body)).toEqual({ subject: 'Hello' });
      // A header the call sets itself wins over the credential.
      await api.listScopes(client, { headers: { 'X-Example-Api-Key': 'other' } });
      expect(server.requests[1].headers['x-example-api-key']).toBe('other');
    } finally {
      await server.close();
    }
  });

  it('the Markdown reference shows the scheme, the fields and the overlays', async () => {
    const description = JSON.parse(await fs.readFile(path.join(root, 'generated', 'openapi.json'), 'utf8'));
    const index = await fs.readFile(path.join(out, 'reference', 'README.md'), 'utf8');
    expect(index).toContain(
      `**Built with overlays.** This is the description ${description.info.version} with these overlays applied, in order: Example credentials header 1.0.0; Example batch and status fields 1.0.0.`,
    );
    expect(index).toContain('- `ExampleApiKey` (API key in the header `X-Example-Api-Key`)');
    const messages = await fs.readFile(path.join(out, 'reference', 'messages-and-batches.md'), 'utf8');
    expect(messages).toContain("  - Field `subject` (string, required): The subject line of the batch's messages.");
    // llms.txt names the package's own MCP command.
    expect(await fs.readFile(path.join(out, 'llms.txt'), 'utf8')).toContain("served by the package's `acme-email-api-mcp` command");
  });

  it.runIf(mustRunBrowserTests)('the docs show the overlays, the scheme and the fields in a real Chromium', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(pathToFileURL(path.join(out, 'docs', 'index.html')).href);
      await page.getByText('Built with overlays.').first().waitFor();
      expect(await page.locator('body').innerText()).toContain('Example credentials header 1.0.0; Example batch and status fields 1.0.0');
      await page.getByText('Messages and batches', { exact: true }).first().click();
      await page.getByText('Send a batch', { exact: true }).first().click();
      await page.waitForURL(/sendbatch$/);
      const section = page.locator('[data-section-id*="sendbatch"]').first();
      await expect.poll(() => section.innerText(), { timeout: 10_000 }).toContain('sendAt');
      const text = await section.innerText();
      expect(text).toMatch(/Security\s+View security details\s+ExampleApiKey/);
      expect(text).toMatch(/subject\s+string\s+required\s+The subject line of the batch's messages\./);
      // Nothing there says the credentials or the request's fields are open; what the overlays add is said.
      expect(text).not.toMatch(/authorization are not specified|whose fields|any JSON object is accepted/);
      expect(text).toContain('From the overlays:');
      const overview = await page.locator('body').innerText();
      expect(overview).toMatch(/Authentication\s+Left open\s+Added by the overlays: credentials \(every operation\)/);
    } finally {
      await browser.close();
    }
  });
});

describe('the output folder as a package', () => {
  const descriptionVersion = async () => JSON.parse(await fs.readFile(path.join(root, 'generated', 'openapi.json'), 'utf8')).info.version as string;

  it('has a package.json: the name given, a version naming the description and the overlays, the exports of the published package', async () => {
    const own = JSON.parse(await fs.readFile(path.join(root, 'package.json'), 'utf8'));
    const manifest = JSON.parse(await fs.readFile(path.join(out, 'package.json'), 'utf8'));
    expect(manifest.name).toBe(packageName);
    expect(manifest.version).toMatch(
      new RegExp(
        `^${(await descriptionVersion()).replaceAll('.', '\\.')}\\+example-credentials-header-1-0-0\\.example-batch-and-status-fields-1-0-0\\.[0-9a-f]{8}$`,
      ),
    );
    expect(JSON.stringify(manifest.exports)).toBe(JSON.stringify(own.exports).replaceAll('./generated/', './'));
    expect(manifest.dependencies).toEqual(own.dependencies);
    // Its MCP command is its own: the description's package's and this one installed side by side do not collide.
    expect(manifest.bin).toEqual({ [`${packageName.replace(/^@/, '').replace('/', '-')}-mcp`]: 'dist/mcp.js' });
    expect(manifest.overlays.map((overlay: { file: string }) => overlay.file)).toEqual(['auth.yaml', 'fields.yaml']);
    for (const file of Object.values<string | { types: string; default: string }>(manifest.exports).flatMap((e) =>
      typeof e === 'string' ? [e] : [e.types, e.default],
    ))
      await expect(fs.stat(path.join(out, file)), file).resolves.toBeTruthy();
    const readme = await fs.readFile(path.join(out, 'README.md'), 'utf8');
    expect(readme).toContain(`# ${packageName}\n`);
    expect(readme).toContain('1. Example credentials header 1.0.0 (`auth.yaml`)');
    expect(readme).toContain('npm install /path/to/this/folder');
  });

  it('names the description version and the overlays in the generated headers', async () => {
    const named = `the description ${await descriptionVersion()} with the overlays Example credentials header 1.0.0, Example batch and status fields 1.0.0`;
    for (const file of ['client.ts', 'schema.ts', 'client-runtime.ts']) {
      const head = (await fs.readFile(path.join(out, file), 'utf8')).split('\n').slice(0, 2).join('\n');
      expect(head, file).toContain(named);
      expect(head, file).not.toContain('change openapi/');
    }
  });

  it('installs with a plain `npm install <folder>` (a link) into an application outside the checkout: it runs, type-checks, and a rebuild with an edited overlay reaches it under a new version', async () => {
    // The folder the file's build wrote (beforeAll), which no other test reads.
    const folder = built;
    const app = path.join(plain.dir, 'app');
    try {
      expect(first.code, first.output).toBe(0);
      expect(first.stdout).toContain(`build: install it into an application with \`npm install ${folder}\``);
      await fs.mkdir(app);
      await fs.writeFile(path.join(app, 'package.json'), JSON.stringify({ name: 'plain-app', private: true, type: 'module' }));
      const installed = await run('npm', ['install', '--offline', '--no-audit', '--no-fund', folder], app);
      expect(installed.code, installed.output).toBe(0);
      await fs.writeFile(path.join(app, 'version.mjs'), `import { packageVersion } from '${packageName}';\nconsole.log(packageVersion);\n`);
      const before = await run(process.execPath, ['version.mjs'], app);
      expect(before.code, before.output).toBe(0);
      await fs.writeFile(
        path.join(app, 'app.ts'),
        `import { createEmailDeliveryClient, sendBatch } from '${packageName}';\nvoid sendBatch(createEmailDeliveryClient(), { id: 'b1', body: { subject: 'Hi' } });\n`,
      );
      const checked = await run(process.execPath, [tsc('typescript'), '--noEmit', '--strict', '--module', 'nodenext', '--target', 'es2022', 'app.ts'], app);
      expect(checked.code, checked.output).toBe(0);
      // The same overlay version with another fact, rebuilt into the same folder.
      const edited = path.join(plain.dir, 'fields-edited.yaml');
      await fs.writeFile(
        edited,
        (await fs.readFile(path.join(root, 'examples/overlays/fields.yaml'), 'utf8')).replace('The subject line of the batch', 'The subject of the batch'),
      );
      const rebuilt = await buildCommand(['--overlay', 'examples/overlays/auth.yaml', '--overlay', edited, '--out', folder, '--name', packageName]);
      expect(rebuilt.code, rebuilt.output).toBe(0);
      const after = await run(process.execPath, ['version.mjs'], app);
      expect(after.stdout).not.toBe(before.stdout);
      expect(after.stdout).toBe(`${JSON.parse(await fs.readFile(path.join(folder, 'package.json'), 'utf8')).version}\n`);
    } finally {
      await fs.rm(app, { recursive: true, force: true });
    }
  });

  it('installs offline into a separate application, which type-checks and calls with the credential and the field', async () => {
    const installedApp = await installIntoApp(out);
    const app = installedApp.dir;
    const server = await startTestServer();
    try {
      expect(installedApp.installed.code, installedApp.installed.output).toBe(0);
      await fs.writeFile(
        path.join(app, 'app.ts'),
        `import { createEmailDeliveryClient, packageVersion, sendBatch } from '${packageName}';
const client = createEmailDeliveryClient({ baseUrl: process.argv[2], credentials: { ExampleApiKey: 'key-123' } });
const { response } = await sendBatch(client, { id: 'b1', body: { subject: 'Hello' } });
// @ts-expect-error the subject is required once the body is given
await sendBatch(client, { id: 'b1', body: { sendAt: '2026-11-22T10:00:00Z' } });
console.log(response.status, packageVersion);
declare const process: { argv: string[] };
`,
      );
      const checked = await run(process.execPath, [tsc('typescript'), '--noEmit', '--strict', '--module', 'nodenext', '--target', 'es2022', 'app.ts'], app);
      expect(checked.code, checked.output).toBe(0);
      await fs.writeFile(
        path.join(app, 'app.mjs'),
        `import { createEmailDeliveryClient, sendBatch } from '${packageName}';\nconst client = createEmailDeliveryClient({ baseUrl: process.argv[2], credentials: { ExampleApiKey: 'key-123' } });\nconst { response } = await sendBatch(client, { id: 'b1', body: { subject: 'Hello' } });\nconsole.log(response.status);\n`,
      );
      const called = await run(process.execPath, ['app.mjs', server.url], app);
      expect(called.stdout, called.output).toBe('200\n');
      const [request] = server.requests;
      expect(request.target).toBe('/v1/batches/b1/send');
      expect(request.headers['x-example-api-key']).toBe('key-123');
      expect(JSON.parse(request.body)).toEqual({ subject: 'Hello' });
    } finally {
      await server.close();
      await installedApp.remove();
    }
  }, 120_000);
});

describe('bad input to the build with overlays', () => {
  it.each([
    [['--overlay', 'examples/overlays/auth.yaml'], 2, 'build: --overlay needs --out <folder>: the build with overlays never writes generated/'],
    [['--out', 'x'], 2, 'build: --out is for a build with --overlay'],
    [['--name', 'acme'], 2, 'build: --name is for a build with --overlay'],
    [[...overlayArgs, '--out', 'x', '--name', 'Bad Name'], 2, 'build: --name "Bad Name" is not an npm package name: use lowercase letters'],
    [
      [...overlayArgs, '--out', 'generated/acme'],
      2,
      "build: --out generated/acme is inside generated/, which only the description's own build writes; choose a folder outside it: see `npm run build -- --help`",
    ],
    [['--overlay', 'examples/overlays/missing.yaml', '--out', 'x'], 1, 'build: overlay examples/overlays/missing.yaml does not exist\n'],
  ])('%j exits %i with one line, writing nothing', async (args, code, message) => {
    const before = await fingerprint(path.join(root, 'generated'));
    const result = await buildCommand(args);
    expect(result.code).toBe(code);
    expect(result.stderr).toContain(message);
    expect(await fingerprint(path.join(root, 'generated'))).toEqual(before);
    await expect(fs.stat(path.join(root, 'x'))).rejects.toThrow();
  });
});

describe('an output folder with a forged list of what the build wrote', () => {
  it('is refused, and the files the list names are left as they were', async () => {
    const folder = path.join(scratch.dir, 'forged');
    await fs.mkdir(folder);
    await fs.writeFile(path.join(folder, 'notes.txt'), 'mine');
    await fs.writeFile(path.join(folder, '.overlay-build.json'), JSON.stringify({ writtenBy: 'npm run build -- --overlay', files: ['notes.txt'] }));
    const result = await buildCommand([...overlayArgs, '--out', folder]);
    expect(result.code, result.output).toBe(1);
    expect(result.stderr.trim()).toBe(
      `build: --out ${folder} holds .overlay-build.json, which this command did not write; it replaces the whole folder, so choose an empty or new one\nbuild: ${folder}/ is unchanged`,
    );
    expect(await fs.readFile(path.join(folder, 'notes.txt'), 'utf8')).toBe('mine');
  });
});

describe('a failing build with overlays, as the user typed its paths', () => {
  it('names the overlay and the output folder as given, and suggests the name the target meant', async () => {
    const acme = path.join(scratch.dir, 'acme');
    await fs.mkdir(acme, { recursive: true });
    await fs.writeFile(
      path.join(acme, 'typo.yaml'),
      'overlay: 1.1.0\ninfo: {title: Typo, version: "1"}\nactions:\n  - target: $.components.schemas.SendBatchRequst\n    update: {required: [subject]}\n',
    );
    // Run from the scratch folder's subfolder, as a user in acme/build would type ../typo.yaml.
    const from = path.join(acme, 'build');
    await fs.mkdir(from);
    const result = await run(process.execPath, [path.join(root, 'scripts/cli/main.ts'), 'build', '--overlay', '../typo.yaml', '--out', '../out-typo'], root, {
      INIT_CWD: from,
      XDG_CACHE_HOME: path.join(scratch.dir, 'cache'),
    });
    expect(result.code, result.output).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toEqual([
      `build: step 'overlays' failed: ../typo.yaml:4: action 1 (target $.components.schemas.SendBatchRequst): the target selects nothing: $.components.schemas has no "SendBatchRequst"; did you mean "SendBatchRequestBody" (target: $.components.schemas.SendBatchRequestBody)?`,
      'build: ../out-typo/ is unchanged',
    ]);
    await expect(fs.stat(path.join(acme, 'out-typo'))).rejects.toThrow();
  }, 120_000);
});
