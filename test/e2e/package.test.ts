// The package as consumers get it, from `npm pack`: its contents; its types, for a file that calls
// every operation, under TypeScript 5.9, 6 and 7 with moduleResolution NodeNext and Bundler; and
// the built client at run time, calling every operation against a recording server on 127.0.0.1,
// under the machine's own Node (20 on this project's machines) and under the toolchain's Node 24; and
// the MCP Bundle packed beside it (and an overlaid build's), checked by the mcpb CLI, started as its
// manifest says on the machine's Node 20 and listing its tools; a build folder holding a symbolic
// link refused, as npm pack leaves a link out and the bundle would follow it.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { getMcpConfigForManifest, type McpbManifestAny as McpbManifest } from '@anthropic-ai/mcpb';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEveryModule, expectedRequest, expectedResults, successStatusOf } from '../support/every-operation.ts';
import { root } from '../support/helpers.ts';
import { startTestServer, type TestServer } from '../support/http-server.ts';
import { type OperationRow, operations } from '../../scripts/stated/operations.ts';
import { run, type RunResult, systemNode, tsc } from '../support/run-command.ts';
import { fixture } from '../support/fixture.ts';
import type { McpToolTable } from '../../scripts/mcp/mcp-server.ts';
import { makeScratchFolder } from '../support/scratch-folder.ts';

const packageName = 'email-delivery-api';
const { version } = JSON.parse(await fs.readFile(path.join(root, 'package.json'), 'utf8')) as { version: string };
let consumer: string;
let server: TestServer;
let packedFiles: string[];

function callFor(row: OperationRow): string {
  const args = {
    none: '',
    id: ", { id: 'x' }",
    query: ", { query: { any: 'pair' } }",
    'id+optional-body': ", { id: 'x', body: { any: 1 } }",
    'required-body': ', { body: { any: 1 } }',
  }[row.request];
  return `  results.push(await api.${row.operationId}(client${args}));`;
}

const consumerSource = `import * as api from '${packageName}';
import { createEmailDeliveryClient, type Schemas } from '${packageName}';

const client = createEmailDeliveryClient({ baseUrl: 'http://127.0.0.1:4010', headers: { Authorization: 'Bearer x' } });
export async function callAll(): Promise<unknown[]> {
  const results: unknown[] = [];
${operations.map(callFor).join('\n')}
  const key: Schemas['GetApiKeyResponseBody'] | undefined = (await api.getApiKey(client)).data;
  results.push(key);
  return results;
}
`;
const brokenSource = `import { deleteWebhook, createEmailDeliveryClient } from '${packageName}';\nvoid deleteWebhook(createEmailDeliveryClient(), { id: 1 });\n`;

/** What the one pack printed, from a subfolder of the consumer as npm runs it: the tarball's path, then the MCP Bundle's. */
let packed: RunResult;

