// What a verification will send, decided before anything is sent: one request per operation it
// may call, and for every other operation the reason it is not called. Safe by default: only GET
// operations, and one with `{id}` only with an id the user gives; a write only when the user
// names it and says the verification writes (checkNames in verify-options.ts).
import { listOperations, operationById, type Operation } from '../bundle-operations.ts';
import { type OpenApiDocument, operationParameters } from '../openapi-document.ts';
import { encodeStrict } from '../pipeline/client-runtime.ts';
import type { VerifyOptions } from './verify-options.ts';

export interface PlannedOperation {
  operation: Operation;
  /** The request's URL, with the ids filled in; undefined when the operation is not called. */
  url?: string;
  /** Why it is not called: what would call it. */
  notCalled?: string;
  /** The kind of reason, shared by the operations it keeps from being called. */
  group?: NotCalledGroup;
  /** The arguments of the client's operation function. */
  args?: Record<string, unknown>;
}

export type NotCalledGroup = 'a write' | 'needs an id' | 'needs a parameter' | 'service down' | 'not in the traffic';

/** What each group of operations not called needs, said once above them. */
export const groupHeadings: Record<NotCalledGroup, string> = {
  'a write': 'writes (POST, PUT, PATCH, DELETE): each is called only when named with --write <operationId> --allow-writes',
  'needs an id': 'need an existing {id}: each is called with --id <operationId>=<id>',
  'needs a parameter': 'need a required parameter verify cannot fill: add a value to the service or verify it by hand',
  'service down': 'not sent: the service is down (connection failures in a row); check --base-url and the service, then run again',
  'not in the traffic': 'not in the recorded traffic (--traffic): no exchange matches them',
};

/** A required parameter of the (overlaid) operation that verify cannot fill: not in the path (--id), not a header given with --header. */
function unfillable(document: OpenApiDocument, operation: Operation, options: VerifyOptions): string | undefined {
  const { pathItem, operation: node } = operationById(document, operation.operationId);
  const headers = new Set(options.headers.map(([name]) => name.toLowerCase()));
  for (const parameter of operationParameters(document, pathItem, node)) {
    if (parameter.required !== true || parameter.in === 'path') continue;
    if (parameter.in === 'header' && headers.has(String(parameter.name).toLowerCase())) continue;
    const name = String(parameter.name);
    return parameter.in === 'header'
      ? `needs the required header parameter ${JSON.stringify(name)}: give it with --header ${JSON.stringify(`${name}: <value>`)}`
      : `needs the required ${parameter.in} parameter ${JSON.stringify(name)}, which verify cannot fill`;
  }
  return undefined;
}

export function planVerification(document: OpenApiDocument, options: VerifyOptions): PlannedOperation[] {
  return listOperations(document).map((operation): PlannedOperation => {
    const { operationId, method } = operation;
    if (method !== 'get' && !options.writes.includes(operationId))
      return { operation, group: 'a write', notCalled: `a write: --write ${operationId} --allow-writes` };
    const args: Record<string, unknown> = {};
    for (const name of operation.pathParameters) {
      const value = options.ids.get(operationId);
      if (value === undefined) return { operation, group: 'needs an id', notCalled: `needs an existing {${name}}: --id ${operationId}=<${name}>` };
      args[name] = value;
    }
    const missing = unfillable(document, operation, options);
    if (missing) return { operation, group: 'needs a parameter', notCalled: missing };
    // The description states no body field: a required body is the empty object, an optional one is not sent.
    if (operation.body?.required) args.body = {};
    const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeStrict(String(args[name])));
    return { operation, url: `${options.baseUrl}${path}`, args };
  });
}

/** The plan as the terminal shows it, before anything is sent: each call, and how many are not called (listed with the verdicts, or here with `all`). */
export function planLines(plan: PlannedOperation[], options: VerifyOptions, all: boolean): string[] {
  const called = plan.filter((entry) => entry.url);
  const seconds = (called.length / options.rate).toFixed(1);
  const lines = [
    `verify: plan: ${called.length} of ${plan.length} operations, one request each (at most ${options.maxRedirects} redirects within the origin), at most ${options.rate} a second (about ${seconds} s), each exchange within ${options.timeoutMs / 1000} s and ${options.maxBodyBytes} bytes a body${options.headers.length > 0 ? `, with the header(s) ${options.headers.map(([name]) => name).join(', ')}` : ''}`,
  ];
  for (const entry of called) lines.push(`  call  ${entry.operation.method.toUpperCase().padEnd(6)} ${entry.url}  ${entry.operation.operationId}`);
  const skipped = plan.filter((entry) => !entry.url);
  if (skipped.length === 0) return lines;
  if (!all) return [...lines, `  and ${skipped.length} not called, listed with the verdicts`];
  for (const group of Object.keys(groupHeadings) as NotCalledGroup[]) {
    const members = skipped.filter((entry) => entry.group === group);
    if (members.length > 0) lines.push(`  not called, ${members.length} ${groupHeadings[group]}:`);
    for (const entry of members) lines.push(`    ${entry.operation.operationId} (${entry.operation.method.toUpperCase()}): ${entry.notCalled}`);
  }
  return lines;
}
