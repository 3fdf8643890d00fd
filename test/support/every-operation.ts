// One call of every operation through the built client, as JavaScript that runs anywhere the
// client must (Node 20, Node 24, a browser), and what each call must put on the wire. The
// end-to-end runtime tests run it against a recording server on 127.0.0.1.
import { type OperationRow, operations } from '../../scripts/stated/operations.ts';

const id = 'id 1/é';

/** The arguments of each operation function, by its request part. */
function argsOf(row: OperationRow): unknown[] {
  switch (row.request) {
    case 'none':
      return [];
    case 'id':
      return [{ id }];
    case 'query':
      return [{ query: { name: 'value', 'two words': 'a&b' } }];
    case 'id+optional-body':
      return [{ id, body: { any: 1 } }];
    case 'required-body':
      return [{ body: { any: 1 } }];
  }
}

/** The request line and body each call must send. */
export function expectedRequest(row: OperationRow): { method: string; target: string; body: string } {
  const target = row.path.replace('{id}', encodeURIComponent(id)) + (row.request === 'query' ? '?name=value&two%20words=a%26b' : '');
  return { method: row.method.toUpperCase(), target, body: row.request.endsWith('body') ? '{"any":1}' : '' };
}

/** The status the recording server answers a request with: the operation's success status. */
export function successStatusOf(method: string, target: string): number {
  const path = target.split('?')[0];
  const row = operations.find((r) => r.method.toUpperCase() === method && new RegExp(`^${r.path.replace('{id}', '[^/]+')}$`).test(path));
  return row ? Number(row.status) : 404;
}

/**
 * An ES module that imports the client from `specifier` and exports `callEvery(baseUrl)`: it calls
 * every operation once, in the table's order, and resolves to `[operationId, status, statusText]` each.
 */
export function callEveryModule(specifier: string): string {
  const calls = operations.map((row) => [row.operationId, argsOf(row)]);
  return `import * as api from '${specifier}';

const calls = ${JSON.stringify(calls)};

export async function callEvery(baseUrl) {
  const client = api.createEmailDeliveryClient({ baseUrl });
  const results = [];
  for (const [operationId, args] of calls) {
    const { response, error } = await api[operationId](client, ...args);
    if (error !== undefined) throw new Error(operationId + ': ' + JSON.stringify(error));
    results.push([operationId, response.status, response.statusText]);
  }
  return results;
}
`;
}

/** What `callEvery` must resolve to. */
export const expectedResults = operations.map((row) => [row.operationId, Number(row.status), row.label]);
