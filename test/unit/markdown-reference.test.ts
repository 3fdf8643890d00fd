// The Markdown reference and llms.txt, as committed under generated/: they pass markdownlint with the
// project's config, every relative link and anchor resolves, each operation's section states the
// bundle's facts and no others, its code samples are the HTML docs' own, and a change to one
// operation changes its page and no other area's.
import fs from 'node:fs/promises';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { lint } from 'markdownlint/promise';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { curlSample, typescriptSample } from '../../scripts/pipeline/code-samples.ts';
import { areaFile, markdownReference } from '../../scripts/pipeline/markdown-reference.ts';
import { listOperations } from '../../scripts/bundle-operations.ts';
import { interfaceDocumentFile, withOperationLinks } from '../../scripts/pipeline/interface-document.ts';
import { operations as table } from '../../scripts/stated/operations.ts';
import { checkout, deref, type Json, loadBundle, root } from '../support/helpers.ts';

let bundle: Json;
let files: Map<string, string>;

beforeAll(async () => {
  bundle = await loadBundle();
  const names = ['llms.txt', 'llms-full.txt', ...(await fs.readdir(path.join(checkout.outputDir, 'reference'))).map((file) => `reference/${file}`)];
  files = new Map(await Promise.all(names.map(async (name) => [name, await fs.readFile(path.join(checkout.outputDir, name), 'utf8')] as const)));
});

/** The text outside fenced code blocks. */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```$/gm, '');

/** The anchors GitHub gives a page's headings, and those of `<a id>` elements (the interface document's rows). */
function anchors(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const ids = [...prose(markdown).matchAll(/<a id="([^"]+)"><\/a>/g)].map((match) => match[1]);
  return new Set([...[...prose(markdown).matchAll(/^#+ (.+)$/gm)].map((match) => slugger.slug(match[1])), ...ids]);
}

/** One operation's section of its area page: from its heading to the next of the same level. */
function section(page: string, summary: string): string {
  const start = page.indexOf(`\n## ${summary}\n`);
  if (start === -1) return '';
  const end = page.indexOf('\n## ', start + 1);
  return page.slice(start, end === -1 ? undefined : end);
}

