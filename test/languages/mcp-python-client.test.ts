// A client of the MCP server that is not the TypeScript SDK: the official Python SDK (mcp 2.3.0,
// pinned in python/requirements.lock), in the tier's venv, starts `npm run mcp`'s entry over stdio
// as an agent's client does, selects the "Metrics, reputation, engagement" area by its name with
// --tags, calls a tool against a recording server on 127.0.0.1, reads llms.txt as a resource, and
// meets a tool that is not served and a URI that was not listed (python/mcp_client.py).
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { McpToolTable } from '../../scripts/mcp/mcp-server.ts';
import { checkout, root } from '../support/helpers.ts';
import { jsonReply, startTestServer } from '../support/http-server.ts';
import { languagesDir, missingFor, requireTools, runsHere, venv } from '../support/languages.ts';
import { run } from '../support/run-command.ts';

const missing = missingFor(['python']);
const area = 'Metrics, reputation, engagement';

describe.runIf(runsHere('the MCP Python SDK', missing))('the official MCP Python SDK as a client of the server', () => {
  it(`starts it over stdio with --tags "${area}", calls a tool, reads llms.txt, and is told what went wrong`, async () => {
    requireTools(missing);
    const table = JSON.parse(await fs.readFile(path.join(checkout.outputDir, 'mcp-tools.json'), 'utf8')) as McpToolTable;
    const inArea = table.tools.filter((tool) => tool.tags.includes(area) && tool.annotations.readOnlyHint);
    const llms = await fs.readFile(path.join(checkout.outputDir, 'llms.txt'), 'utf8');
    const resources = JSON.parse(await fs.readFile(path.join(checkout.outputDir, 'mcp-resources.json'), 'utf8')) as unknown[];
    const service = await startTestServer();
    service.reply = () => jsonReply(200, { ok: true });
    try {
      const result = await run(
        path.join(venv, 'bin', 'python'),
        [path.join(languagesDir, 'python', 'mcp_client.py'), process.execPath, root, service.url],
        root,
      );
      expect(result.code, result.output).toBe(0);
      const steps = result.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(steps).toEqual([
        { step: 'tools', names: inArea.map((tool) => tool.name), readOnly: inArea.map(() => true) },
        { step: 'call', isError: false, firstLine: 'HTTP 200 (application/json) from GET /v1/reputation/score' },
        { step: 'resource', uri: 'email-delivery://docs/llms.txt', mimeType: 'text/markdown', size: Buffer.byteLength(llms), count: resources.length },
        { step: 'read', bytes: Buffer.byteLength(llms), firstLine: llms.split('\n')[0] },
        {
          step: 'mistake',
          what: 'a write on a read-only server',
          refused: true,
          code: -32602,
          message: expect.stringMatching(/^Tool not served: sendBatch \(POST \/v1\/batches\/\{id\}\/send\): it writes, .*start it with --allow-writes/),
        },
        {
          step: 'mistake',
          what: 'a URI it did not list',
          refused: true,
          code: -32602,
          message:
            'Unknown resource: email-delivery://docs/../package.json: a URI that names a path is never read: this server reads only the resources resources/list lists',
        },
        { step: 'after', tools: inArea.length },
      ]);
      expect(service.requests.map((request) => `${request.method} ${request.target}`)).toEqual(['GET /v1/reputation/score']);
      expect(result.stderr).toContain(`mcp: serving ${inArea.length} read-only tools of `);
    } finally {
      await service.close();
    }
  });
});
