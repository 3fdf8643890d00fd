// `npm run lint -- --fix` (scripts/lint/fix-wordings.ts), in this process on a temporary project:
// it writes each wording faithful/prose wants where the source differs, in a path file, a schema
// file and openapi.yaml, leaves the author's leads and the rest of each file as they were, and
// refuses, writing nothing, a change it cannot read back.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixWordings, spliceWordings } from '../../scripts/lint/fix-wordings.ts';
import { proseBreaches } from '../../scripts/lint/contract/prose.ts';
import { checkout, edit, loadBundle, temporaryProject, type TemporaryProject } from '../support/helpers.ts';

let temporary: TemporaryProject;
beforeEach(async () => {
  temporary = await temporaryProject();
});
afterEach(async () => {
  await temporary.remove();
});

const source = (dir: string, file: string) => fs.readFile(path.join(dir, 'openapi', file), 'utf8');

describe('lint --fix', () => {
  it('writes the wordings where the texts differ, keeps the leads, and leaves the rest of each file as it was', async () => {
    const { dir } = temporary;
    await edit(dir, 'openapi/paths/v1_webhooks.yaml', 'Response fields, errors and required authorization are not specified.', 'Nothing else is known.');
    await edit(dir, 'openapi/paths/v1_webhooks.yaml', 'Lists the webhooks.', 'Returns the webhooks.');
    await edit(dir, 'openapi/openapi.yaml', 'Quota values and rate limits are not specified.', 'Quotas reset monthly.');
    await edit(
      dir,
      'openapi/components/schemas/ListQuotasResponseBody.yaml',
      'The interface document specifies neither',
      'Quotas are paged. The interface document specifies neither',
    );
    const { files, texts } = await fixWordings(temporary.project);
    expect(files.toSorted()).toEqual(['openapi/components/schemas/ListQuotasResponseBody.yaml', 'openapi/openapi.yaml', 'openapi/paths/v1_webhooks.yaml']);
    expect(texts).toBe(3);
    // A block of lines is written as it was: the file is the checkout's again, but for the author's lead.
    expect(await source(dir, 'paths/v1_webhooks.yaml')).toBe(
      (await source(checkout.root, 'paths/v1_webhooks.yaml')).replace('Lists the webhooks.', 'Returns the webhooks.'),
    );
    const root = await source(dir, 'openapi.yaml');
    expect(root).toContain('Quota values and rate limits are not\n      specified.');
    expect(root.split('\n').length).toBe((await source(checkout.root, 'openapi.yaml')).split('\n').length + 1);
    expect(await source(dir, 'components/schemas/ListQuotasResponseBody.yaml')).toMatch(
      /^description: >-\n {2}The quotas, as returned by `listQuotas`\. The interface document/,
    );
    expect(await fixWordings(temporary.project)).toEqual({ files: [], texts: 0 });
  });

  it('never rewrites a lead: a lead that breaks the vocabulary stays, for its author to change', async () => {
    await edit(temporary.dir, 'openapi/paths/v1_webhooks.yaml', 'Lists the webhooks.', 'Lists the webhooks, if cached.');
    expect(await fixWordings(temporary.project)).toEqual({ files: [], texts: 0 });
    expect(await source(temporary.dir, 'paths/v1_webhooks.yaml')).toContain('Lists the webhooks, if cached.');
  });

  it('refuses a change it cannot read back, and a value that is not a text', () => {
    const text = 'get:\n  description: |\n    Lead.\n\n    Old.\n  operationId: x\n';
    expect(spliceWordings(text, [{ pointer: '#/get/description', text: 'Lead.\n\nNew.' }])).toBe(
      'get:\n  description: |\n    Lead.\n\n    New.\n  operationId: x\n',
    );
    expect(spliceWordings(text, [{ pointer: '#/get', text: 'x' }])).toBeUndefined();
    // A missing text is added as the first key of its mapping.
    expect(spliceWordings(text, [{ pointer: '#/get/missing', text: 'x' }])).toBe(
      'get:\n  missing: >-\n    x\n  description: |\n    Lead.\n\n    Old.\n  operationId: x\n',
    );
    expect(spliceWordings(text, [{ pointer: '#/none/missing', text: 'x' }])).toBeUndefined();
  });

  it("adds or replaces a text in a sequence's item, at its keys' column (an area's tag written with its name only)", () => {
    const tags = 'tags:\n  - name: Quotas\n    description: Old.\n  - name: Suppressions\n  - description: Old too.\n    name: Last\n';
    const fixes = [
      { pointer: '#/tags/0/description', text: 'Operations under `/v1/quotas`.' },
      { pointer: '#/tags/1/description', text: 'Operations under `/v1/suppressions`.' },
      { pointer: '#/tags/2/description', text: 'New.' },
    ];
    expect(spliceWordings(tags, fixes)).toBe(
      'tags:\n  - name: Quotas\n    description: >-\n      Operations under `/v1/quotas`.\n  - description: >-\n      Operations under `/v1/suppressions`.\n    name: Suppressions\n  - description: >-\n      New.\n    name: Last\n',
    );
  });

  it("keeps a file's CRLF line breaks, and refuses a text with a comment after it (the comment would move)", () => {
    const crlf = 'tags:\r\n  - name: A\r\n    description: Old text.\r\n';
    expect(spliceWordings(crlf, [{ pointer: '#/tags/0/description', text: 'New text.' }])).toBe(
      'tags:\r\n  - name: A\r\n    description: >-\r\n      New text.\r\n',
    );
    expect(spliceWordings('tags:\n  - name: A\n    description: Old. # reviewed\n', [{ pointer: '#/tags/0/description', text: 'New.' }])).toBeUndefined();
  });

  it('writes the files it can, and names the one it cannot, leaving it as it was', async () => {
    const { dir } = temporary;
    await edit(dir, 'openapi/paths/v1_webhooks.yaml', 'Response fields, errors and required authorization are not specified.', 'Nothing else is known.');
    await edit(
      dir,
      'openapi/openapi.yaml',
      'Operations under `/v1/api-key`, `/v1/scopes` and `/v1/user/password`.',
      'Operations under `/v1/scopes`. # reviewed',
    );
    const root = await source(dir, 'openapi.yaml');
    await expect(fixWordings(temporary.project)).rejects.toThrow(
      /^could not write the wordings of openapi\/openapi\.yaml \(at #\/tags\/0\/description\) and read them back \(a comment after the text, a flow mapping\?\), so they are as they were: paste them from `npm run lint`; wrote openapi\/paths\/v1_webhooks\.yaml$/,
    );
    expect(await source(dir, 'openapi.yaml')).toBe(root);
    expect(await source(dir, 'paths/v1_webhooks.yaml')).toBe(await source(checkout.root, 'paths/v1_webhooks.yaml'));
  });

  it('adds a text the contract writes whole where it is missing (a request body that has none)', async () => {
    const { dir } = temporary;
    await edit(dir, 'openapi/paths/v1_batches_id_send.yaml', '    description: A JSON object whose fields the interface document does not state.\n', '');
    expect(await fixWordings(temporary.project)).toEqual({ files: ['openapi/paths/v1_batches_id_send.yaml'], texts: 1 });
    expect(await source(dir, 'paths/v1_batches_id_send.yaml')).toContain(
      '  requestBody:\n    description: >-\n      A JSON object whose fields the interface document does not state.\n    required: false\n',
    );
  });

  it('leaves the committed description as it is: it holds every wording', async () => {
    expect(proseBreaches(await loadBundle())).toEqual([]);
    expect(await fixWordings(temporary.project)).toEqual({ files: [], texts: 0 });
  });
});
