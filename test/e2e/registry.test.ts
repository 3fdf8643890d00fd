// The package through a real npm registry, as a consumer gets it: Verdaccio (pinned) on 127.0.0.1
// with no uplink, the package published to it with `npm publish` (its one runtime dependency and
// that one's dependency too, from this checkout's node_modules, so nothing comes from elsewhere),
// then installed by name and version into a fresh consumer project, whose program calls the client
// against a recording server and reads openapi.json through the package's exports. Then every
// install line and file of docs/mcp.md's "Install it": each parses and names the package, its bin
// and the variables the server reads; each server it starts (`npx` from this registry) lists its
// tools and calls the base URL it names, over stdio and over Streamable HTTP.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { McpToolTable } from '../../scripts/mcp/mcp-server.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../support/helpers.ts';
import { freeLoopbackPort, jsonReply, startTestServer, type TestServer } from '../support/http-server.ts';
import { run } from '../support/run-command.ts';
import { makeScratchFolder } from '../support/scratch-folder.ts';

const verdaccioBin = path.join(path.dirname(createRequire(import.meta.url).resolve('verdaccio/package.json')), 'bin', 'verdaccio');
const pkg = JSON.parse(await fs.readFile(path.join(root, 'package.json'), 'utf8')) as { name: string; version: string; bin: Record<string, string> };

let scratch: string;
let registry: string;
let verdaccio: ChildProcess;
let npmrc: string;
let server: TestServer;

/** `npm` with the scratch registry, its token and its own cache: nothing of the user's npm setup (nor its check for a newer npm). */
const npm = (args: string[], cwd: string) =>
  run(
    'npm',
    [...args, '--registry', registry, '--userconfig', npmrc, '--cache', path.join(scratch, 'npm-cache'), '--no-audit', '--no-fund', '--no-update-notifier'],
    cwd,
    {
      npm_config_registry: registry,
    },
  );

beforeAll(async () => {
  scratch = await makeScratchFolder('registry');
  const port = await freeLoopbackPort();
  registry = `http://127.0.0.1:${port}/`;
  const config = [
    `storage: ${path.join(scratch, 'storage')}`,
    'auth:',
    '  htpasswd:',
    `    file: ${path.join(scratch, 'htpasswd')}`,
    'uplinks: {}',
    'packages:',
    "  '**':",
    '    access: $all',
    '    publish: $authenticated',
    'log: { type: stdout, format: pretty, level: warn }',
    '',
  ].join('\n');
  await fs.writeFile(path.join(scratch, 'config.yaml'), config);
  verdaccio = spawn(process.execPath, [verdaccioBin, '--config', path.join(scratch, 'config.yaml'), '--listen', `127.0.0.1:${port}`], {
    stdio: 'ignore',
  });
  // Up when it answers; then a user, whose token npm publishes with.
  for (let i = 0; ; i += 1) {
    const up = await fetch(`${registry}-/ping`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 100) throw new Error('Verdaccio did not start within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const user = await fetch(`${registry}-/user/org.couchdb.user:tester`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'tester', password: 'tester-password' }),
  });
  const { token } = (await user.json()) as { token: string };
  npmrc = path.join(scratch, 'npmrc');
  await fs.writeFile(npmrc, `//127.0.0.1:${port}/:_authToken=${token}\n`);
  server = await startTestServer();
}, 60_000);

afterAll(async () => {
  verdaccio?.kill();
  await server?.close();
  if (scratch) await fs.rm(scratch, { recursive: true, force: true });
});

