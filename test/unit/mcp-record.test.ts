// What the build writes about the MCP server, in process: the resources' list (a bad list or a
// file changed since is refused, an overlaid description's resources are its own), the x-mcp
// document as an SDK client sees the server (the e2e tier runs Redocly's introspect-mcp --check on
// the real one), and the tools' page of the reference and the docs.
import { execFileSync } from 'node:child_process';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { resourcesOf } from '../../scripts/mcp/mcp-description.ts';
import { xMcpFile } from '../../scripts/mcp/mcp-record.ts';
import { checkedEntries, readResource, resourceListFile, type ResourceSet, resourcesInFolder } from '../../scripts/mcp/mcp-resources.ts';
import { chooseTools, createToolServer, type McpToolTable, ToolCaller } from '../../scripts/mcp/mcp-server.ts';
import { mcpToolTable } from '../../scripts/mcp/tool-table.ts';
import { mcpToolsHtml, mcpToolsMarkdown } from '../../scripts/pipeline/mcp-tools-page.ts';
import { overlaidDescription } from '../../scripts/overlay/build-overlaid.ts';
import { checkout, type Json, loadBundle, root } from '../support/helpers.ts';
import { withScratchFolder } from '../support/scratch-folder.ts';

let bundle: Json;
let table: McpToolTable;
beforeAll(async () => {
  bundle = await loadBundle();
  table = mcpToolTable(bundle);
});

