// A strict client of the MCP server: the OpenAI Agents SDK (openai-agents 0.24.0, pinned in
// python/requirements.lock), in the tier's venv, starts `npm run mcp`'s entry over stdio and
// converts every tool with its own strict conversion (python/agents_strict_client.py), first as
// described, then with --client openai: the SDK's INFO log names each tool that falls back, and
// under --client openai none does and its conversion changes no schema. Then it calls tools as a
// model's tool call would, against a recording server on 127.0.0.1: a JSON text body reaches the
// service as that body, JSON text pairs as query pairs, and text that does not parse is a tool
// error naming the argument. No model is called, and tracing is off: nothing leaves this machine.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { McpToolTable } from '../../scripts/mcp/mcp-server.ts';
import { operations } from '../../scripts/stated/operations.ts';
import { checkout, root } from '../support/helpers.ts';
import { jsonReply, startTestServer } from '../support/http-server.ts';
import { languagesDir, missingFor, requireTools, runsHere, venv } from '../support/languages.ts';
import { run } from '../support/run-command.ts';

const missing = missingFor(['python']);

describe.runIf(runsHere('the OpenAI Agents SDK', missing))('the OpenAI Agents SDK, strict, as a client of the server', () => {
  it('keeps every tool strict under --client openai, one per operation of the table, none falling back, and its calls reach the service as given', async () => {
    requireTools(missing);
    const table = JSON.parse(await fs.readFile(path.join(checkout.outputDir, 'mcp-tools.json'), 'utf8')) as McpToolTable;
    const names = table.tools.map((tool) => tool.name);
    expect(names).toHaveLength(operations.length);
    // The tools whose input is an open object (open pairs, an open body): those a strict client loses as described.
    const open = table.tools
      .filter((tool) =>
        Object.values(tool.inputSchema.properties as Record<string, { type?: string; additionalProperties?: unknown }>).some(
          (p) => p.type === 'object' && p.additionalProperties !== false,
        ),
      )
      .map((tool) => tool.name);
    const service = await startTestServer();
    service.reply = () => jsonReply(200, { ok: true });
    try {
      const result = await run(
        path.join(venv, 'bin', 'python'),
        [path.join(languagesDir, 'python', 'agents_strict_client.py'), process.execPath, root, service.url],
        root,
        { OPENAI_AGENTS_DISABLE_TRACING: '1', OPENAI_API_KEY: '' },
      );
      expect(result.code, result.output).toBe(0);
      const [described, strict, ...calls] = result.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      // As described: the SDK logs a fallback for each open object, at INFO only.
      expect(open).toHaveLength(6);
      expect(described).toMatchObject({ options: [], tools: names.length, strict: names.filter((name) => !open.includes(name)) });
      expect(described.fallbacks).toEqual(open.map(() => 'INFO: Error converting MCP schema to strict mode'));
      // With --client openai: every tool strict, no fallback logged, and the SDK's conversion leaves each schema as served.
      expect(strict).toEqual({ step: 'converted', options: ['--client', 'openai'], tools: names.length, strict: names, fallbacks: [], unchanged: names });
      expect(calls).toEqual([
        { step: 'call', tool: 'sendBatch', firstLine: 'HTTP 200 (application/json) from POST /v1/batches/{id}/send' },
        { step: 'call', tool: 'getApiKey', firstLine: 'HTTP 200 (application/json) from GET /v1/api-key' },
        { step: 'call', tool: 'sendBatch', firstLine: expect.stringMatching(/^sendBatch: argument 'body' is not JSON text \(.+\); nothing was sent$/) },
      ]);
      expect(service.requests.map((request) => `${request.method} ${request.target} ${request.body}`)).toEqual([
        'POST /v1/batches/b1/send {"subject":"Hello","to":["a@example.test"]}',
        'GET /v1/api-key?scope=read&note=a%20b ',
      ]);
    } finally {
      await service.close();
    }
  });
});
