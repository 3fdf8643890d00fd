// The output folder of a build with overlays as an npm package: its package.json (its name and
// version, overlay-package-name.ts, and the same exports as the published package, read from the
// project's own package.json with `generated/` taken off each path) and its README (what it is, and
// how to install it).
import fs from 'node:fs';
import path from 'node:path';
import { forMarkdown } from '../escape.ts';
import { eachOperation, type OpenApiDocument } from '../openapi-document.ts';
import { type Project, ReportedError } from '../project.ts';
import { propertyName } from '../pipeline/generate-client.ts';
import { headerSchemes } from '../bundle-operations.ts';
import type { Overlay } from './read-overlay.ts';
import { mcpBinName } from '../mcp/mcp-bin-name.ts';

export { checkPackageName, defaultPackageName, packageVersion } from './overlay-package-name.ts';

/**
 * Copies the package's runtime dependencies (and theirs), as the checkout's node_modules has them
 * at the versions package.json pins, into `<out>/node_modules`: `npm install <folder>` links the
 * folder, and Node resolves what the linked client imports from the folder itself. `npm pack` leaves
 * node_modules out, and a tarball's install gets them from the registry as usual.
 */
export function vendorDependencies(project: Project, out: string): void {
  const done = new Set<string>();
  const copy = (name: string) => {
    if (done.has(name)) return;
    done.add(name);
    const from = path.join(project.root, 'node_modules', name);
    const manifest = path.join(from, 'package.json');
    if (!fs.existsSync(manifest)) throw new ReportedError(`the runtime dependency ${name} is not in node_modules: run npm ci`);
    fs.cpSync(from, path.join(out, 'node_modules', name), { recursive: true, dereference: true });
    for (const dependency of Object.keys((JSON.parse(fs.readFileSync(manifest, 'utf8')) as { dependencies?: object }).dependencies ?? {})) copy(dependency);
  };
  const own = JSON.parse(fs.readFileSync(path.join(project.root, 'package.json'), 'utf8')) as { dependencies?: object };
  for (const name of Object.keys(own.dependencies ?? {})) copy(name);
}

/** `./generated/dist/client.js` as it is in the output folder: `./dist/client.js`. */
const inFolder = (file: string) => file.replace(/^(\.\/)?generated\//, '$1');

function mapExports(value: unknown): unknown {
  if (typeof value === 'string') return inFolder(value);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapExports(item)]));
}

/** package.json of the output folder. */
export function packageJson(project: Project, name: string, version: string, document: OpenApiDocument, overlays: Overlay[]): string {
  const own = JSON.parse(fs.readFileSync(path.join(project.root, 'package.json'), 'utf8')) as Record<string, unknown>;
  const manifest = {
    name,
    version,
    description: `${String(document.info?.title)} ${String(document.info?.version)} with the overlays ${overlays.map((o) => `${o.title} ${o.overlayVersion}`).join(', ')}: the description and a typed TypeScript client (built by ${String(own.name)})`,
    license: own.license,
    type: own.type,
    engines: own.engines,
    exports: mapExports(own.exports),
    // Its own name, not the description's package's: both installed globally, or in one
    // application, would otherwise claim the same command.
    bin: { [mcpBinName(name)]: mapExports(Object.values(own.bin as Record<string, string>)[0]) },
    files: [...(own.files as string[]).map(inFolder), 'README.md', 'overlay-changes.md'],
    dependencies: own.dependencies,
    // Each overlay by its file's name: the package ships, and where it was built is nobody's business.
    overlays: overlays.map((overlay) => ({ title: overlay.title, version: overlay.overlayVersion, file: path.basename(overlay.file) })),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** README.md of the output folder. */
export function packageReadme(name: string, version: string, document: OpenApiDocument, overlays: Overlay[], changesFile: string): string {
  // The first operation that takes no argument, and each credential the client takes (sample values).
  const operation =
    [...eachOperation(document)].find(({ pathItem, operation: o }) => !pathItem.parameters && !o.parameters && !o.requestBody)?.operation.operationId ??
    'listScopes';
  const credentials = headerSchemes(document)
    .map((scheme) => `${propertyName(scheme.scheme)}: '...'`)
    .join(', ');
  return [
    `# ${forMarkdown(name)}`,
    '',
    `The ${forMarkdown(String(document.info?.title))} description ${forMarkdown(String(document.info?.version))} with these overlays, applied in this order, and a typed TypeScript client built from the result (\`npm run build -- --overlay\` of email-delivery-api). Version ${forMarkdown(version)}.`,
    '',
    ...overlays.map(
      (overlay, i) =>
        `${i + 1}. ${forMarkdown(overlay.title)} ${forMarkdown(overlay.overlayVersion)} (\`${path.basename(overlay.file).replaceAll('`', "'")}\`)`,
    ),
    '',
    `The overlays' facts are their own, not the interface document's: [${changesFile}](${changesFile}) lists what they change for a caller.`,
    '',
    '## Install',
    '',
    'Into an application, from this folder (npm links it, so a rebuild reaches the application at once; its one dependency, openapi-fetch, is in its own `node_modules/`):',
    '',
    '```sh',
    'npm install /path/to/this/folder',
    '```',
    '',
    'or as a tarball, to keep or publish (`npm pack` writes it into the current folder):',
    '',
    '```sh',
    'npm pack /path/to/this/folder',
    `npm install ./${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`,
    '```',
    '',
    '## Use',
    '',
    '```ts',
    `import { createEmailDeliveryClient, ${operation} } from '${name}';`,
    '',
    `const client = createEmailDeliveryClient({ baseUrl: 'https://...'${credentials ? `, credentials: { ${credentials} }` : ''} });`,
    `const { data, error } = await ${operation}(client);`,
    '```',
    '',
    'The Markdown reference ([reference/README.md](reference/README.md), `llms.txt`) is in the package too (its MCP server offers it as resources); the docs (`docs/index.html`), which show every operation with a sample, are in the build folder beside this README only.',
    'The description is exported too: `openapi.json`, `openapi.yaml`, `openapi-3.0.json`, `openapi.dereferenced.json`.',
    '',
  ].join('\n');
}