beforeAll(async () => {
  consumer = await makeScratchFolder('consumer');
  // As the release workflow packs it (.ci/pack-package): the manifest without the toolchain's scripts.
  // From a subfolder, as npm runs it (INIT_CWD), into a folder given relative to it, not normalised.
  const from = path.join(consumer, 'app');
  await fs.mkdir(from);
  // A link planted at each name the pack writes (the folder may be one others can write to): replaced, never written through.
  await fs.mkdir(path.join(consumer, 'packs', 'one'), { recursive: true });
  await fs.writeFile(path.join(consumer, 'victim.txt'), 'untouched');
  for (const name of [`${packageName}-${version}.tgz`, `email-delivery-mcp-${version}.mcpb`])
    await fs.symlink(path.join(consumer, 'victim.txt'), path.join(consumer, 'packs', 'one', name));
  packed = await run('bash', [path.join(root, '.ci', 'pack-package'), '../packs/./one/'], root, { INIT_CWD: from });
  expect(packed.code, packed.output).toBe(0);
  expect(await fs.readFile(path.join(consumer, 'victim.txt'), 'utf8')).toBe('untouched');
  const [tarball] = packed.stdout.trim().split('\n');
  const listed = await run('tar', ['-tzf', tarball], consumer);
  packedFiles = listed.stdout
    .trim()
    .split('\n')
    .map((file) => file.replace(/^package\//, ''))
    .sort();
  const installed = path.join(consumer, 'node_modules', packageName);
  await fs.mkdir(installed, { recursive: true });
  const untar = await run('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1'], consumer);
  expect(untar.code, untar.output).toBe(0);
  // The one runtime dependency, as npm would install it beside the package.
  await fs.symlink(path.join(root, 'node_modules', 'openapi-fetch'), path.join(consumer, 'node_modules', 'openapi-fetch'), 'dir');
  await fs.writeFile(path.join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  await fs.writeFile(path.join(consumer, 'consumer.ts'), consumerSource);
  await fs.writeFile(path.join(consumer, 'broken.ts'), brokenSource);
  await fs.writeFile(path.join(consumer, 'call-every.mjs'), callEveryModule(packageName));
  await fs.writeFile(
    path.join(consumer, 'run.mjs'),
    "import { callEvery } from './call-every.mjs';\nconsole.log(JSON.stringify(await callEvery(process.argv[2])));\n",
  );
  server = await startTestServer();
  server.reply = (request) => ({
    status: successStatusOf(request.method, request.target),
    body: '{"ok":true}',
    headers: { 'content-type': 'application/json' },
  });
});

afterAll(async () => {
  await server?.close();
  if (consumer) await fs.rm(consumer, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('holds only what consumers need', () => {
    expect(packedFiles).toEqual([
      'LICENSE',
      'README.md',
      'generated/dist/client-runtime.d.ts',
      'generated/dist/client-runtime.js',
      'generated/dist/client.d.ts',
      'generated/dist/client.js',
      'generated/dist/mcp.js',
      'generated/dist/schema.d.ts',
      'generated/llms-full.txt',
      'generated/llms.txt',
      'generated/mcp-resources.json',
      'generated/mcp-tools.json',
      'generated/openapi-3.0.json',
      'generated/openapi.dereferenced.json',
      'generated/openapi.json',
      'generated/openapi.yaml',
      'generated/reference/README.md',
      'generated/reference/account-and-access.md',
      'generated/reference/contacts-and-lists.md',
      'generated/reference/email-testing.md',
      'generated/reference/integrations.md',
      'generated/reference/interface-document.md',
      'generated/reference/mail-settings.md',
      'generated/reference/mcp-tools.md',
      'generated/reference/messages-and-batches.md',
      'generated/reference/metrics-reputation-engagement.md',
      'generated/reference/overlay-targets.md',
      'generated/reference/quotas.md',
      'generated/reference/senders-and-branding.md',
      'generated/reference/webhooks.md',
      'package.json',
    ]);
  });

  it('carries no script: no install script for npm to warn about, and none of the toolchain', async () => {
    const manifest = JSON.parse(await fs.readFile(path.join(consumer, 'node_modules', packageName, 'package.json'), 'utf8'));
    expect(manifest.scripts).toBeUndefined();
    expect(manifest.bin).toEqual({ 'email-delivery-mcp': 'generated/dist/mcp.js' });
  });

  it('has openapi-fetch as its only runtime dependency (the MCP server is bundled), and states the Node it runs on', async () => {
    const pkg = JSON.parse(await fs.readFile(path.join(root, 'package.json'), 'utf8'));
    expect(pkg.bin).toEqual({ 'email-delivery-mcp': 'generated/dist/mcp.js' });
    expect(Object.keys(pkg.dependencies)).toEqual(['openapi-fetch']);
    expect(pkg.dependencies['openapi-fetch']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.engines.node).toBe('>=20.19.0');
  });

  it('npm run package refuses an option for a folder, makes nothing, and prints the tarball at a normalised path', async () => {
    const refused = await run('bash', [path.join(root, '.ci', 'pack-package'), '--bogus'], consumer);
    expect(refused.code).toBe(2);
    expect(refused.stderr.split('\n')[0]).toBe('npm run package: unknown option --bogus: give a folder');
    await expect(fs.stat(path.join(consumer, '--bogus'))).rejects.toThrow();
    // The pack every test here reads (beforeAll), run from a subfolder as npm runs it (INIT_CWD): the path printed is absolute and normalised.
    const printed = packed.stdout.trim().split('\n');
    expect(printed.map((file) => path.dirname(file))).toEqual([path.join(consumer, 'packs', 'one'), path.join(consumer, 'packs', 'one')]);
    expect(printed.map((file) => path.basename(file))).toEqual([`${packageName}-${version}.tgz`, `email-delivery-mcp-${version}.mcpb`]);
    for (const file of printed) expect((await fs.lstat(file)).isFile(), file).toBe(true);
    expect(await fs.readdir(path.join(consumer, 'packs', 'one'))).toEqual(printed.map((file) => path.basename(file)).sort());
  });

  it('is MIT-licensed, with the license text in the package', async () => {
    const pkg = JSON.parse(await fs.readFile(path.join(root, 'package.json'), 'utf8'));
    expect(pkg.license).toBe('MIT');
    expect(packedFiles).toContain('LICENSE');
    const text = await fs.readFile(path.join(root, 'LICENSE'), 'utf8');
    expect(text).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} The Email Delivery API description authors\n/);
  });
});

const resolutions = [
  // NodeNext also checks the package's own .d.ts files (not TypeScript's own libs); Bundler skips them, as most apps do.
  ['NodeNext', { module: 'NodeNext', moduleResolution: 'NodeNext', skipLibCheck: false, skipDefaultLibCheck: true }],
  ['Bundler', { module: 'ESNext', moduleResolution: 'Bundler', skipLibCheck: true }],
] as const;

describe.each([
  ['TypeScript 5.9', 'typescript'],
  ['TypeScript 6', 'typescript-6'],
  ['TypeScript 7', 'typescript-7'],
] as const)('types under %s', (_name, pkg) => {
  /** Each resolution's error lines, and what tsc printed. */
  const checked = new Map<string, string[]>();
  let output = '';
  // One tsc process per TypeScript for both resolutions: `tsc -b` checks each config as a program
  // of its own, in order, and --verbose names each before its errors.
  beforeAll(async () => {
    const configs = resolutions.map(([resolution, options]) => {
      const config = `tsconfig.${pkg}.${resolution}.json`;
      const compilerOptions = { ...options, target: 'ES2022', lib: ['ES2022', 'DOM'], strict: true, noEmit: true, types: [] };
      return fs.writeFile(path.join(consumer, config), JSON.stringify({ compilerOptions, files: ['consumer.ts', 'broken.ts'] })).then(() => config);
    });
    const result = await run(process.execPath, [tsc(pkg), '-b', '--verbose', ...(await Promise.all(configs))], consumer);
    output = result.output;
    let current: string[] | undefined;
    for (const line of result.stdout.split('\n')) {
      const building = /Building project '(?:.*\/)?tsconfig\.[\w-]+\.(\w+)\.json'/.exec(line);
      if (building) checked.set(building[1], (current = []));
      else if (/error TS\d+/.test(line)) current?.push(line);
    }
  });

  it.each(resolutions.map(([resolution]) => resolution))(
    'resolve under moduleResolution %s for a file that calls every operation; a wrong argument is an error',
    (resolution) => {
      const errors = checked.get(resolution);
      expect(errors, output).toHaveLength(1);
      expect(errors![0]).toMatch(/^broken\.ts\(2,\d+\): error TS2322: Type 'number' is not assignable to type 'string'/);
    },
  );
});

describe.each([
  ["the machine's own Node", () => systemNode()],
  ["the toolchain's Node", () => ({ file: process.execPath, version: process.version })],
])('the built client at run time, under %s', (_name, node) => {
  it('calls every operation: each request on the wire as the description says, each success status read', async () => {
    const { file, version } = node();
    expect(Number(version.replace(/^v/, '').split('.')[0])).toBeGreaterThanOrEqual(20);
    server.requests.length = 0;
    const result = await run(file, ['run.mjs', server.url], consumer);
    expect(result.code, `${version}: ${result.output}`).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(expectedResults);
    expect(server.requests.map(({ method, target, body }) => ({ method, target, body }))).toEqual(operations.map(expectedRequest));
    console.info(`built client: every operation under Node ${version} (${file})`);
  });
});

/** The mcpb CLI the project pins, run as the bundle's maker does. */
const mcpbCli = path.join(path.dirname(createRequire(import.meta.url).resolve('@anthropic-ai/mcpb')), 'cli', 'cli.js');

/** A bundle unpacked by the mcpb CLI, and its manifest. */
async function unpacked(bundle: string, into: string): Promise<{ dir: string; manifest: McpbManifest }> {
  const dir = path.join(consumer, into);
  const result = await run(process.execPath, [mcpbCli, 'unpack', bundle, dir], consumer);
  expect(result.code, result.output).toBe(0);
  return { dir, manifest: JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8')) as McpbManifest };
}

/**
 * The server as a desktop client starts it from the bundle: the command, arguments and environment
 * that mcpb's own getMcpConfigForManifest (the code Claude's desktop app loads bundles with) makes
 * of the manifest and the user's settings, the `node` it names being the Node the client provides:
 * here the machine's own, 20. Connected with the SDK's stdio client.
 */
async function startedAsTheManifestSays(dir: string, manifest: McpbManifest, userConfig: Record<string, string>) {
  const config = await getMcpConfigForManifest({ manifest, extensionPath: dir, systemDirs: { HOME: consumer }, userConfig, pathSeparator: '/' });
  if (!config) throw new Error('the manifest gave no configuration');
  expect(config.command).toBe('node');
  expect(JSON.stringify(config)).not.toContain('${');
  const node = systemNode();
  const transport = new StdioClientTransport({
    command: node.file,
    args: config.args ?? [],
    env: { PATH: process.env.PATH ?? '', ...config.env },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'desktop-client', version: '1.0.0' });
  await client.connect(transport);
  return { client, config, node };
}

describe('the MCP Bundle packed beside it', () => {
  let bundle: { dir: string; manifest: McpbManifest };
  let table: McpToolTable;
  beforeAll(async () => {
    bundle = await unpacked(packed.stdout.trim().split('\n')[1], 'mcpb');
    table = JSON.parse(await fs.readFile(path.join(root, 'generated', 'mcp-tools.json'), 'utf8')) as McpToolTable;
  });

  it('is accepted by mcpb validate, and its manifest names the server, the tools it serves, its settings and the Node it runs on', async () => {
    const validated = await run(process.execPath, [mcpbCli, 'validate', path.join(bundle.dir, 'manifest.json')], consumer);
    expect(validated.code, validated.output).toBe(0);
    const { manifest } = bundle;
    expect(manifest).toMatchObject({
      manifest_version: '0.3',
      name: 'email-delivery-mcp',
      version,
      server: { type: 'node', entry_point: 'server/dist/mcp.js' },
    });
    expect(manifest.server.mcp_config).toEqual({
      command: 'node',
      args: ['${__dirname}/server/dist/mcp.js'],
      env: { EMAIL_DELIVERY_BASE_URL: '${user_config.email_delivery_base_url}' },
    });
    expect(manifest.tools?.map((tool: { name: string }) => tool.name)).toEqual(
      table.tools.filter((tool) => tool.annotations.readOnlyHint).map((tool) => tool.name),
    );
    // The faithful description declares no credential: the base URL is the one setting, not a secret.
    expect(manifest.user_config).toEqual({
      email_delivery_base_url: expect.objectContaining({ type: 'string', default: table.defaultBaseUrl, required: false }),
    });
    expect(manifest.compatibility?.runtimes?.node).toBe('>=20.19.0');
    expect(await fs.readFile(path.join(bundle.dir, 'server', 'dist', 'mcp.js'))).toEqual(await fs.readFile(path.join(root, 'generated', 'dist', 'mcp.js')));
  });

  it("runs as its manifest says on the machine's Node 20: it lists the tools the manifest names, calls the base URL set, and offers the reference", async () => {
    const { client, config, node } = await startedAsTheManifestSays(bundle.dir, bundle.manifest, { email_delivery_base_url: server.url });
    try {
      expect(node.major).toBe(20);
      expect(config.env).toEqual({ EMAIL_DELIVERY_BASE_URL: server.url });
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(bundle.manifest.tools?.map((tool: { name: string }) => tool.name));
      server.requests.length = 0;
      const called = await client.callTool({ name: 'getReputationScore', arguments: {} });
      expect(called.isError, JSON.stringify(called)).toBeFalsy();
      expect(server.requests.map((request) => `${request.method} ${request.target}`)).toEqual(['GET /v1/reputation/score']);
      const llms = await client.readResource({ uri: 'email-delivery://docs/llms.txt' });
      expect((llms.contents[0] as { text: string }).text).toBe(await fs.readFile(path.join(root, 'generated', 'llms.txt'), 'utf8'));
    } finally {
      await client.close();
    }
    // No setting given: the manifest's default, the description's base URL, and no placeholder left.
    const unset = await getMcpConfigForManifest({ manifest: bundle.manifest, extensionPath: bundle.dir, systemDirs: {}, userConfig: {}, pathSeparator: '/' });
    expect(unset?.env).toEqual({ EMAIL_DELIVERY_BASE_URL: table.defaultBaseUrl });
  });

  it("an overlaid build's folder makes its own: its bin, its tools, its credential as a sensitive setting the server sends", async () => {
    const out = fixture().overlaid.out;
    const made = await run('bash', [path.join(root, '.ci', 'pack-package'), path.join(consumer, 'acme-packs'), '--from', out], root);
    expect(made.code, made.output).toBe(0);
    const overlaidVersion = (JSON.parse(await fs.readFile(path.join(out, 'package.json'), 'utf8')) as { version: string }).version;
    const [tarball, file] = made.stdout.trim().split('\n');
    expect(path.basename(file)).toBe(`acme-email-api-mcp-${overlaidVersion}.mcpb`);
    await fs.stat(tarball);
    const acme = await unpacked(file, 'acme-mcpb');
    const acmeTable = JSON.parse(await fs.readFile(path.join(out, 'mcp-tools.json'), 'utf8')) as McpToolTable;
    expect(acme.manifest.name).toBe('acme-email-api-mcp');
    expect(acme.manifest.tools?.map((tool: { name: string }) => tool.name)).toEqual(
      acmeTable.tools.filter((tool) => tool.annotations.readOnlyHint).map((tool) => tool.name),
    );
    const settings = acme.manifest.user_config ?? {};
    for (const credential of acmeTable.credentials)
      expect(settings[credential.variable.toLowerCase()], credential.variable).toMatchObject({ type: 'string', sensitive: true, default: '', required: false });
    expect(Object.keys(settings)).toHaveLength(acmeTable.credentials.length + 1);
    const key = acmeTable.credentials.find((credential) => !credential.bearer)!;
    const { client } = await startedAsTheManifestSays(acme.dir, acme.manifest, {
      email_delivery_base_url: server.url,
      [key.variable.toLowerCase()]: 'acme-secret-1',
    });
    try {
      server.requests.length = 0;
      const called = await client.callTool({ name: 'listScopes', arguments: {} });
      expect(JSON.stringify(called)).not.toContain('acme-secret-1');
      expect(server.requests.map((request) => request.headers[key.header.toLowerCase()])).toEqual(['acme-secret-1']);
    } finally {
      await client.close();
    }
  });

  it("refuses an overlaid build's folder holding a symbolic link (to a file outside it), naming it, and writes nothing", async () => {
    // npm pack leaves the link out; the bundle followed it and packed the file it points to whole.
    const planted = path.join(consumer, 'planted');
    await fs.cp(fixture().overlaid.out, planted, { recursive: true, verbatimSymlinks: true });
    await fs.writeFile(path.join(consumer, 'secret.txt'), 'outside the folder');
    await fs.rm(path.join(planted, 'llms.txt'));
    await fs.symlink(path.join(consumer, 'secret.txt'), path.join(planted, 'llms.txt'));
    const refused = await run('bash', [path.join(root, '.ci', 'pack-package'), path.join(consumer, 'planted-packs'), '--from', planted], root);
    expect(refused.code, refused.output).toBe(1);
    expect(refused.stderr.trim()).toBe(
      `npm run package: --from ${planted} holds symbolic links, which npm pack leaves out and the MCP Bundle would follow: "llms.txt"; a build writes none: build the folder again, or remove them`,
    );
    await expect(fs.stat(path.join(consumer, 'planted-packs'))).rejects.toThrow(/ENOENT/);
  });
});
