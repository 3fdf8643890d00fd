// The overlaid package, end to end: the fixture's one build with every overlay the e2e tier needs
// (test/support/fixture.ts' fixtureOverlays: an API key and a bearer token, paging with a typed
// page, an idempotency header, typed fields, a query array and a cookie), named @acme/email-api
// and installed offline into one application. What the build printed and wrote (the artifact set of
// generated/, bundles that validate, a package.json, a Markdown reference and docs that show each
// fact, a LICENSE); one tsc program that uses every typed fact and refuses what must not compile,
// beside the plain package's own types, which refuse the same program; one program of the
// application that calls a recording server on 127.0.0.1; the docs in the run's Chromium. Then what
// is about building: a rebuild into a folder an application links, with an edited overlay; bad
// input; a forged list of what the build wrote; the user's typed paths in a failure, each the build
// command's run in this process. (Which folders it may build into is a unit test:
// test/unit/overlay.test.ts.)
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordOutputFolder } from '../../scripts/overlay/output-folder.ts';
import { installHint, mustRunBrowserTests } from '../../scripts/dev/chromium.ts';
import { fixture, fixtureOverlays, fixturePackageName as packageName, sharedChromium } from '../support/fixture.ts';
import { fingerprint, root } from '../support/helpers.ts';
import { jsonReply, startTestServer } from '../support/http-server.ts';
import { run, runCommand, type RunResult, tsc } from '../support/run-command.ts';
import { scratchFolderPerFile } from '../support/scratch-folder.ts';

if (!mustRunBrowserTests) console.warn(`overlaid-package.test.ts: the docs test is skipped: ${installHint}`);

const { out, log, app } = fixture().overlaid;
/** The titles of the fixture's overlays, in order, as the build names them. */
const titles = [
  'Example credentials header 1.0.0',
  'Example bearer token 1.0.0',
  'Example paging of webhooks 1.0.0',
  'Example idempotency key 1.0.0',
  'Example batch and status fields 1.0.0',
  'Test parameters 1.0.0',
];
const overlayArgs = fixtureOverlays.flatMap((file) => ['--overlay', file]);
const descriptionVersion = async () => JSON.parse(await fs.readFile(path.join(root, 'generated', 'openapi.json'), 'utf8')).info.version as string;

const scratch = scratchFolderPerFile('overlaid-package');
// A folder with no node_modules above it, for the linked install: what the linked package imports must come from the package itself.
const plain = scratchFolderPerFile('plain-install');

/** Where the programs are: their node_modules is the fixture application's (the fixture is read-only). */
let programs: string;
/** The folder the linked application installs, and the application. */
let linked: string;
let linkedApp: string;
/** The one tsc run over every program. */
let typeCheck: RunResult;

/**
 * Uses the credential (the API key), the typed fields and the typed status field. Its twin,
 * without.ts, imports the plain package (generated/dist): there tsc must fail.
 */
const fieldsProgram = (from: string) => `import { createEmailDeliveryClient, getMessageStatus, type Schemas } from '${from}';
const client = createEmailDeliveryClient({ credentials: { ExampleApiKey: 'key' } });
export const body: Schemas['SendBatchRequestBody'] = { subject: 'Hello', sendAt: '2026-11-22T10:00:00Z' };
// @ts-expect-error the subject is a string
export const wrong: Schemas['SendBatchRequestBody'] = { subject: 42 };
const { data } = await getMessageStatus(client);
export const state: 'queued' | 'delivered' | 'bounced' | undefined = data?.state;
`;

/**
 * The application's program, type-checked and then run as it is (Node strips the types): each
 * credential, the cursor and its typed page, the idempotency key, the required field, the tags
 * array and the cookie. What must not compile is in a function it never calls.
 */