describe('the package through a real registry', () => {
  it('publishes, installs by name and version into a fresh project, calls the client and reads openapi.json', async () => {
    const started = performance.now();
    // The three at once: the registry takes each on its own.
    const [published, ...dependencies] = await Promise.all([
      // No provenance here: that needs the CI's identity (the release job has it).
      npm(['publish', '--ignore-scripts', '--provenance=false'], root),
      ...['openapi-typescript-helpers', 'openapi-fetch'].map((dependency) =>
        npm(['publish', '--ignore-scripts', path.join(root, 'node_modules', dependency)], scratch),
      ),
    ]);
    for (const dependency of dependencies) expect(dependency.code, dependency.output).toBe(0);
    expect(published.code, published.output).toBe(0);
    expect(published.output).toContain(`+ ${pkg.name}@${pkg.version}`);

    const consumer = path.join(scratch, 'consumer');
    await fs.mkdir(consumer);
    await fs.writeFile(path.join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    const installed = await npm(['install', '--save-exact', `${pkg.name}@${pkg.version}`], consumer);
    expect(installed.code, installed.output).toBe(0);
    const lock = JSON.parse(await fs.readFile(path.join(consumer, 'package-lock.json'), 'utf8'));
    // Installed from the registry: its tarball's integrity as the registry served it.
    expect(lock.packages[`node_modules/${pkg.name}`]).toMatchObject({ version: pkg.version, integrity: expect.stringMatching(/^sha512-/) });

    server.reply = () => jsonReply(200, { scopes: [] });
    await fs.writeFile(
      path.join(consumer, 'main.js'),
      `import { createRequire } from 'node:module';
import { createEmailDeliveryClient, descriptionVersion, listScopes, packageVersion } from '${pkg.name}';
const description = createRequire(import.meta.url)('${pkg.name}/openapi.json');
const { data, response } = await listScopes(createEmailDeliveryClient({ baseUrl: process.argv[2] }));
console.log(JSON.stringify({ descriptionVersion, packageVersion, info: description.info.version, status: response.status, data }));
`,
    );
    const ran = await run(process.execPath, ['main.js', server.url], consumer);
    expect(ran.code, ran.output).toBe(0);
    expect(JSON.parse(ran.stdout)).toEqual({
      descriptionVersion: pkg.version,
      packageVersion: pkg.version,
      info: pkg.version,
      status: 200,
      data: { scopes: [] },
    });
    expect(server.requests.map((r) => `${r.method} ${r.target}`)).toEqual(['GET /v1/scopes']);
    console.info(`registry round trip (publish, install, call): ${((performance.now() - started) / 1000).toFixed(1)} s`);
  });
});

/** A fenced block of docs/mcp.md's "Install it" section: its language, its text, and the heading it is under. */
interface Block {
  language: string;
  text: string;
  under: string;
}

/** docs/mcp.md's "Install it" section: its blocks, and its table's rows by client. */
async function installSection(): Promise<{ blocks: Block[]; rows: Map<string, string[]> }> {
  const doc = await fs.readFile(path.join(root, 'docs', 'mcp.md'), 'utf8');
  const section = doc.slice(doc.indexOf('\n## Install it\n'), doc.indexOf('\n## Connect a client\n'));
  const blocks: Block[] = [];
  let under = '';
  for (const part of section.split(/(^### .*$|^```\w*\n[\s\S]*?^```$)/m)) {
    if (part.startsWith('### ')) under = part.slice(4);
    else if (part.startsWith('```'))
      blocks.push({
        language: /^```(\w*)/.exec(part)![1],
        text: part
          .replace(/^```\w*\n/, '')
          .replace(/```$/, '')
          .trim(),
        under,
      });
  }
  const rows = new Map(
    [...section.matchAll(/^\| ([^|]+) \| (.+) \| (.+) \|$/gm)].map(([, client, stdio, http]) => [client.trim(), [stdio.trim(), http.trim()]]),
  );
  return { blocks, rows };
}

/** The install line of each client of docs/mcp.md's clients table ("Clients as they are"): the server it starts. */
async function clientsTableServers(): Promise<Map<string, StdioServer>> {
  const doc = await fs.readFile(path.join(root, 'docs', 'mcp.md'), 'utf8');
  const section = doc.slice(doc.indexOf('\n## Clients as they are\n'), doc.indexOf('\nWhat a builder can do about it:'));
  const rows = [...section.matchAll(/^\| (.+) \|$/gm)].map((row) => row[1].split(' | '));
  const column = rows[0].indexOf('Install line');
  expect(column).toBeGreaterThan(0);
  return new Map(
    rows.slice(2).map((cells) => {
      const line = cells[column];
      const command = /"?command"?[:=] ?"([^"]+)"/.exec(line)?.[1] ?? '';
      const args = JSON.parse(/"?args"?[:=] ?(\[[^\]]*\])/.exec(line)?.[1] ?? 'null') as string[];
      return [cells[0], { command, args, env: {} }];
    }),
  );
}

/** The words of a one-line shell command without quotes, as the shell splits it. */
function words(line: string): string[] {
  expect(line, 'a documented line is plain words: no quoting to get wrong').not.toMatch(/["'\\$`|;&<>]/);
  return line.split(/\s+/).filter(Boolean);
}

/** What a client starts over stdio: the command, its arguments and its environment. */
interface StdioServer {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** A stdio server of a `claude mcp add --transport stdio` line: its `--env` pairs, and the command after `--`. */
function fromClaudeLine(line: string): StdioServer {
  const all = words(line);
  const dashes = all.indexOf('--');
  const options = all.slice(0, dashes);
  const env: Record<string, string> = {};
  options.forEach((word, i) => {
    if (word === '--env') {
      const [name, ...value] = options[i + 1].split('=');
      env[name] = value.join('=');
    }
  });
  return { command: all[dashes + 1], args: all.slice(dashes + 2), env };
}

describe('the install lines of docs/mcp.md, against the package published to this registry', () => {
  const released = async () => {
    const changelog = await fs.readFile(path.join(root, 'CHANGELOG.md'), 'utf8');
    return [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\] - /gm)].map((match) => match[1]);
  };
  const bin = Object.keys(pkg.bin)[0];
  const table = JSON.parse(readFileSync(path.join(root, 'generated', 'mcp-tools.json'), 'utf8')) as McpToolTable;
  const readOnlyTools = () => table.tools.filter((tool) => tool.annotations.readOnlyHint).map((tool) => tool.name);
  /** npx as the test runs it: this registry, its own cache, nothing of the user's npm setup. */
  const npxEnvironment = () => ({
    PATH: process.env.PATH ?? '',
    HOME: scratch,
    npm_config_registry: registry,
    npm_config_userconfig: npmrc,
    npm_config_cache: path.join(scratch, 'npm-cache'),
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  });
  /** A documented server, pinned to the version published here (the docs name a released one, maybe older). */
  const pinnedHere = (arg: string) => arg.replace(/^--package=email-delivery-api@\d+\.\d+\.\d+$/, `--package=${pkg.name}@${pkg.version}`);

  it('names the package at a released version and its bin, and the variables the server reads; each file parses', async () => {
    const { blocks, rows } = await installSection();
    const versions = await released();
    const stdio: StdioServer[] = [];
    for (const block of blocks.filter((b) => b.language === 'json')) {
      const config = JSON.parse(block.text) as {
        mcpServers?: Record<string, StdioServer & { url?: string; type?: string }>;
        servers?: Record<string, StdioServer & { url?: string; type?: string }>;
      };
      const servers = Object.values(block.under === 'VS Code' ? config.servers! : config.mcpServers!);
      expect(servers, block.under).toHaveLength(1);
      const [server] = servers;
      if (server.url) expect(server.url, block.under).toBe('http://127.0.0.1:4011/mcp');
      else stdio.push(server);
      if (block.under === 'VS Code') expect(server.type).toBe(server.url ? 'http' : 'stdio');
    }
    const claude = blocks.filter((b) => b.under === 'Claude Code').map((b) => b.text);
    expect(claude).toHaveLength(2);
    stdio.push(fromClaudeLine(claude[0]));
    expect(words(claude[1])).toEqual(['claude', 'mcp', 'add', '--transport', 'http', 'email-delivery', 'http://127.0.0.1:4011/mcp']);
    expect(stdio).toHaveLength(4);
    for (const server of stdio) {
      expect(server.command).toBe('npx');
      expect(server.args.slice(0, 3)).toEqual(['-y', expect.stringMatching(/^--package=email-delivery-api@\d+\.\d+\.\d+$/), bin]);
      expect(versions).toContain(server.args[1].split('@')[1]);
      expect(Object.keys(server.env)).toContain('EMAIL_DELIVERY_BASE_URL');
      // A credential named by --header-env is one of its env's variables.
      const headerEnv = server.args.indexOf('--header-env');
      if (headerEnv >= 0) expect(Object.keys(server.env)).toContain(server.args[headerEnv + 1].split('=')[1]);
    }
    // The clients table's install lines start the same server; the strict client's with --client openai.
    const clients = await clientsTableServers();
    expect(clients.size).toBe(5);
    for (const [client, entry] of clients) {
      expect(entry.command, client).toBe('npx');
      expect(entry.args.slice(0, 3), client).toEqual(stdio[0].args.slice(0, 3));
      expect(entry.args.slice(3), client).toEqual(client.startsWith('OpenAI Agents SDK') ? ['--client', 'openai'] : []);
    }
    // The table's lines are the blocks'.
    expect(rows.get('Claude Code')).toEqual([`\`${claude[0]}\``, `\`${claude[1]}\``]);
    expect([...rows.keys()]).toEqual([
      'Client',
      '---',
      'Claude Code',
      'Cursor',
      'VS Code',
      expect.stringMatching(/^Any client with an `mcpServers` file/),
      'Claude Desktop, one click',
    ]);
  });

  it('starts each stdio server as its client would, over npx from the registry: it lists the read-only tools and calls the base URL its env names', async () => {
    const { blocks } = await installSection();
    const documented: StdioServer[] = [fromClaudeLine(blocks.find((b) => b.under === 'Claude Code')!.text)];
    for (const block of blocks.filter((b) => b.language === 'json')) {
      const config = JSON.parse(block.text) as Record<string, Record<string, StdioServer & { url?: string }>>;
      for (const entry of Object.values(config.mcpServers ?? config.servers)) if (!entry.url) documented.push(entry);
    }
    for (const entry of (await clientsTableServers()).values()) documented.push({ ...entry, env: { EMAIL_DELIVERY_BASE_URL: '' } });
    // The ones that differ in what they start (the same line in several clients starts one server).
    const distinct = [...new Map(documented.map((entry) => [JSON.stringify([entry.command, entry.args, Object.keys(entry.env)]), entry])).values()];
    expect(distinct.length).toBe(3);
    for (const entry of distinct) {
      // The documented variables, the base URL this test's service's, a credential a value to look for.
      const env = Object.fromEntries(
        Object.keys(entry.env).map((name) => [name, name === 'EMAIL_DELIVERY_BASE_URL' ? server.url : `${name.toLowerCase()}-value-1`]),
      );
      const transport = new StdioClientTransport({
        command: entry.command,
        args: entry.args.map(pinnedHere),
        env: { ...npxEnvironment(), ...env },
        // As a client starts it, from a folder of its own (in the checkout, npx would find the project's own package).
        cwd: scratch,
        stderr: 'pipe',
      });
      const client = new Client({ name: 'install-line', version: '1.0.0' });
      await client.connect(transport);
      try {
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).toEqual(readOnlyTools());
        // Under --client openai, an open object is JSON text (or null), as a strict client takes it.
        const pairs = (tools.find((tool) => tool.name === 'getApiKey')!.inputSchema.properties as Record<string, { type: unknown }>).pairs;
        expect(pairs.type).toEqual(entry.args.includes('openai') ? ['string', 'null'] : 'object');
        server.requests.length = 0;
        const called = await client.callTool({ name: 'listScopes', arguments: {} });
        expect(called.isError, JSON.stringify(called)).toBeFalsy();
        expect(server.requests.map((request) => `${request.method} ${request.target}`)).toEqual(['GET /v1/scopes']);
        const headerEnv = entry.args.indexOf('--header-env');
        if (headerEnv >= 0) {
          const [header, variable] = entry.args[headerEnv + 1].split('=');
          expect(server.requests[0].headers[header.toLowerCase()]).toBe(env[variable]);
          expect(JSON.stringify(called)).not.toContain(env[variable]);
        }
      } finally {
        await client.close();
      }
    }
  }, 120_000);

  it('serves Streamable HTTP from the documented line, at the URL each client names', async () => {
    const { blocks } = await installSection();
    const line = blocks.find((b) => b.language === 'sh' && b.under === '')!.text;
    const [assignment, ...command] = words(line);
    expect(assignment).toMatch(/^EMAIL_DELIVERY_BASE_URL=https?:\/\//);
    const urls = blocks.flatMap((b) =>
      b.language === 'json' ? [...b.text.matchAll(/"url": "([^"]+)"/g)].map((m) => m[1]) : (b.text.match(/http:\/\/127\.0\.0\.1:\d+\/mcp/g) ?? []),
    );
    expect(new Set(urls)).toEqual(new Set(['http://127.0.0.1:4011/mcp']));
    expect(command.slice(command.indexOf('--port'), command.indexOf('--port') + 2)).toEqual(['--port', '4011']);
    // On a free port here: 4011 may be taken on a shared machine.
    const port = String(await freeLoopbackPort());
    const args = command
      .slice(1)
      .map(pinnedHere)
      .map((word) => (word === '4011' ? port : word));
    // In a process group of its own: npx runs the server as its child, and both must end.
    const child = spawn(command[0], args, {
      cwd: scratch,
      env: { ...npxEnvironment(), EMAIL_DELIVERY_BASE_URL: server.url },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        let said = '';
        child.stderr!.on('data', (chunk: Buffer) => {
          said += chunk.toString();
          if (said.includes('(Ctrl-C to stop)')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`the server exited ${code}: ${said}`)));
      });
      const client = new Client({ name: 'install-line-http', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(urls[0].replace(':4011/', `:${port}/`))));
      try {
        expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(readOnlyTools());
      } finally {
        await client.close();
      }
    } finally {
      const ended = new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
      process.kill(-child.pid!, 'SIGTERM');
      await ended;
    }
  }, 120_000);
});
