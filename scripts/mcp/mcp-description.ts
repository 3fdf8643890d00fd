// The description `npm run mcp` serves: the project's bundle, or with --overlay, the bundle with
// the user's overlays applied in memory (scripts/overlay/build-overlaid.ts, as the mock and verify do),
// and then its resources made in memory as the build writes them (resourcesOf).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { OpenApiDocument } from '../openapi-document.ts';
import { asTyped, type Project } from '../project.ts';
import { resourcesInMemory, type ResourceSet } from './mcp-resources.ts';

export async function mcpDescription(project: Project, overlays: string[], cwd: string): Promise<OpenApiDocument> {
  const base = JSON.parse(await fs.readFile(path.join(project.outputDir, 'openapi.json'), 'utf8')) as OpenApiDocument;
  if (overlays.length === 0) return base;
  const { overlaidDescription } = await import('../overlay/build-overlaid.ts');
  const files = overlays.map((file) => path.resolve(cwd, file));
  const { json } = await overlaidDescription(project, { overlays: files, out: '', shownAs: asTyped(cwd, overlays) }, base);
  return JSON.parse(json) as OpenApiDocument;
}

/** The resources an overlaid build of `document` would write (mcp-record.ts), made in memory: its Markdown reference, tool table and bundle. */
export async function resourcesOf(project: Project, document: OpenApiDocument): Promise<ResourceSet> {
  const [{ markdownReference }, { goModuleOf }, { bundleJsonText }, { resourceTable }, { mcpToolTable, toolTableJson }] = await Promise.all([
    import('../pipeline/markdown-reference.ts'),
    import('../pipeline/sdk-samples.ts'),
    import('../lint/lint-description.ts'),
    import('./mcp-record.ts'),
    import('./tool-table.ts'),
  ]);
  const texts = new Map([
    ...markdownReference(document, goModuleOf(project, document)),
    ['openapi.json', bundleJsonText(document)],
    ['mcp-tools.json', toolTableJson(mcpToolTable(document))],
  ]);
  return resourcesInMemory(
    resourceTable(document, (file) => texts.get(file)!),
    texts,
  );
}