describe("the resources' list the build wrote", () => {
  const good = { uri: 'email-delivery://docs/llms.txt', name: 'llms.txt', title: 't', description: 'd', mimeType: 'text/markdown', size: 3, file: 'llms.txt' };
  it.each([
    ['a file above the folder', { ...good, file: '../package.json', uri: 'email-delivery://docs/../package.json' }],
    ['an absolute path', { ...good, file: '/etc/passwd', uri: 'email-delivery://docs//etc/passwd' }],
    ['a URI that is not its file', { ...good, uri: 'email-delivery://docs/other.txt' }],
    ['a hidden file', { ...good, file: '.env', uri: 'email-delivery://docs/.env' }],
    ['a size that is not a count of bytes', { ...good, size: -1 }],
  ])('an entry with %s is refused, naming the list', (_, entry) => {
    expect(() => checkedEntries([good, entry], 'x/mcp-resources.json')).toThrow(/^x\/mcp-resources\.json: an entry is not a resource of the build's folder/);
  });

  it('a file changed since the server started is an error that says to restart it, not other bytes', async () => {
    await withScratchFolder('mcp-resources', async (dir) => {
      await fs.writeFile(path.join(dir, 'llms.txt'), 'abc');
      await fs.writeFile(path.join(dir, resourceListFile), JSON.stringify([good]));
      const set = await resourcesInFolder(dir);
      expect((await readResource(set, good.uri)).contents).toEqual([{ uri: good.uri, mimeType: 'text/markdown', text: 'abc' }]);
      await fs.writeFile(path.join(dir, 'llms.txt'), 'abcd');
      await expect(readResource(set, good.uri)).rejects.toThrow(
        'email-delivery://docs/llms.txt has changed since the server started (a build ran): restart the server',
      );
    });
  });

  // Found by the fourth review (issue 57, finding 7): a link put in the build's folder after the build,
  // to a file of the same size, was served, and a named pipe hung each read and, after four, every read.
  describe('a listed file replaced since the build', () => {
    const page = { ...good, uri: 'email-delivery://docs/reference/page.md', name: 'reference/page.md', file: 'reference/page.md' };
    /** Reads `uri`, or says that it is still waiting after 5 s: a read that blocks is the failure. */
    const readWithin = (set: ResourceSet, uri: string) =>
      Promise.race([
        readResource(set, uri).then(
          (result) => ({ served: (result.contents[0] as { text: string }).text }),
          (error: Error) => ({ refused: error.message }),
        ),
        new Promise<{ blocked: true }>((resolve) => setTimeout(() => resolve({ blocked: true }), 5000).unref()),
      ]);
    it.each<[string, (dir: string) => Promise<void>, string]>([
      ['a link to a file of the same size', (dir) => fs.symlink(path.join(dir, 'secret.txt'), path.join(dir, 'llms.txt')), good.uri],
      ['a link to a file of the same size, in a folder', (dir) => fs.symlink(path.join(dir, 'secret.txt'), path.join(dir, 'reference', 'page.md')), page.uri],
      [
        'a link in place of its folder',
        async (dir) => {
          await fs.rm(path.join(dir, 'reference'), { recursive: true });
          await fs.mkdir(path.join(dir, 'elsewhere'));
          await fs.symlink(path.join(dir, 'secret.txt'), path.join(dir, 'elsewhere', 'page.md'));
          await fs.symlink(path.join(dir, 'elsewhere'), path.join(dir, 'reference'));
        },
        page.uri,
      ],
      ['a named pipe', async (dir) => void execFileSync('mkfifo', [path.join(dir, 'llms.txt')]), good.uri],
      ['a folder', (dir) => fs.mkdir(path.join(dir, 'llms.txt')), good.uri],
    ])('%s is refused, never read or waited on, and the server reads on', async (_, replace, uri) => {
      await withScratchFolder('mcp-resources', async (dir) => {
        await fs.mkdir(path.join(dir, 'reference'));
        await fs.writeFile(path.join(dir, 'llms.txt'), 'abc');
        await fs.writeFile(path.join(dir, 'reference', 'page.md'), 'abc');
        await fs.writeFile(path.join(dir, 'secret.txt'), 'SEC');
        await fs.writeFile(path.join(dir, resourceListFile), JSON.stringify([good, page]));
        const set = await resourcesInFolder(dir);
        const target = path.join(dir, set.entries.find((entry) => entry.uri === uri)!.file);
        await fs.rm(target);
        await replace(dir);
        try {
          // More reads than Node's thread pool has threads (4): none may hold one.
          const reads = await Promise.all(Array.from({ length: 6 }, () => readWithin(set, uri)));
          for (const read of reads)
            expect(read).toEqual({
              refused: `${uri} is not the file the build wrote (a link, a pipe or a folder is there now): run the build again, then restart the server`,
            });
          await fs.writeFile(path.join(dir, 'other.txt'), 'xyz');
          expect(await fs.readFile(path.join(dir, 'other.txt'), 'utf8')).toBe('xyz');
        } finally {
          // A reader the old code left blocked on the pipe gets its end of file here (ENXIO: none is).
          if (fsSync.lstatSync(target, { throwIfNoEntry: false })?.isFIFO())
            try {
              fsSync.closeSync(fsSync.openSync(target, fsSync.constants.O_WRONLY | fsSync.constants.O_NONBLOCK));
            } catch {
              // no reader waits
            }
        }
      });
    });

    it.each<[string, (file: string, dir: string) => Promise<void>]>([
      [
        'a link',
        async (file, dir) => {
          await fs.writeFile(path.join(dir, 'elsewhere.json'), JSON.stringify([good]));
          await fs.symlink(path.join(dir, 'elsewhere.json'), file);
        },
      ],
      ['a named pipe', async (file) => void execFileSync('mkfifo', [file])],
    ])('a list that is %s is refused at start, never waited on', async (_, make) => {
      await withScratchFolder('mcp-resources', async (dir) => {
        await make(path.join(dir, resourceListFile), dir);
        await expect(resourcesInFolder(dir)).rejects.toThrow(
          /mcp-resources\.json: not a regular file of the build \(a link, a pipe or a folder\); run the build again \(npm run build\)$/,
        );
      });
    });
  });

  it('a folder without the list is refused at start, saying to build', async () => {
    await withScratchFolder('mcp-resources', async (dir) => {
      await expect(resourcesInFolder(dir)).rejects.toThrow(/mcp-resources\.json: missing; run the build again \(npm run build\)$/);
    });
  });

  it('every relative link of an offered page names a listed resource: an agent that follows one can read it', async () => {
    const set = await resourcesInFolder(checkout.outputDir);
    const listed = new Set(set.entries.map((entry) => entry.uri));
    const unlisted: string[] = [];
    for (const entry of set.entries.filter((e) => e.mimeType === 'text/markdown')) {
      for (const [, href] of (await set.read(entry)).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z][a-z0-9+.-]*:|^#/i.test(href)) continue;
        const target = new URL(href, entry.uri);
        target.hash = '';
        if (!listed.has(target.href)) unlisted.push(`${entry.name} -> ${href}`);
      }
    }
    expect(unlisted).toEqual([]);
  });

  it("an overlaid description's resources are its own reference and bundle, made in memory", async () => {
    const overlays = [path.join(root, 'examples', 'overlays', 'fields.yaml')];
    const { document, json } = await overlaidDescription(checkout, { overlays, out: '' }, bundle);
    const set = await resourcesOf(checkout, document);
    const faithful = await resourcesInFolder(checkout.outputDir);
    expect(set.entries.map((e) => e.uri)).toEqual(faithful.entries.map((e) => e.uri));
    const read = async (uri: string) => ((await readResource(set, uri)).contents[0] as { text: string }).text;
    expect(await read('email-delivery://docs/openapi.json')).toBe(json);
    expect(await read('email-delivery://docs/reference/README.md')).toContain('**Built with overlays.**');
    expect(set.entries.find((e) => e.name === 'openapi.json')!.size).toBe(Buffer.byteLength(json));
  });
});