const appProgram = `import { createEmailDeliveryClient, listScopes, listWebhooks, packageVersion, sendBatch } from '${packageName}';
const baseUrl = process.argv[2];
const bearer = createEmailDeliveryClient({ baseUrl, credentials: { ExampleBearer: 'token-1' } });
const page = await listWebhooks(bearer, { query: { cursor: 'page 2' } });
const next: string | undefined = page.data?.nextCursor;
const sent = await sendBatch(bearer, { id: 'b1', header: { 'Idempotency-Key': 'key-1' }, body: { subject: 'Hello' } });
const keyed = createEmailDeliveryClient({ baseUrl, credentials: { ExampleApiKey: 'key-123' } });
await sendBatch(keyed, { id: 'b2', header: { 'Idempotency-Key': 'key-2' }, body: { subject: 'Hi' } });
await listWebhooks(keyed, { query: { cursor: 'page 2/é', tags: ['red', 'a,b'] }, cookie: { session: 's 1;x' } });
await keyed.GET('/v1/webhooks', { params: { query: { tags: ['x', 'y'] } } });
// A header the call sets itself wins over the credential.
await listScopes(keyed, { headers: { 'X-Example-Api-Key': 'other' } });
console.log(page.response.status, sent.response.status, next, packageVersion);

/** What compiles but is not called: the body is optional. */
export async function accepted(): Promise<void> {
  await listWebhooks(keyed, { query: { cursor: 'c', tags: ['a'] }, cookie: { session: 's' } });
  await sendBatch(keyed, { id: 'b', header: { 'Idempotency-Key': 'k' } });
}

/** What must not compile (each @ts-expect-error must be used). */
export async function refused(): Promise<void> {
  // @ts-expect-error the idempotency key is required
  await sendBatch(bearer, { id: 'b1', body: { subject: 'Hello' } });
  // @ts-expect-error the Idempotency-Key header is required
  await sendBatch(keyed, { id: 'b' });
  // @ts-expect-error the cursor is a string
  await listWebhooks(bearer, { query: { cursor: 2 } });
  // @ts-expect-error tags is an array of strings
  await listWebhooks(keyed, { query: { tags: 'a' } });
  // @ts-expect-error the subject is required once the body is given
  await sendBatch(keyed, { id: 'b1', header: { 'Idempotency-Key': 'k' }, body: { sendAt: '2026-11-22T10:00:00Z' } });
}
declare const process: { argv: string[] };
`;

/** The reference's TypeScript sample of the operation whose call is `call`, as a reader copies it. */
async function sampleOf(page: string, call: string): Promise<string> {
  const text = await fs.readFile(path.join(out, 'reference', page), 'utf8');
  return text
    .split('```ts\n')
    .find((block) => block.includes(`  ${call},`))!
    .split('```')[0];
}

/** Where the build records its output folders (recordOutputFolder): the scratch folder, not the user's tools cache. */
const tools = () => path.join(scratch.dir, 'tools');
/** `npm run build -- <args>` in this process, from `cwd`, its records in the scratch folder. */
const build = (args: string[], cwd?: string) => runCommand('build', args, { cwd, env: { EMAIL_DELIVERY_TOOLS: tools() } });

