// The generated client against the run's Prism mock of the bundle (test/support/fixture.ts' mock,
// in --errors mode): every request the client makes must satisfy the description, and every
// operation answers its success status.
import { describe, expect, it } from 'vitest';
import * as api from '../../generated/client.ts';
import { createEmailDeliveryClient, type EmailDeliveryClient } from '../../generated/client.ts';
import { fixture } from '../support/fixture.ts';
import { operations, type OperationRow } from '../../scripts/stated/operations.ts';

const mock = fixture().mock;
const client: EmailDeliveryClient = createEmailDeliveryClient({ baseUrl: mock });

function argsFor(row: OperationRow): unknown[] {
  switch (row.request) {
    case 'none':
      return [];
    case 'id':
      return [{ id: 'res 1/é' }];
    case 'query':
      return [{ query: { any: 'pair', other: 'value' } }];
    case 'id+optional-body':
      return [{ id: 'res-1', body: { any: 'field' } }];
    case 'required-body':
      return [{ body: { any: 'field' } }];
  }
}

type AnyOperation = (client: EmailDeliveryClient, ...rest: unknown[]) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

describe('against the Prism mock', () => {
  it('listens on 127.0.0.1', () => {
    expect(mock).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it.each(operations)('#$n $operationId answers $status $label', async (row) => {
    const operation = (api as unknown as Record<string, AnyOperation>)[row.operationId];
    const result = await operation(client, ...argsFor(row));
    expect(result.error, JSON.stringify(result.error)).toBeUndefined();
    expect(result.response.status).toBe(Number(row.status));
    expect(result.response.statusText).toBe(row.label);
  });

  it('rejects what the description forbids: a required body left out', async () => {
    const { response, error } = await client.PATCH('/v1/user/password', {} as never);
    expect(response.status).toBe(422);
    expect(error).toBeDefined();
  });
});
