// The MCP Bundle (`.mcpb`) of a package: the MCP server (its bin, dist/mcp.js, one file), the tool
// table and the resources it reads beside it, and a manifest.json that names the server, the tools
// it serves, and a user setting for the base URL and for each credential's variable (sensitive),
// which a desktop client collects and passes as the server's environment; the server runs on the
// Node the client provides (the package's `engines`, 20 and later). Made and checked with the
// official CLI (@anthropic-ai/mcpb: `mcpb validate`, then `mcpb pack`) from a package folder:
// the one `npm run package` packs (the checkout's files), or an overlaid build's (its own bin,
// tools and credentials). `npm run package` runs it as a process: `node mcp-bundle.ts <package
// folder> <destination>` prints the bundle's path.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ReportedError } from '../project.ts';
import { writeAtomically } from '../write-atomically.ts';
import { baseUrlVariable } from './mcp-command.ts';
import { checkedEntries, resourceListFile } from './mcp-resources.ts';
import { isReadOnly, type McpToolTable } from './mcp-server.ts';

const run = promisify(execFile);
const mcpbCli = path.join(path.dirname(createRequire(import.meta.url).resolve('@anthropic-ai/mcpb')), 'cli', 'cli.js');

/** The manifest version: the current one of the MCPB specification (MANIFEST.md), which the pinned CLI validates. */
export const manifestVersion = '0.3';

/** Where the server's files go in the bundle, and the entry the client runs. */
const serverFolder = 'server';
const entryPoint = `${serverFolder}/dist/mcp.js`;

/** What the bundle is made of in the package's package.json. */
interface PackageManifest {
  name: string;
  version: string;
  description?: string;
  license?: string;
  author?: string | { name: string };
  keywords?: string[];
  engines?: { node?: string };
  bin?: Record<string, string>;
}

/** A user setting's key for an environment variable: its name in lower case (`EMAIL_DELIVERY_BASE_URL` -> `email_delivery_base_url`). */
export const settingOf = (variable: string): string => variable.toLowerCase();

/** The bundle's manifest.json for the package `manifest` whose server serves `table`, its author `author`. */
export function bundleManifest(manifest: PackageManifest, bin: string, table: McpToolTable, author: string): Record<string, unknown> {
  const served = table.tools.filter(isReadOnly);
  const credentials = table.credentials.map((credential) => ({
    ...credential,
    setting: settingOf(credential.variable),
    sent: credential.bearer ? 'Authorization: Bearer' : `the header ${credential.header}`,
  }));
  return {
    manifest_version: manifestVersion,
    name: bin,
    display_name: `${table.title} (MCP)`,
    version: manifest.version,
    description: `The ${table.title}'s ${served.length} read-only operations as MCP tools`,
    long_description: [
      `The MCP server of the ${table.title} ${table.version} (the package ${manifest.name}, its \`${bin}\` command): one tool per operation of the description, named by its operationId.`,
      `This bundle serves the ${served.length} read-only tools (GET); the ${table.tools.length - served.length} that send, replace or delete are served by the package's command with --allow-writes.`,
      `Calls go to the base URL you set (by default the description's, the local mock)${credentials.length > 0 ? `, with the credentials you set, sent by the server itself and never shown to the model` : ''}. Where the interface document states no field, a tool takes and returns any JSON object and says so.`,
    ].join('\n\n'),
    author: { name: author },
    ...(manifest.license ? { license: manifest.license } : {}),
    ...(manifest.keywords ? { keywords: manifest.keywords } : {}),
    server: {
      type: 'node',
      entry_point: entryPoint,
      mcp_config: {
        command: 'node',
        args: [`\${__dirname}/${entryPoint}`],
        env: Object.fromEntries([
          [baseUrlVariable, `\${user_config.${settingOf(baseUrlVariable)}}`],
          ...credentials.map(({ variable, setting }) => [variable, `\${user_config.${setting}}`]),
        ]),
      },
    },
    tools: served.map((tool) => ({ name: tool.name, description: tool.title })),
    tools_generated: false,
    compatibility: { platforms: ['darwin', 'win32', 'linux'], runtimes: { node: manifest.engines?.node ?? '>=20' } },
    user_config: {
      [settingOf(baseUrlVariable)]: {
        type: 'string',
        title: 'Base URL',
        description: `The service's base URL, http or https (${baseUrlVariable}); the default is the description's, the local mock`,
        default: table.defaultBaseUrl,
        required: false,
      },
      // A credential left empty is not sent (the server reads an empty variable as unset): its default
      // is the empty text, so a client substitutes it rather than leaving the placeholder in.
      ...Object.fromEntries(
        credentials.map(({ scheme, sent, variable, setting }) => [
          setting,
          {
            type: 'string',
            title: `${scheme} credential`,
            description: `Sent as ${sent} on every call (${variable}); never shown to the model`,
            sensitive: true,
            default: '',
            required: false,
          },
        ]),
      ),
    },
  };
}