beforeAll(async () => {
  programs = path.join(scratch.dir, 'programs');
  await fs.mkdir(programs);
  await Promise.all([
    fs.symlink(path.join(app, 'node_modules'), path.join(programs, 'node_modules'), 'dir'),
    fs.symlink(path.join(root, 'generated'), path.join(programs, 'generated'), 'dir'),
    fs.writeFile(path.join(programs, 'package.json'), '{ "type": "module" }\n'),
    fs.writeFile(path.join(programs, 'with.ts'), fieldsProgram(packageName)),
    fs.writeFile(path.join(programs, 'without.ts'), fieldsProgram('./generated/dist/client.js')),
    fs.writeFile(path.join(programs, 'app.ts'), appProgram),
    sampleOf('messages-and-batches.md', 'sendBatch').then((sample) => fs.writeFile(path.join(programs, 'send-sample.ts'), sample)),
    sampleOf('webhooks.md', 'listWebhooks').then((sample) => fs.writeFile(path.join(programs, 'list-sample.ts'), sample)),
  ]);
  // The folder a user built and installed with a plain `npm install <folder>` (a link): a copy of
  // the fixture's, which the build's own record (recordOutputFolder, as the build leaves it) says it wrote.
  linked = path.join(plain.dir, 'acme');
  linkedApp = path.join(plain.dir, 'app');
  await fs.cp(out, linked, { recursive: true, verbatimSymlinks: true });
  recordOutputFolder(linked, 'overlay-builds', tools());
  await fs.mkdir(linkedApp);
  await fs.writeFile(path.join(linkedApp, 'package.json'), JSON.stringify({ name: 'plain-app', private: true, type: 'module' }));
  const installed = await run('npm', ['install', '--offline', '--no-audit', '--no-fund', linked], linkedApp);
  if (installed.code !== 0) throw new Error(`npm install ${linked}:\n${installed.output}`);
  await fs.writeFile(
    path.join(linkedApp, 'app.ts'),
    `import { createEmailDeliveryClient, sendBatch } from '${packageName}';\nvoid sendBatch(createEmailDeliveryClient(), { id: 'b1', header: { 'Idempotency-Key': 'k' }, body: { subject: 'Hi' } });\n`,
  );
  // One tsc program: the package's programs, the reference's samples, the linked application's file, and the plain package's twin.
  const files = ['with.ts', 'app.ts', 'send-sample.ts', 'list-sample.ts', path.join(linkedApp, 'app.ts'), 'without.ts'];
  const compilerOptions = { strict: true, module: 'nodenext', target: 'es2022', noEmit: true, skipDefaultLibCheck: true };
  await fs.writeFile(path.join(programs, 'tsconfig.json'), JSON.stringify({ compilerOptions, files }));
  typeCheck = await run(process.execPath, [tsc('typescript'), '-p', 'tsconfig.json'], programs);
});

