// What the interface document states, as readers see it: the Markdown page and the HTML page beside
// the rendered docs hold one row per operation of the project's table (number, method, path, success
// label, request part) and each part with its verdict; every "Operation #N" in the reference and in
// the docs' bundle links to the row of #N.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations } from '../../scripts/stated/operations.ts';
import { documentParts, verdicts } from '../../scripts/stated/overview.ts';
import {
  interfaceDocumentHtml,
  interfaceDocumentMarkdown,
  rowAnchor,
  withInterfaceDocumentLinks,
  withOperationLinks,
} from '../../scripts/pipeline/interface-document.ts';
import { listOperations } from '../../scripts/bundle-operations.ts';
import { checkout, type Json, loadBundle } from '../support/helpers.ts';

describe('the interface document page', () => {
  const markdown = interfaceDocumentMarkdown();
  const html = interfaceDocumentHtml();

  it('holds a row per operation of the table, with its anchor, method, path, success label and request part', () => {
    const rows = markdown.split('\n').filter((line) => line.startsWith('| <a id='));
    expect(rows).toHaveLength(operations.length);
    for (const [index, row] of operations.entries()) {
      const cells = rows[index].split(' | ');
      expect(cells[0]).toBe(`| <a id="${rowAnchor(row.n)}"></a>${row.n}`);
      expect(cells.slice(1, 4)).toEqual([`\`${row.method.toUpperCase()}\``, `\`${row.path}\``, expect.stringContaining(`\`${row.status} ${row.label}\``)]);
      expect(cells[4]).toMatch(row.request === 'none' ? /^none shown$/ : row.methodOnly ? /^in neither list of rule 1; / : /^shown: /);
      expect(html).toContain(`<tr id="${rowAnchor(row.n)}"><td>${row.n}</td>`);
    }
  });

  it('says what the document states of each of its parts', () => {
    for (const part of documentParts) {
      expect(markdown).toContain(`| ${part} | ${verdicts[part]} |`);
      expect(html).toContain(`<td>${part}</td><td>${verdicts[part]}</td>`);
    }
  });

  it('is committed as the build makes it', async () => {
    expect(await fs.readFile(path.join(checkout.outputDir, 'reference', 'interface-document.md'), 'utf8')).toBe(markdown);
  });

  it('is what every "Operation #N" of the docs links to', async () => {
    const bundle = await loadBundle();
    const linked: Json = withInterfaceDocumentLinks(bundle);
    for (const { path: at, method } of listOperations(bundle)) {
      const description = String(linked.paths[at][method].description);
      const n = operations.find((row) => row.path === at && row.method === method)!.n;
      expect(description).toContain(`[Operation #${n}](interface-document.html#${rowAnchor(n)}) of the interface document`);
    }
    expect(linked.info.description).toMatch(/^\[What the interface document states\]\(interface-document\.html\)/);
    expect(bundle.info.description).not.toContain('interface-document.html'); // the committed bundle is unchanged
  });

  it('links only the phrase, and escapes what it prints in HTML', () => {
    expect(withOperationLinks('See Operation #7 of the interface document. Operation #7 alone is not linked.', 'p.md')).toBe(
      'See [Operation #7](p.md#operation-7) of the interface document. Operation #7 alone is not linked.',
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`);
  });
});
