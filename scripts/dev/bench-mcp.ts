// The MCP section of `npm run bench`: how long an agent's client waits from starting the server
// (the package's bin, and `npm run mcp`'s entry) to the first `tools/list` answer, what the first
// `resources/list` after it adds, and what a tool call adds over the client call it makes (both
// against one loopback service, in the same run).
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createToolServer, ToolCaller } from '../mcp/mcp-server.ts';
import { mcpToolTable } from '../mcp/tool-table.ts';
import { createDescribedClient } from '../pipeline/client-runtime.ts';
import type { Project } from '../project.ts';
import { median, medianOf } from './bench-timing.ts';

/** The first resources/list answers of each start, in ms (startup records them). */
const resourceLists: number[] = [];

/** Spawn to the first tools/list answer, over stdio, as an agent's client starts the server; then the first resources/list. */
async function startup(command: string, args: string[], cwd: string): Promise<void> {
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StdioClientTransport({ command, args, cwd, stderr: 'ignore' }));
  await client.listTools();
  const started = performance.now();
  await client.listResources();
  resourceLists.push(performance.now() - started);
  await client.close();
}

/** The median time of `calls` calls of `action`, after a few to warm up. */
async function perCall(calls: number, action: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 20; i++) await action();
  const samples: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await action();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

export async function benchMcp(project: Project, runs: number): Promise<{ title: string; header: string[]; rows: string[][] }> {
  console.error('mcp: start to the first tools/list (the bin, npm run mcp), then a call through MCP against the client call it makes');
  const bin = path.join(project.outputDir, 'dist', 'mcp.js');
  const binStart = await medianOf('bin to tools/list', Math.max(runs, 5), () => startup(process.execPath, [bin], project.root));
  const entryStart = await medianOf('npm run mcp entry to tools/list', Math.max(runs, 5), () =>
    startup(process.execPath, [path.join(project.root, 'scripts', 'cli', 'main.ts'), 'mcp'], project.root),
  );
  const resourcesList = median(resourceLists);
  const service = http.createServer((_, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  try {
    const table = mcpToolTable(JSON.parse(await fs.readFile(path.join(project.outputDir, 'openapi.json'), 'utf8')));
    const tool = table.tools.find((t) => t.name === 'getUnsubscribeGroup')!;
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createToolServer(table, new ToolCaller(table, [tool], { baseUrl, headers: {}, maxResultBytes: 65536, timeoutMs: 5000 })).connect(serverSide);
    const agent = new Client({ name: 'bench', version: '1' });
    await agent.connect(clientSide);
    const key = `${tool.method} ${tool.path}`;
    const direct = createDescribedClient<Record<string, never>>(
      { baseUrl },
      { defaultBaseUrl: baseUrl, operationIds: { [key]: tool.name }, parameters: { [key]: [] } },
    );
    const get = direct.GET as unknown as (path: string, init: unknown) => Promise<unknown>;
    const probe = await agent.callTool({ name: tool.name, arguments: { id: 'g1' } });
    if (probe.isError) throw new Error(`the bench's tool call failed: ${JSON.stringify(probe.content)}`);
    const viaClient = await perCall(300, () => get(tool.path, { params: { path: { id: 'g1' } } }));
    const viaMcp = await perCall(300, () => agent.callTool({ name: tool.name, arguments: { id: 'g1' } }));
    await agent.close();
    const ms = (value: number) => `${value.toFixed(3)} ms`;
    return {
      title: `MCP server (start: median of ${Math.max(runs, 5)}; a call: median of 300)`,
      header: ['bin start to tools/list', 'npm run mcp entry to tools/list', 'then resources/list', 'client call', 'MCP tool call', 'added by MCP'],
      rows: [[ms(binStart), ms(entryStart), ms(resourcesList), ms(viaClient), ms(viaMcp), ms(viaMcp - viaClient)]],
    };
  } finally {
    await new Promise<void>((resolve) => service.close(() => resolve()));
  }
}