describe('the overlaid package: the build with every overlay', () => {
  it('printed what the overlays change, and wrote the artifact set of generated/ there', async () => {
    expect(log).toContain(`build: openapi/ + ${fixtureOverlays.length} overlays -> ${path.relative(root, out)}/\n`);
    expect(log).toContain('  change: sendBatch: request field `subject` at $.subject: a caller must now send it (string) (can break a caller)\n');
    expect(log).toContain('  change: add security scheme ExampleApiKey: the header X-Example-Api-Key\n');
    expect(log).toContain('  change: add security scheme ExampleBearer: HTTP bearer: `Authorization: Bearer <token>`\n');
    expect(log).not.toContain('info-contact');
    const generated = await fs.readdir(path.join(root, 'generated'), { recursive: true, withFileTypes: true });
    const committed = generated
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(path.join(root, 'generated'), path.join(entry.parentPath, entry.name)))
      // generated/sdk/ is npm run sdk's, which the build carries over and a build with overlays does not write.
      .filter((file) => !file.startsWith('docs/') && !file.startsWith('sdk/'));
    const all = Object.keys(await fingerprint(out));
    // Its runtime dependency beside it, so that a linked folder resolves it (README: install).
    expect(all).toContain('node_modules/openapi-fetch/package.json');
    const written = all.filter((file) => !file.startsWith('node_modules/'));
    // The docs as the description's own build renders them (generated/docs/ is not committed): the fixture's docs of the checkout.
    const docs = Object.keys(await fingerprint(path.join(fixture().docs, 'docs'))).map((file) => `docs/${file}`);
    expect(docs).toEqual(expect.arrayContaining(['docs/index.html', 'docs/interface-document.html']));
    expect(written.sort()).toEqual([...committed, ...docs, 'overlay-changes.md', '.overlay-build.json', 'package.json', 'README.md', 'LICENSE'].sort());
    const changes = await fs.readFile(path.join(out, 'overlay-changes.md'), 'utf8');
    fixtureOverlays.forEach((file, i) => expect(changes).toContain(`${i + 1}. ${titles[i]} (\`${path.basename(file)}\`)`));
  });

  it('wrote bundles that the OpenAPI 3.1 and 3.0 schemas validate', async () => {
    // One validator for the three: it compiles each OpenAPI version's schema once.
    const validator = new Validator();
    for (const variant of ['openapi.json', 'openapi-3.0.json', 'openapi.dereferenced.json']) {
      const result = await validator.validate(JSON.parse(await fs.readFile(path.join(out, variant), 'utf8')));
      expect(result.errors, variant).toBeUndefined();
    }
  });

  it('has a package.json: the name given, a version naming the description and the overlays, the exports of the published package', async () => {
    const own = JSON.parse(await fs.readFile(path.join(root, 'package.json'), 'utf8'));
    const manifest = JSON.parse(await fs.readFile(path.join(out, 'package.json'), 'utf8'));
    expect(manifest.name).toBe(packageName);
    const slugs = titles.map((title) => title.toLowerCase().replaceAll(/[ .]/g, '-')).join('\\.');
    expect(manifest.version).toMatch(new RegExp(`^${(await descriptionVersion()).replaceAll('.', '\\.')}\\+${slugs}\\.[0-9a-f]{8}$`));
    expect(JSON.stringify(manifest.exports)).toBe(JSON.stringify(own.exports).replaceAll('./generated/', './'));
    expect(manifest.dependencies).toEqual(own.dependencies);
    // Its MCP command is its own: the description's package's and this one installed side by side do not collide.
    expect(manifest.bin).toEqual({ [`${packageName.replace(/^@/, '').replace('/', '-')}-mcp`]: 'dist/mcp.js' });
    expect(manifest.overlays.map((overlay: { file: string }) => overlay.file)).toEqual(fixtureOverlays.map((file) => path.basename(file)));
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
    const named = `the description ${await descriptionVersion()} with the overlays ${titles.join(', ')}`;
    for (const file of ['client.ts', 'schema.ts', 'client-runtime.ts']) {
      const head = (await fs.readFile(path.join(out, file), 'utf8')).split('\n').slice(0, 2).join('\n');
      expect(head, file).toContain(named);
      expect(head, file).not.toContain('change openapi/');
    }
  });

  it('installed offline into the application, its license with it', async () => {
    // What its package.json names ships with it: the license among them.
    const installed = path.join(app, 'node_modules', packageName);
    const manifest = JSON.parse(await fs.readFile(path.join(installed, 'package.json'), 'utf8'));
    expect(manifest.version).toBe(JSON.parse(await fs.readFile(path.join(out, 'package.json'), 'utf8')).version);
    expect(manifest.license).toBe('MIT');
    expect(await fs.readFile(path.join(installed, 'LICENSE'), 'utf8')).toContain('MIT License');
  });

  it('the Markdown reference shows each scheme, field and parameter, its samples use them, and no sentence says they are open', async () => {
    const index = await fs.readFile(path.join(out, 'reference', 'README.md'), 'utf8');
    expect(index).toContain(
      `**Built with overlays.** This is the description ${await descriptionVersion()} with these overlays applied, in order: ${titles.join('; ')}.`,
    );
    expect(index).toContain('- `ExampleApiKey` (API key in the header `X-Example-Api-Key`)');
    expect(index).toContain('- `ExampleBearer` (HTTP bearer)');
    const messages = await fs.readFile(path.join(out, 'reference', 'messages-and-batches.md'), 'utf8');
    expect(messages).toContain("  - Field `subject` (string, required): The subject line of the batch's messages.");
    expect(messages).toContain('- Parameter `Idempotency-Key` (header, string, required): A key of your choice, the same on every retry of one send.');
    expect(messages).toContain("    header: {\n      'Idempotency-Key': 'text',\n    },\n");
    expect(messages).toContain("  -H 'Idempotency-Key: text' \\\n");
    const webhooks = await fs.readFile(path.join(out, 'reference', 'webhooks.md'), 'utf8');
    expect(webhooks).toContain('- Parameter `cursor` (query, string, optional): The `nextCursor` of the previous page; leave it out for the first page.');
    expect(webhooks).toContain('- Parameter `tags` (query, array of string, optional, style form, not exploded): Only webhooks with these tags.');
    expect(webhooks).toContain('- Parameter `session` (cookie, string, optional): A session.');
    expect(webhooks).toContain('  - Field `nextCursor` (string, optional): The cursor of the next page; absent on the last page.');
    expect(webhooks).toContain("    query: {\n      cursor: 'text',\n      tags: ['text'],\n    },\n    cookie: {\n      session: 'text',\n    },\n");
    expect(webhooks).toContain(`  "$BASE_URL/v1/webhooks?cursor=text&tags=text" \\\n`);
    expect(webhooks).toContain("  -b 'session=text'\n");
    // The samples name both credentials and the package.
    const sample = await sampleOf('messages-and-batches.md', 'sendBatch');
    expect(sample).toContain("    ExampleApiKey: 'your credential',\n    ExampleBearer: 'your credential',\n");
    expect(sample).toContain("    body: { subject: 'text' },\n");
    expect(sample).toContain(`} from '${packageName}';`);
    for (const text of [webhooks, messages])
      expect(text).not.toMatch(
        /authori[sz]ation (?:is|are) not specified|required authorization|query parameters of list operations are (?:not specified|left open)/i,
      );
    // llms.txt names the package's own MCP command.
    expect(await fs.readFile(path.join(out, 'llms.txt'), 'utf8')).toContain("served by the package's `acme-email-api-mcp` command");
  });

  it('tsc (one program) passes every typed call with the overlays and refuses what must not compile; the plain package refuses the same program', () => {
    const errors = typeCheck.stdout.split('\n').filter((line) => line.includes('error TS'));
    expect(
      errors.filter((line) => !line.startsWith('without.ts(')),
      typeCheck.output,
    ).toEqual([]);
    const without = errors.join('\n');
    expect(without).toContain("'credentials' does not exist in type 'EmailDeliveryClientOptions'");
    expect(without).toContain("Unused '@ts-expect-error' directive");
    expect(without).toMatch(/without\.ts\(7,\d+\): error TS2322: Type 'unknown' is not assignable/);
  });

  it('the application calls a recording server: the wire shows each credential, the cursor, the tags, the cookie, the idempotency key and the field', async () => {
    const server = await startTestServer();
    server.reply = () => jsonReply(200, { items: [], nextCursor: 'c3' });
    try {
      const version = JSON.parse(await fs.readFile(path.join(out, 'package.json'), 'utf8')).version;
      // The very program tsc checked: Node strips its types.
      const called = await run(process.execPath, ['app.ts', server.url], programs);
      expect(called.stdout, called.output).toBe(`200 200 c3 ${version}\n`);
      const [list, send, keyedSend, tagged, byPath, scopes] = server.requests;
      expect(list.target).toBe('/v1/webhooks?cursor=page%202');
      expect(list.headers.authorization).toBe('Bearer token-1');
      expect([send.method, send.target, send.headers.authorization, send.headers['idempotency-key']]).toEqual([
        'POST',
        '/v1/batches/b1/send',
        'Bearer token-1',
        'key-1',
      ]);
      expect(JSON.parse(send.body)).toEqual({ subject: 'Hello' });
      expect([keyedSend.target, keyedSend.headers['x-example-api-key'], keyedSend.headers.authorization]).toEqual([
        '/v1/batches/b2/send',
        'key-123',
        undefined,
      ]);
      expect(JSON.parse(keyedSend.body)).toEqual({ subject: 'Hi' });
      expect(tagged.target).toBe('/v1/webhooks?cursor=page%202%2F%C3%A9&tags=red,a%2Cb');
      expect(tagged.headers.cookie).toBe('session=s%201%3Bx');
      expect(byPath.target).toBe('/v1/webhooks?tags=x,y');
      expect([scopes.target, scopes.headers['x-example-api-key']]).toEqual(['/v1/scopes', 'other']);
      expect(server.requests).toHaveLength(6);
    } finally {
      await server.close();
    }
  });

  describe.runIf(mustRunBrowserTests)('the docs in Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await sharedChromium();
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('show the overlays, each scheme, the fields and each parameter under its location', async () => {
      const page = await browser.newPage();
      try {
        await page.goto(pathToFileURL(path.join(out, 'docs', 'index.html')).href);
        await page.getByText('Built with overlays.').first().waitFor();
        const overview = await page.locator('body').innerText();
        expect(overview).toContain(titles.join('; '));
        expect(overview).toMatch(/Authentication\s+Left open\s+Added by the overlays: credentials \(every operation\)/);
        await page.getByText('Messages and batches', { exact: true }).first().click();
        await page.getByText('Send a batch', { exact: true }).first().click();
        await page.waitForURL(/sendbatch$/);
        const send = page.locator('[data-section-id*="sendbatch"]').first();
        await expect.poll(() => send.innerText(), { timeout: 10_000 }).toContain('sendAt');
        const sendText = await send.innerText();
        expect(sendText).toMatch(/Security\s+View security details\s+ExampleApiKey or ExampleBearer\n/);
        expect(sendText).toMatch(/subject\s+string\s+required\s+The subject line of the batch's messages\./);
        expect(sendText).toMatch(/Headers\s+Idempotency-Key\s+string, non-empty\s+required\s+A key of your choice, the same on every retry of one send\./);
        // Nothing there says the credentials or the request's fields are open; what the overlays add is said.
        expect(sendText).not.toMatch(/authorization are not specified|whose fields|any JSON object is accepted/);
        expect(sendText).toContain('From the overlays:');
        await page.getByText('Webhooks', { exact: true }).first().click();
        await page.getByText('List webhooks', { exact: true }).first().click();
        const list = page.locator('[data-section-id*="listwebhooks"]').first();
        await expect.poll(() => list.innerText(), { timeout: 10_000 }).toContain('cursor');
        const listText = await list.innerText();
        // Redoc shows each location's parameters under its own heading (it does not show style or explode).
        expect(listText).toMatch(/Query\s+cursor\s+string\s+The nextCursor of the previous page; leave it out for the first page\./);
        expect(listText).toMatch(/tags\s+Array of strings\s+Only webhooks with these tags\./);
        expect(listText).toMatch(/Cookies\s+session\s+string\s+A session\./);
      } finally {
        await page.close();
      }
    });
  });
});

