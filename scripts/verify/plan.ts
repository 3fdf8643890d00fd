// What a verification will send, decided before anything is sent: one request per operation it
// may call, and for every other operation the reason it is not called. Safe by default: only GET
// operations, and one with `{id}` only with an id the user gives; a write only when the user
// names it and says the verification writes (checkNames in verify-options.ts).
import { listOperations, type Operation } from '../pipeline/operations.ts';
import type { Json } from '../openapi-document.ts';
import { encodeStrict } from '../pipeline/client-runtime.ts';
import type { VerifyOptions } from './verify-options.ts';

export interface PlannedOperation {
  operation: Operation;
  /** The request's URL, with the ids filled in; undefined when the operation is not called. */
  url?: string;
  /** Why it is not called. */
  notCalled?: string;
  /** The arguments of the client's operation function. */
  args?: Record<string, unknown>;
}

export function planVerification(document: Json, options: VerifyOptions): PlannedOperation[] {
  return listOperations(document).map((operation): PlannedOperation => {
    const { operationId, method } = operation;
    if (method !== 'get' && !options.writes.includes(operationId))
      return { operation, notCalled: `a write (${method.toUpperCase()}): called only when named with --write ${operationId} --allow-writes` };
    const args: Record<string, unknown> = {};
    for (const name of operation.pathParameters) {
      const value = options.ids.get(operationId);
      if (value === undefined) return { operation, notCalled: `needs an existing {${name}}: pass --id ${operationId}=<${name}>` };
      args[name] = value;
    }
    // The description states no body field: a required body is the empty object, an optional one is not sent.
    if (operation.body?.required) args.body = {};
    const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeStrict(String(args[name])));
    return { operation, url: `${options.baseUrl}${path}`, args };
  });
}

/** The plan as the terminal shows it, before anything is sent. */
export function planLines(plan: PlannedOperation[], options: VerifyOptions): string[] {
  const called = plan.filter((entry) => entry.url);
  const seconds = (called.length / options.rate).toFixed(1);
  const lines = [
    `verify: plan: ${called.length} of ${plan.length} operations, one request each, at most ${options.rate} a second (about ${seconds} s), each with a ${options.timeoutMs / 1000} s timeout${options.headers.length > 0 ? `, with the header(s) ${options.headers.map(([name]) => name).join(', ')}` : ''}`,
  ];
  for (const entry of called) lines.push(`  call  ${entry.operation.method.toUpperCase().padEnd(6)} ${entry.url}  ${entry.operation.operationId}`);
  for (const entry of plan.filter((e) => !e.url)) lines.push(`  skip  ${entry.operation.operationId}: ${entry.notCalled}`);
  return lines;
}
