// The overlays docs/overlays.md and docs/generators.md show: each is shown as its file in
// examples/overlays/ is, and each applies to the description and passes the standard lint, with
// the facts it states in the result (and, for those the client carries today, in the client and
// the Markdown reference). The progenitor overlay leaves no shape progenitor refuses.
import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateClient } from '../../scripts/pipeline/generate-client.ts';
import { markdownReference } from '../../scripts/pipeline/markdown-reference.ts';
import { type Overlaid, overlaidDescription } from '../../scripts/overlay/build-overlaid.ts';
import { checkout, type Json, loadBundle, root } from '../support/helpers.ts';

const examples = path.join(root, 'examples', 'overlays');
let base: Json;

beforeAll(async () => {
  base = await loadBundle();
});

// The tests read the overlaid document untyped (helpers.ts's Json).
const overlaid = (...names: string[]): Promise<Overlaid & { document: Json }> =>
  overlaidDescription(checkout, { overlays: names.map((name) => path.join(examples, name)), out: '', shownAs: (file) => path.basename(file) }, base);

describe('the overlays the docs show', () => {
  it.each([
    ['docs/overlays.md', ['paging.yaml', 'idempotency.yaml', 'bearer.yaml', 'fields.yaml', 'error-body.yaml']],
    ['docs/generators.md', ['progenitor.yaml']],
  ])('%s shows each whole, as its file is', async (doc, names) => {
    const text = await fs.readFile(path.join(root, doc), 'utf8');
    for (const name of names) expect(text, name).toContain(`\`\`\`yaml\n${await fs.readFile(path.join(examples, name), 'utf8')}\`\`\``);
  });

  it('paging: a typed cursor query parameter on listWebhooks and a typed page', async () => {
    const { document, changesText, warnings } = await overlaid('paging.yaml');
    expect(document.paths['/v1/webhooks'].get.parameters).toEqual([expect.objectContaining({ name: 'cursor', in: 'query', schema: { type: 'string' } })]);
    expect(document.components.schemas.ListWebhooksResponseBody.required).toEqual(['items']);
    expect(changesText).toContain('listWebhooks: query parameter `cursor`: a caller may now send it (string, optional)');
    expect(warnings).toEqual([]);
  });

  it('an idempotency header: a required header parameter on sendBatch', async () => {
    const { document, changesText } = await overlaid('idempotency.yaml');
    expect(document.paths['/v1/batches/{id}/send'].post.parameters.at(-1)).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: true });
    expect(changesText).toContain('sendBatch: header parameter `Idempotency-Key`: a caller must now send it (string) (can break a caller)');
  });

  it('a bearer scheme: every operation needs it, the client takes it as a credential, the samples pass it, the report writes its header as code', async () => {
    const { document, changesText, changesMarkdown } = await overlaid('bearer.yaml');
    expect(changesText[0]).toBe(
      'every operation: credentials: a caller must now send ExampleBearer (HTTP bearer: `Authorization: Bearer <token>`) (can break a caller)',
    );
    // In the Markdown report's other changes, as in its table for callers (from overlay.test.ts).
    expect(changesMarkdown).toContain('| add | security scheme ExampleBearer: HTTP bearer: `Authorization: Bearer <token>` |');
    expect(generateClient(document)).toContain('  ExampleBearer: ["Authorization", "Bearer "],');
    expect(markdownReference(document).get('reference/webhooks.md')).toContain("    ExampleBearer: 'your credential',");
  });

  it('typed fields, with the bearer scheme: both apply together', async () => {
    const { document } = await overlaid('bearer.yaml', 'fields.yaml');
    expect(document.components.schemas.SendBatchRequestBody.required).toEqual(['subject']);
    expect(markdownReference(document).get('reference/messages-and-batches.md')).toContain("    body: { subject: 'text' },");
  });

  it("one operation's error body: deleteWebhook's `default` is its own, the other operations keep the shared one", async () => {
    const { document, changesText, warnings } = await overlaid('error-body.yaml');
    const remove = document.paths['/v1/webhooks/{id}'].delete;
    expect(remove.responses.default).toEqual({ $ref: '#/components/responses/DeleteWebhookError' });
    expect(document.paths['/v1/webhooks'].get.responses.default).toEqual({ $ref: '#/components/responses/ErrorResponse' });
    expect(changesText).toContain('deleteWebhook: default response field `code` at $.code: a caller may find it (string, optional)');
    expect(remove.description).toContain('Response fields, error status codes, error conditions and required authorization are not specified.');
    expect(warnings).toEqual([]);
  });

  it('progenitor: no operation keeps a `default` response beside its success response; each has 4XX and 5XX', async () => {
    const { document } = await overlaid('progenitor.yaml');
    const operationsOf = (paths: Json) =>
      Object.values<Json>(paths).flatMap((item) => Object.entries<Json>(item).flatMap(([key, operation]) => (key === 'parameters' ? [] : [operation])));
    const shapes = operationsOf(document.paths).map((operation) => Object.keys(operation.responses ?? {}).filter((status) => !/^2\d\d$/.test(status)));
    expect(shapes.length).toBe(operationsOf(base.paths).length);
    for (const others of shapes) expect(others.sort()).toEqual(['4XX', '5XX']);
    expect(document.paths['/v1/scopes'].get.responses['4XX']).toEqual({ $ref: '#/components/responses/ErrorResponse' });
  });
});
