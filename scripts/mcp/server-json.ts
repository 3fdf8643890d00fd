// server.json: the MCP server's entry for the MCP registry, at the repository's root, made from
// package.json (its name, version, `mcpName` and bin) and the tool table (the tools, the base URL's
// default and each credential's variable), and checked against the registry's published schema
// (registry/server.schema.json, 2025-12-11). The build writes it; `npm run check` fails when it
// drifts. The registry proves the npm package is ours by package.json's `mcpName`, which must be
// this entry's name.
import fs from 'node:fs';
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { ReportedError } from '../project.ts';
import { baseUrlVariable } from './mcp-command.ts';
import type { McpToolTable } from './mcp-server.ts';

/** The file, at the repository's root. */
export const serverJsonFile = 'server.json';

/** The registry's schema this entry follows, by the URL the registry publishes it at. */
export const registrySchemaUrl = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

/** What server.json is made of in package.json. */
export interface PackageManifest {
  name: string;
  version: string;
  mcpName?: string;
  bin?: Record<string, string>;
}

/** One environment variable the server reads, as the registry lists it. */
interface EnvironmentVariable {
  name: string;
  description: string;
  format: 'string';
  isRequired: boolean;
  isSecret: boolean;
}

/** The environment variables the server reads: the base URL, then each credential's (secret). */
export function serverVariables(table: McpToolTable): EnvironmentVariable[] {
  return [
    {
      name: baseUrlVariable,
      description: `The service's base URL; without it, the description's default, ${table.defaultBaseUrl} (the local mock)`,
      format: 'string',
      isRequired: false,
      isSecret: false,
    },
    ...table.credentials.map((credential) => ({
      name: credential.variable,
      description: `The credential of the security scheme ${credential.scheme}, sent as ${credential.bearer ? 'Authorization: Bearer' : `the header ${credential.header}`} on every call`,
      format: 'string' as const,
      isRequired: false,
      isSecret: true,
    })),
  ];
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const schemaFile = new URL('registry/server.schema.json', import.meta.url);

/** Why `entry` does not fit the registry's schema: one line per problem, none when it fits. */
export function registryProblems(entry: unknown): string[] {
  const validate = addFormats(new Ajv({ strict: false, allErrors: true })).compile(JSON.parse(fs.readFileSync(schemaFile, 'utf8')) as object);
  return validate(entry) ? [] : (validate.errors ?? []).map((error: ErrorObject) => `${error.instancePath || '/'} ${error.message ?? 'is not valid'}`);
}

/** The text of server.json for the package `manifest` (package.json) whose server serves `table`. */
export function serverJsonText(manifest: PackageManifest, table: McpToolTable): string {
  if (!manifest.mcpName) throw new ReportedError('package.json has no mcpName: the MCP registry names the server by it (and checks it on npm)');
  const bins = Object.keys(manifest.bin ?? {});
  if (bins.length !== 1) throw new ReportedError(`package.json has ${bins.length} bins: server.json names one, the MCP server's`);
  const entry = {
    $schema: registrySchemaUrl,
    name: manifest.mcpName,
    title: table.title,
    description: `The ${table.tools.length} operations of the ${table.title} as MCP tools; read-only unless --allow-writes`,
    version: manifest.version,
    packages: [
      {
        registryType: 'npm',
        registryBaseUrl: 'https://registry.npmjs.org',
        identifier: manifest.name,
        version: manifest.version,
        // The package's one bin is what `npx <package>@<version>` runs.
        runtimeHint: 'npx',
        transport: { type: 'stdio' },
        environmentVariables: serverVariables(table),
      },
    ],
    _meta: {
      'io.modelcontextprotocol.registry/publisher-provided': { bin: bins[0], tools: table.tools.map((tool) => tool.name) },
    },
  };
  const problems = registryProblems(entry);
  if (problems.length > 0) throw new ReportedError(`server.json does not fit the MCP registry's schema (${registrySchemaUrl}): ${problems.join('; ')}`);
  return `${JSON.stringify(entry, null, 2)}\n`;
}
