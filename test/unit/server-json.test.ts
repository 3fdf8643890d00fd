// server.json, the MCP registry's entry at the repository's root: what package.json and the tool
// table make, valid against the registry's published schema (the copy in scripts/mcp/registry/,
// byte for byte the file the registry publishes), naming the npm package, its bin and the
// variables the server reads (a credential's as a secret), and refused, naming the field, when
// the registry would refuse it.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { McpToolTable } from '../../scripts/mcp/mcp-server.ts';
import { registryProblems, registrySchemaUrl, serverJsonText, type PackageManifest } from '../../scripts/mcp/server-json.ts';
import { mcpToolTable } from '../../scripts/mcp/tool-table.ts';
import { overlaidDescription } from '../../scripts/overlay/build-overlaid.ts';
import { rootOutputs } from '../../scripts/pipeline/root-outputs.ts';
import { checkout, loadBundle, root } from '../support/helpers.ts';

let manifest: PackageManifest;
let table: McpToolTable;
let committed: string;
beforeAll(async () => {
  manifest = JSON.parse(await fs.readFile(path.join(root, 'package.json'), 'utf8')) as PackageManifest;
  table = mcpToolTable(await loadBundle());
  committed = await fs.readFile(path.join(root, 'server.json'), 'utf8');
});

describe('server.json', () => {
  it('is what package.json and the tool table make, as the build writes it', async () => {
    expect(serverJsonText(manifest, table)).toBe(committed);
    expect(await rootOutputs(checkout, checkout.outputDir)).toEqual(new Map([['server.json', committed]]));
  });

  it("is valid against the registry's published schema, a byte-for-byte copy of the 2025-12-11 file", async () => {
    const schema = await fs.readFile(path.join(root, 'scripts', 'mcp', 'registry', 'server.schema.json'));
    // The SHA-256 of https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json (scripts/mcp/registry/README.md).
    expect(createHash('sha256').update(schema).digest('hex')).toBe('3fba09590c99f61735d234822279f4223fab9e300c0a81e81c91ab62a4114de0');
    expect((JSON.parse(schema.toString()) as { $id: string }).$id).toBe(registrySchemaUrl);
    expect(registryProblems(JSON.parse(committed))).toEqual([]);
  });

  it('names the npm package, its version and its one bin, the tools, and the variables the server reads', () => {
    const entry = JSON.parse(committed);
    expect(entry.name).toBe(manifest.mcpName);
    expect(entry.version).toBe(manifest.version);
    expect(entry.packages).toEqual([
      expect.objectContaining({ registryType: 'npm', identifier: manifest.name, version: manifest.version, transport: { type: 'stdio' } }),
    ]);
    expect(entry._meta['io.modelcontextprotocol.registry/publisher-provided']).toEqual({
      bin: Object.keys(manifest.bin ?? {})[0],
      tools: table.tools.map((tool) => tool.name),
    });
    // The faithful description declares no credential: the base URL alone, not a secret.
    expect(entry.packages[0].environmentVariables).toEqual([expect.objectContaining({ name: 'EMAIL_DELIVERY_BASE_URL', isSecret: false, isRequired: false })]);
    expect(Object.keys(manifest.bin ?? {})).toEqual(['email-delivery-mcp']);
  });

  it("names a credential's variable as a secret where the description declares one", async () => {
    const overlays = [path.join(root, 'examples', 'overlays', 'auth.yaml')];
    const withAuth = mcpToolTable((await overlaidDescription(checkout, { overlays, out: '' }, await loadBundle())).document);
    const entry = JSON.parse(serverJsonText(manifest, withAuth));
    expect(entry.packages[0].environmentVariables.map((v: { name: string; isSecret: boolean }) => [v.name, v.isSecret])).toEqual([
      ['EMAIL_DELIVERY_BASE_URL', false],
      ['EMAIL_DELIVERY_EXAMPLE_API_KEY', true],
    ]);
  });

  it.each<[string, Partial<PackageManifest>, Partial<McpToolTable>, string | RegExp]>([
    ['no mcpName', { mcpName: undefined }, {}, 'package.json has no mcpName: the MCP registry names the server by it (and checks it on npm)'],
    [
      'a name without its namespace',
      { mcpName: 'email-delivery-api' },
      {},
      /^server\.json does not fit the MCP registry's schema \(.*\): \/name must match pattern/,
    ],
    ['a version range', { version: 'latest' }, {}, /\/packages\/0\/version must NOT be valid/],
    ['a title too long for its description', {}, { title: 'x'.repeat(80) }, /\/description must NOT have more than 100 characters/],
    ['two bins', { bin: { a: 'a.js', b: 'b.js' } }, {}, "package.json has 2 bins: server.json names one, the MCP server's"],
  ])('%s is refused, naming what the registry would refuse', (_name, change, tableChange, message) => {
    expect(() => serverJsonText({ ...manifest, ...change }, { ...table, ...tableChange })).toThrow(message);
  });
});