/** Who the package is by: package.json's author, else the holder its LICENSE names. */
async function authorOf(folder: string, manifest: PackageManifest): Promise<string> {
  if (typeof manifest.author === 'string' && manifest.author) return manifest.author;
  if (typeof manifest.author === 'object' && manifest.author.name) return manifest.author.name;
  const license = await fs.readFile(path.join(folder, 'LICENSE'), 'utf8').catch(() => '');
  const holder = /^Copyright \(c\) \d{4}(?:-\d{4})? (.+)$/m.exec(license)?.[1]?.trim();
  if (!holder) throw new ReportedError(`${folder}: package.json names no author and its LICENSE no copyright holder: an MCP Bundle names its author`);
  return holder;
}

/** Runs the pinned mcpb CLI; throws with what it printed when it fails. */
async function mcpb(args: string[]): Promise<string> {
  try {
    return (await run(process.execPath, [mcpbCli, ...args], { maxBuffer: 16 * 1024 * 1024, timeout: 120_000 })).stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new ReportedError(`mcpb ${args[0]} failed:\n${`${stdout}\n${stderr}`.trim()}`);
  }
}

/**
 * Writes `<destination>/<bin>-<version>.mcpb` for the package in `folder` (a package.json with one
 * bin, the MCP server, beside its tool table and resources), and returns its path.
 */
export async function makeMcpBundle(folder: string, destination: string): Promise<string> {
  const manifest = JSON.parse(await fs.readFile(path.join(folder, 'package.json'), 'utf8')) as PackageManifest;
  const bins = Object.entries(manifest.bin ?? {});
  if (bins.length !== 1) throw new ReportedError(`${folder}: package.json has ${bins.length} bins: an MCP Bundle runs one, the MCP server`);
  const [bin, binFile] = bins[0];
  // The server reads its tool table and resources from the folder above dist/ (mcp-bin.ts).
  const built = path.dirname(path.dirname(path.join(folder, binFile)));
  const table = JSON.parse(await fs.readFile(path.join(built, 'mcp-tools.json'), 'utf8')) as McpToolTable;
  const resources = checkedEntries(JSON.parse(await fs.readFile(path.join(built, resourceListFile), 'utf8')), resourceListFile);
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'email-delivery-mcpb-'));
  const stage = path.join(work, 'bundle');
  try {
    const files = ['dist/mcp.js', 'mcp-tools.json', resourceListFile, ...resources.map((entry) => entry.file)];
    for (const file of files) {
      await fs.mkdir(path.dirname(path.join(stage, serverFolder, file)), { recursive: true });
      await fs.copyFile(file === 'dist/mcp.js' ? path.join(folder, binFile) : path.join(built, file), path.join(stage, serverFolder, file));
    }
    await fs.copyFile(path.join(folder, 'LICENSE'), path.join(stage, 'LICENSE')).catch(() => undefined);
    const text = `${JSON.stringify(bundleManifest(manifest, bin, table, await authorOf(folder, manifest)), null, 2)}\n`;
    await fs.writeFile(path.join(stage, 'manifest.json'), text);
    await mcpb(['validate', path.join(stage, 'manifest.json')]);
    // Packed in the private work folder, then written beside the tarball as every file beside a
    // user's is (write-atomically.ts): the CLI's own write would follow a link planted at the name.
    const packed = path.join(work, 'packed.mcpb');
    await mcpb(['pack', stage, packed]);
    const bundle = path.join(destination, `${bin}-${manifest.version}.mcpb`);
    await fs.mkdir(destination, { recursive: true });
    await writeAtomically(bundle, await fs.readFile(packed));
    return bundle;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const [folder, destination] = process.argv.slice(2);
  try {
    console.log(await makeMcpBundle(path.resolve(folder), path.resolve(destination)));
  } catch (error) {
    console.error(`npm run package: the MCP Bundle: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