describe('the Markdown reference', () => {
  it('is what the build makes from the bundle, file for file', () => {
    expect(new Map([...markdownReference(bundle)].toSorted())).toEqual(new Map([...files].toSorted()));
  });

  it('passes markdownlint with the project config', async () => {
    const config = parseYaml(await fs.readFile(path.join(root, '.markdownlint.yaml'), 'utf8'));
    const results = await lint({ strings: Object.fromEntries(files), config });
    const problems = Object.entries(results).flatMap(([file, errors]) =>
      errors.map((e) => `${file}:${e.lineNumber} ${e.ruleNames.join('/')} ${e.errorDetail ?? ''}`),
    );
    expect(problems).toEqual([]);
  });

  it('resolves every relative link and anchor', async () => {
    const broken: string[] = [];
    for (const [file, text] of files) {
      for (const [, target] of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const [linked, anchor] = target.split('#');
        const linkedFile = linked ? path.posix.join(path.posix.dirname(file), linked) : file;
        const exists =
          files.has(linkedFile) ||
          (await fs.stat(path.join(checkout.outputDir, linkedFile)).then(
            () => true,
            () => false,
          ));
        if (!exists) broken.push(`${file}: ${target} (no such file)`);
        else if (anchor && !anchors(files.get(linkedFile) ?? '').has(anchor)) broken.push(`${file}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
    // Everything is reachable from llms.txt: the index, each area page, the whole reference.
    const linked = [...files.get('llms.txt')!.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1]);
    expect(linked).toEqual(
      expect.arrayContaining(['reference/README.md', 'llms-full.txt', ...bundle.tags.map((tag: Json) => `reference/${areaFile(tag.name)}`)]),
    );
  });

  // Found by a trial of learning (issue 52): only mcp-tools.md listed the tools; an area's page did not link to them.
  it("links each area's page to the tools' page, naming its operations' tools", () => {
    for (const tag of bundle.tags) {
      const page = files.get(`reference/${areaFile(tag.name)}`)!;
      const ids = listOperations(bundle)
        .filter((operation) => operation.tag === tag.name)
        .map((operation) => `\`${operation.operationId}\``);
      expect(page, tag.name).toContain(
        `the MCP server serves these operations as tools of the same names, ${ids.join(', ')}: [The MCP server's tools](mcp-tools.md).`,
      );
    }
  });

  it("states each operation's facts from the bundle, and no other", () => {
    const operations = listOperations(bundle);
    expect(operations).toHaveLength(table.length);
    for (const operation of operations) {
      const page = files.get(`reference/${areaFile(operation.tag)}`) ?? '';
      const text = section(page, operation.summary);
      const where = `${operation.operationId} in reference/${areaFile(operation.tag)}`;
      expect(text, where).not.toBe('');
      const source = bundle.paths[operation.path][operation.method];
      const parameters = [...(bundle.paths[operation.path].parameters ?? []), ...(source.parameters ?? [])].map((p: Json) => deref(bundle, p));
      const body = source.requestBody ? deref(bundle, source.requestBody) : undefined;
      const label = deref(bundle, source.responses[operation.success.status]).description;

      // Every stated fact is there.
      expect(text, where).toContain(`| Method and path | \`${operation.method.toUpperCase()} ${operation.path}\` |`);
      expect(text, where).toContain(`| operationId | \`${operation.operationId}\` |`);
      expect(text, where).toContain(`| Success | \`${operation.success.status} ${label}\` |`);
      // Its description, with "Operation #N" a link to the row of #N on the interface document's page.
      expect(text, where).toContain(withOperationLinks(source.description.trim(), interfaceDocumentFile));

      // Nothing else is claimed: the parameters, the body, the statuses and media types are the bundle's.
      const stated = prose(text);
      expect(
        [...stated.matchAll(/^- Parameter `([^`]+)` \((\w+), ([^,]+(?:, [a-z-]+)?), (required|optional)/gm)].map((m) => `${m[1]} ${m[2]} ${m[3]} ${m[4]}`),
        where,
      ).toEqual(
        parameters.map(
          (p: Json) =>
            `${p.name} ${p.in} ${p.schema.type === 'object' ? `object of ${p.schema.additionalProperties.type}` : p.schema.type} ${p.required ? 'required' : 'optional'}`,
        ),
      );
      expect(
        [...stated.matchAll(/^- Body \((required|optional)\)/gm)].map((m) => m[1]),
        where,
      ).toEqual(body ? [body.required ? 'required' : 'optional'] : []);
      expect(stated.includes('- None: no parameters and no body.'), where).toBe(parameters.length === 0 && !body);
      expect(
        [...stated.matchAll(/^- `(\d{3}|default)\b/gm)].map((m) => m[1]),
        where,
      ).toEqual(Object.keys(source.responses));
      expect(new Set([...stated.matchAll(/\b[1-5]\d\d\b/g)].map((m) => m[0])), where).toEqual(
        new Set(Object.keys(source.responses).filter((s) => s !== 'default')),
      );
      expect(new Set([...stated.matchAll(/`(\w+\/[\w.+-]+)`/g)].map((m) => m[1])), where).toEqual(new Set(['application/json']));
      // No header, credential or limit the bundle does not have (its own prose says "authorization" in lower case).
      expect(stated, where).not.toMatch(/\b(Authorization|Bearer|X-[A-Z][\w-]*|Retry-After|RateLimit)\b/);
    }
  });

  it('shows the HTML docs’ own code samples for every operation', () => {
    const baseUrl = bundle.servers[0].variables.base_url.default;
    for (const operation of listOperations(bundle)) {
      const text = section(files.get(`reference/${areaFile(operation.tag)}`) ?? '', operation.summary);
      expect(text, operation.operationId).toContain(`\`\`\`ts\n${typescriptSample(operation, baseUrl)}\`\`\``);
      expect(text, operation.operationId).toContain(`\`\`\`sh\n${curlSample(operation, baseUrl)}\`\`\``);
    }
  });

  it("changes an operation's page, the index and llms-full.txt when the operation changes, and no other page", () => {
    const changed = structuredClone(bundle);
    changed.paths['/v1/batches/{id}/send'].post.responses['201'].description = 'Accepted';
    const after = markdownReference(changed);
    const differing = [...after.keys()].filter((file) => after.get(file) !== files.get(file));
    expect(differing.toSorted()).toEqual(['llms-full.txt', 'reference/messages-and-batches.md']);
    expect(section(after.get('reference/messages-and-batches.md')!, 'Send a batch')).toContain('| Success | `201 Accepted` |');
  });

  it('shows a response header an overlay adds, with its schema, under its response', () => {
    const changed = structuredClone(bundle);
    changed.paths['/v1/webhooks'].get.responses['200'].headers = {
      'X-Next-Cursor': { description: 'Where the next page starts.', required: true, schema: { type: 'string' } },
    };
    const text = section(markdownReference(changed).get('reference/webhooks.md')!, 'List webhooks');
    expect(text).toMatch(/^- `200 OK`: body .*\n {2}- Header `X-Next-Cursor` \(string, always sent\): Where the next page starts\.$/m);
  });
});
