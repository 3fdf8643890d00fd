// generated/docs/index.html: the reference docs, rendered by Redocly build-docs with Redoc inlined
// (no CDN: the page works offline and from file://), from the bundle plus generated code samples.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { withCodeSamples } from './code-samples.ts';
import { goModuleOf } from './sdk-samples.ts';
import { type DocsPage, interfaceDocumentHtml, interfaceDocumentHtmlFile, interfaceDocumentTitle, withInterfaceDocumentLinks } from './interface-document.ts';
import { mcpToolsHtml, mcpToolsHtmlFile, mcpToolsTitle, withMcpToolsLink } from './mcp-tools-page.ts';
import { mcpCommandOf } from '../mcp/mcp-bin-name.ts';
import { mcpToolTable } from '../mcp/tool-table.ts';
import { type Project, ReportedError } from '../project.ts';
import type { OpenApiDocument } from '../openapi-document.ts';
import { checkRedoclyConfigFile } from '../lint/redocly.ts';

export const docsTitle = 'Email Delivery Service API reference';

// The Redocly CLI this toolchain installs, run by the Node that runs the toolchain.
const redoclyCli = path.join(path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin', 'cli.js');

/**
 * Renders `bundle` (with code samples, and links to what the interface document states) into
 * `<outDir>/docs/index.html`, with `project`'s Redoc options, and docs/interface-document.html and
 * the MCP server's tools' page (mcp-tools-page.ts) beside it.
 */
export async function buildDocs(project: Project, bundle: OpenApiDocument, outDir: string): Promise<void> {
  // build-docs reads redocly.yaml's Redoc options: checked first, even without a lint step, within
  // the repository the config is in (the site builds a release's description with today's config).
  await checkRedoclyConfigFile({ root: path.dirname(project.redoclyConfig), redoclyConfig: project.redoclyConfig });
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'email-delivery-docs-'));
  try {
    const input = path.join(scratch, 'openapi.json');
    await fs.writeFile(input, JSON.stringify(withMcpToolsLink(withInterfaceDocumentLinks(withCodeSamples(bundle, goModuleOf(project, bundle))))));
    await fs.mkdir(path.join(outDir, 'docs'), { recursive: true });
    const output = path.join(outDir, 'docs', 'index.html');
    const args = ['build-docs', input, '--output', output, '--inlineBundle', '--title', docsTitle, '--config', project.redoclyConfig, '--lint-config', 'error'];
    await new Promise<void>((resolve, reject) => {
      execFile(
        process.execPath,
        [redoclyCli, ...args],
        { cwd: project.root, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
        (error, stdout, stderr) => {
          if (error) reject(new ReportedError(`redocly build-docs failed (exit ${error.code}):\n${stdout}${stderr}`.trim()));
          else resolve();
        },
      );
    });
    await fs.writeFile(path.join(outDir, 'docs', interfaceDocumentHtmlFile), interfaceDocumentHtml(docsPages));
    await fs.writeFile(path.join(outDir, 'docs', mcpToolsHtmlFile), mcpToolsHtml(mcpToolTable(bundle), mcpCommandOf(bundle.info), docsPages));
    await fs.writeFile(output, withMarkdownAlternate(withContentSecurityPolicy(withoutRemoteLogo(await fs.readFile(output, 'utf8')))));
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

/** Where the page's Markdown twin is, from docs/index.html: the whole reference in one file. */
export const markdownAlternate = '../llms-full.txt';

/** The docs' pages, as the side pages' sidebar links them: the reference, the pages beside it, and its Markdown twin. */
export const docsPages: DocsPage[] = [
  { file: 'index.html', title: 'The reference' },
  { file: interfaceDocumentHtmlFile, title: interfaceDocumentTitle },
  { file: mcpToolsHtmlFile, title: mcpToolsTitle },
  { file: markdownAlternate, title: 'The reference as Markdown' },
];

/** A link to the same reference as Markdown, for agents and tools that read Markdown rather than run the page. */
function withMarkdownAlternate(html: string): string {
  return html.replace('<head>', `<head>\n  <link rel="alternate" type="text/markdown" href="${markdownAlternate}" title="${docsTitle} (Markdown)">`);
}

// Redoc 3 shows its logo from a CDN, with no option to turn it off: the only request the page
// would make to another host. The attribution stays; the image becomes an inline SVG.
const remoteLogo = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g;
const inlineLogo =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='52' height='14'%3E%3Ctext x='0' y='11' font-family='sans-serif' font-size='11' fill='%23444'%3ERedoc%3C/text%3E%3C/svg%3E";

function withoutRemoteLogo(html: string): string {
  const replaced = html.replace(remoteLogo, inlineLogo);
  if (replaced === html) {
    throw new ReportedError(
      'the Redoc logo URL was not found in the rendered page: after a Redocly upgrade, check what the page loads from other hosts (test/docs.test.ts)',
    );
  }
  return replaced;
}

/**
 * A Content-Security-Policy that lets the page run only its own inline scripts (by hash) and load
 * nothing from anywhere: no other host, no frame, no inline event handler. Redoc's \`sanitize\`
 * option breaks build-docs, and Redoc alone lets raw HTML in Markdown (an iframe, an image) load
 * while the page hydrates; this policy is what keeps descriptions from making the page act.
 */
function withContentSecurityPolicy(html: string): string {
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
  if (inlineScripts.length === 0) throw new ReportedError('the rendered page has no inline script: build-docs output changed shape');
  const hashes = inlineScripts.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  const policy = [
    "default-src 'none'",
    `script-src ${[...new Set(hashes)].join(' ')}`,
    "style-src 'unsafe-inline'",
    'img-src data: blob:',
    'font-src data:',
    'connect-src blob: data:',
    'worker-src blob:',
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  if (!/<head>/.test(html)) throw new ReportedError('the rendered page has no <head>: build-docs output changed shape');
  return html.replace('<head>', `<head>\n  <meta http-equiv="Content-Security-Policy" content="${policy}">`);
}