it("openapi-mcp.json is the bundle with x-mcp, as an SDK client sees the server with --allow-writes and the build's resources", async () => {
  const recorded = JSON.parse(await fs.readFile(path.join(checkout.outputDir, xMcpFile), 'utf8')) as Json;
  const { 'x-mcp': record, ...rest } = recorded;
  expect(rest).toEqual(bundle);
  const resources = await resourcesInFolder(checkout.outputDir);
  const caller = new ToolCaller(table, chooseTools(table, { allowWrites: true }), {
    baseUrl: 'http://127.0.0.1:9',
    headers: {},
    maxResultBytes: 1024,
    timeoutMs: 100,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createToolServer(table, caller, resources).connect(serverSide);
  const client = new Client({ name: 'test', version: '1' });
  await client.connect(clientSide);
  expect(record).toEqual({
    protocolVersion: LATEST_PROTOCOL_VERSION,
    capabilities: client.getServerCapabilities(),
    tools: (await client.listTools()).tools,
    resources: (await client.listResources()).resources,
  });
  await client.close();
});

describe("the tools' page", () => {
  it('one row per tool, in the order the server lists them, with its call, annotations and what it leaves open', () => {
    const page = mcpToolsMarkdown(table, 'email-delivery-mcp');
    const rows = page.split('\n').filter((line) => line.startsWith('| `'));
    expect(rows.map((row) => row.split(' | ')[0].slice(3, -1))).toEqual(table.tools.map((tool) => tool.name));
    expect(rows.find((row) => row.startsWith('| `getApiKey` |'))).toBe(
      '| `getApiKey` | Account and access | `GET /v1/api-key` | read-only, idempotent, open world | by default | `pairs` (optional, any name=value pairs: the names are open) | as text, with no output schema: its fields are open |',
    );
    expect(rows.find((row) => row.startsWith('| `deleteMessage` |'))).toContain(
      '| destructive, idempotent, open world | with `--allow-writes` | `id` (string: its format is open) |',
    );
  });

  it('the docs page is the same rows as HTML: escaped, code as <code>, no script', () => {
    const hostile = { ...table, title: '<script>x</script>', tools: table.tools.slice(0, 1) };
    const html = mcpToolsHtml(hostile, 'email-delivery-mcp');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;x&#60;/script&#62;');
    expect(html).toContain('<tr id="listScopes"><td><code>listScopes</code></td><td>Account and access</td><td><code>GET /v1/scopes</code></td>');
  });
});
