// The description and the generated client cannot disagree about how a request looks: for every
// operation, the arguments come from the description (an `id` where the path has one, open query
// pairs where it has the query parameter, a body where it has one), the expected request line and
// body are derived from the description's own serialization rules (wire-format.ts), and the
// client's request, as a real server on 127.0.0.1 receives it, must be exactly that.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '../../generated/client.ts';
import { createEmailDeliveryClient } from '../../generated/client.ts';
import { operationById } from '../../scripts/bundle-operations.ts';
import { operations as table } from '../../scripts/stated/operations.ts';
import { eachOperation } from '../../scripts/openapi-document.ts';
import { checkout, deref, type Json } from '../support/helpers.ts';
import { startTestServer, type TestServer } from '../support/http-server.ts';
import { type CallArguments, successStatus, wireRequest } from '../support/wire-format.ts';

// Read when the file is collected: the tests are named after the description's own operations.
const bundle: Json = JSON.parse(fs.readFileSync(path.join(checkout.outputDir, 'openapi.json'), 'utf8'));
const operationIds: string[] = [...eachOperation(bundle)].map(({ operation }) => String(operation.operationId));
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** Arguments for an operation from what the description gives it, with characters that need encoding. */
function argumentsFor(document: Json, operationId: string): CallArguments {
  const { pathItem, operation } = operationById(document, operationId);
  const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p: Json) => deref(document, p));
  const args: CallArguments = {};
  if (parameters.some((p) => p.in === 'path')) args.id = "a b/c?d#e%f'é";
  if (parameters.some((p) => p.in === 'query')) args.query = { name: 'value', 'two words': 'a&b=c', 'ü/?': "!*'()" };
  if (operation.requestBody) args.body = { any: [1, 'two', { three: null }] };
  return args;
}

type AnyOperation = (client: unknown, args?: unknown) => Promise<{ response: Response }>;

describe('every operation, as the description says it is sent', () => {
  it(`covers the ${table.length} operations of the table`, () => {
    expect(operationIds).toHaveLength(table.length);
  });

  it.each(operationIds)('%s', async (operationId) => {
    const args = argumentsFor(bundle, operationId);
    server.requests.length = 0;
    server.reply = () => ({ status: successStatus(bundle, operationId), body: '{}', headers: { 'content-type': 'application/json' } });
    const client = createEmailDeliveryClient({ baseUrl: server.url });
    const call = (api as unknown as Record<string, AnyOperation>)[operationId];
    const { response } = await (Object.keys(args).length ? call(client, args) : call(client));
    expect(response.status).toBe(successStatus(bundle, operationId));

    const expected = wireRequest(bundle, operationId, args);
    const [received] = server.requests;
    expect(server.requests).toHaveLength(1);
    expect(`${received.method} ${received.target}`).toBe(`${expected.method} ${expected.target}`);
    expect(received.headers['content-type']?.split(';')[0]).toBe(expected.contentType);
    expect(received.body ? JSON.parse(received.body) : undefined).toEqual(expected.body ? JSON.parse(expected.body) : undefined);
  });
});

describe('wireRequest', () => {
  it('refuses a serialization it does not know, so a changed description cannot pass unseen', () => {
    const changed = structuredClone(bundle);
    changed.components.parameters.OpenQuery.explode = false;
    expect(() => wireRequest(changed, 'getApiKey', { query: { a: 'b' } })).toThrow(/only an optional object in style form, exploded, is known/);
    changed.components.parameters.Id.style = 'label';
    expect(() => wireRequest(changed, 'getUnsubscribeGroup', { id: 'x' })).toThrow(/only a required string in style simple is known/);
  });
});