describe('building again', () => {
  it('a rebuild with an edited overlay, into the folder an application installed with a plain `npm install <folder>` (a link), reaches it under a new version; generated/ stays as it was', async () => {
    const generatedBefore = await fingerprint(path.join(root, 'generated'));
    await fs.writeFile(path.join(linkedApp, 'version.mjs'), `import { packageVersion } from '${packageName}';\nconsole.log(packageVersion);\n`);
    const before = await run(process.execPath, ['version.mjs'], linkedApp);
    expect(before.stdout, before.output).toBe(`${JSON.parse(await fs.readFile(path.join(out, 'package.json'), 'utf8')).version}\n`);
    // The same overlay version with another fact, rebuilt into the same folder (typed as an absolute path).
    const edited = path.join(plain.dir, 'fields-edited.yaml');
    await fs.writeFile(
      edited,
      (await fs.readFile(path.join(root, 'examples/overlays/fields.yaml'), 'utf8')).replace('The subject line of the batch', 'The subject of the batch'),
    );
    const args = fixtureOverlays.flatMap((file) => ['--overlay', file.endsWith('/fields.yaml') ? edited : file]);
    const rebuilt = await build([...args, '--out', linked, '--name', packageName]);
    expect(rebuilt.code, rebuilt.output).toBe(0);
    expect(rebuilt.stdout).toContain(`build: openapi/ + ${fixtureOverlays.length} overlays -> ${linked}/\n`); // as typed: an absolute path
    expect(rebuilt.stdout).toContain(`build: install it into an application with \`npm install ${linked}\``);
    // And how to make the SDKs of other languages from the same overlays, beside it.
    for (const language of ['python', 'go']) {
      const sdkLine = [
        `npm run sdk -- --lang ${language}`,
        ...args.filter((_, i) => i % 2 === 1).map((file) => `--overlay ${file}`),
        `--out ${linked}-sdk-${language}`,
      ];
      expect(rebuilt.stdout).toContain(`build:   ${sdkLine.join(' ')}\n`);
    }
    const after = await run(process.execPath, ['version.mjs'], linkedApp);
    expect(after.stdout).not.toBe(before.stdout);
    expect(after.stdout).toBe(`${JSON.parse(await fs.readFile(path.join(linked, 'package.json'), 'utf8')).version}\n`);
    expect(await fingerprint(path.join(root, 'generated'))).toEqual(generatedBefore);
  });

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
  ])('bad input %j exits %i with one line, writing nothing', async (args, code, message) => {
    const before = await fingerprint(path.join(root, 'generated'));
    const result = await build(args);
    expect(result.code).toBe(code);
    expect(result.stderr).toContain(message);
    expect(await fingerprint(path.join(root, 'generated'))).toEqual(before);
    await expect(fs.stat(path.join(root, 'x'))).rejects.toThrow();
  });

  it('refuses an output folder with a forged list of what the build wrote, and leaves the files the list names as they were', async () => {
    const folder = path.join(scratch.dir, 'forged');
    await fs.mkdir(folder);
    await fs.writeFile(path.join(folder, 'notes.txt'), 'mine');
    await fs.writeFile(path.join(folder, '.overlay-build.json'), JSON.stringify({ writtenBy: 'npm run build -- --overlay', files: ['notes.txt'] }));
    const result = await build([...overlayArgs, '--out', folder]);
    expect(result.code, result.output).toBe(1);
    expect(result.stderr.trim()).toBe(
      `build: --out ${folder} holds .overlay-build.json, which this command did not write; it replaces the whole folder, so choose an empty or new one\nbuild: ${folder}/ is unchanged`,
    );
    expect(await fs.readFile(path.join(folder, 'notes.txt'), 'utf8')).toBe('mine');
  });

  it('a failing build names the overlay and the output folder as the user typed them, and suggests the name the target meant', async () => {
    const acme = path.join(scratch.dir, 'acme');
    await fs.mkdir(acme, { recursive: true });
    await fs.writeFile(
      path.join(acme, 'typo.yaml'),
      'overlay: 1.1.0\ninfo: {title: Typo, version: "1"}\nactions:\n  - target: $.components.schemas.SendBatchRequst\n    update: {required: [subject]}\n',
    );
    // From the scratch folder's subfolder, as a user in acme/build would type ../typo.yaml.
    const from = path.join(acme, 'build');
    await fs.mkdir(from);
    const result = await build(['--overlay', '../typo.yaml', '--out', '../out-typo'], from);
    expect(result.code, result.output).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      `build: step 'overlays' failed: ../typo.yaml:4: action 1 (target $.components.schemas.SendBatchRequst): the target selects nothing: $.components.schemas has no "SendBatchRequst"; did you mean "SendBatchRequestBody" (target: $.components.schemas.SendBatchRequestBody)?`,
      'build: ../out-typo/ is unchanged',
    ]);
    await expect(fs.stat(path.join(acme, 'out-typo'))).rejects.toThrow();
  });
});
