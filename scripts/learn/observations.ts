// What the traffic shows, operation by operation, as counts and shapes (never a value): each
// matched exchange adds its success or error body's shape, its request body's, the kinds of its
// query and header parameters, and the carriers of its credentials; an exchange no operation
// matches is counted by method and path. Everything is a count, a union or a shape (shape.ts), so
// the same exchanges give the same observations in any order.
import { type Carrier, carrierKey, cookieNames, headerCarrier, isProtocolHeader, queryCarrier } from './credential-carriers.ts';
import type { Body, Exchange } from './exchange.ts';
import { nameVerdict, plainHeaderName, shownName } from './field-names.ts';
import { learnLimits } from './learn-limits.ts';
import type { MatchedOperation } from './match-operation.ts';
import { compare, emptyShape, jsonType, observe, scalarKind, type Shape } from './shape.ts';

/** A query or header parameter: how often it was sent, the kinds of its values, whether one request repeated it. */
export interface ParameterSeen {
  count: number;
  kinds: number;
  repeated: boolean;
  /** For a header: each spelling of its name, with how often (the most frequent is written). */
  spellings?: Map<string, number>;
}

/** A body place: its shape, and the bodies that were not learned, by why. */
export interface BodySeen {
  shape: Shape;
  /** Bodies learned. */
  count: number;
  notLearned: Map<string, number>;
}

export interface OperationSeen {
  operation: MatchedOperation;
  exchanges: number;
  success: BodySeen;
  error: BodySeen & { statuses: Map<number, number> };
  request: BodySeen;
  /** Answers with a 2xx other than the stated one, by status: contradictions, not learned. */
  otherSuccess: Map<number, number>;
  query: Map<string, ParameterSeen>;
  /** By lower-case name. */
  headers: Map<string, ParameterSeen>;
  /** By carrierKey: the carrier and how many exchanges carried it. */
  credentials: Map<string, { carrier: Carrier; count: number }>;
  /** Exchanges that carried no credential the names show. */
  withoutCredentials: number;
  /** Names of query or header parameters not written, by why, with how often. */
  droppedNames: Map<string, number>;
}

export interface Observations {
  exchanges: number;
  operations: Map<string, OperationSeen>;
  /** `METHOD path` of the exchanges no operation matches, with how often (at most learnLimits.unmatchedKept kept). */
  unmatched: Map<string, number>;
  unmatchedCount: number;
}

export const emptyObservations = (): Observations => ({ exchanges: 0, operations: new Map(), unmatched: new Map(), unmatchedCount: 0 });

const bodySeen = (): BodySeen => ({ shape: emptyShape(), count: 0, notLearned: new Map() });
const bump = <K>(map: Map<K, number>, key: K, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

function addBody(seen: BodySeen, body: Body): void {
  if (body.kind === 'json') {
    seen.count++;
    observe(seen.shape, body.value);
  } else if (body.kind === 'not json') bump(seen.notLearned, `not JSON (${body.mediaType})`);
  else if (body.kind === 'too large') bump(seen.notLearned, `over ${learnLimits.bodyBytes} bytes`);
}

function operationSeen(operation: MatchedOperation): OperationSeen {
  return {
    operation,
    exchanges: 0,
    success: bodySeen(),
    error: { ...bodySeen(), statuses: new Map() },
    request: bodySeen(),
    otherSuccess: new Map(),
    query: new Map(),
    headers: new Map(),
    credentials: new Map(),
    withoutCredentials: 0,
    droppedNames: new Map(),
  };
}

function addParameter(map: Map<string, ParameterSeen>, key: string, values: string[], spelling?: string): void {
  const seen = map.get(key) ?? { count: 0, kinds: 0, repeated: false };
  seen.count++;
  seen.repeated ||= values.length > 1;
  for (const value of values) seen.kinds |= scalarKind(value);
  if (spelling !== undefined) bump((seen.spellings ??= new Map()), spelling);
  map.set(key, seen);
}

/** The request's parameters and credentials: query and header names classified, values read only for their kind. */
function addRequestParts(seen: OperationSeen, exchange: Exchange): void {
  const carried = new Map<string, Carrier>();
  const query = new Map<string, string[]>();
  for (const [name, value] of exchange.query) query.set(name, [...(query.get(name) ?? []), value]);
  for (const [name, values] of query) {
    const carrier = queryCarrier(name);
    if (carrier) carried.set(carrierKey(carrier), carrier);
    else if (nameVerdict(name) === undefined) addParameter(seen.query, name, values);
    else bump(seen.droppedNames, nameVerdict(name) === 'value' ? 'query names that look like values' : `query parameter ${shownName(name)}`);
  }
  const headers = new Map<string, { spelling: string; values: string[] }>();
  for (const [name, value] of exchange.headers) {
    if (name.toLowerCase() === 'cookie') {
      for (const cookie of cookieNames(value)) {
        const carrier: Carrier = { kind: 'apiKey', in: 'cookie', name: cookie };
        carried.set(carrierKey(carrier), carrier);
      }
      continue;
    }
    const carrier = headerCarrier(name, value);
    // A carrier's header name becomes a security scheme's `name` (the client sends it, the docs show it): a plain name only.
    if (carrier && carrier.name !== 'Authorization' && !plainHeaderName.test(name)) bump(seen.droppedNames, `credential header ${shownName(name)}`);
    else if (carrier) carried.set(carrierKey(carrier), carrier);
    else if (!isProtocolHeader(name)) {
      const entry = headers.get(name.toLowerCase()) ?? { spelling: name, values: [] };
      entry.values.push(value);
      headers.set(name.toLowerCase(), entry);
    }
  }
  for (const [key, { spelling, values }] of headers) {
    if (plainHeaderName.test(spelling)) addParameter(seen.headers, key, values, spelling);
    else bump(seen.droppedNames, `header ${shownName(spelling)}`);
  }
  for (const [key, carrier] of carried) {
    const had = seen.credentials.get(key);
    seen.credentials.set(key, { carrier: earlierSpelling(had?.carrier, carrier), count: (had?.count ?? 0) + 1 });
  }
  if (carried.size === 0) seen.withoutCredentials++;
}

/** Adds one exchange, matched to `operation` (or to none), to `observations`. */
export function addExchange(observations: Observations, exchange: Exchange, operation: MatchedOperation | undefined, successStatus?: string): void {
  observations.exchanges++;
  if (!operation) {
    observations.unmatchedCount++;
    const key = `${exchange.method} ${exchange.path.slice(0, 200)}`;
    if (observations.unmatched.has(key) || observations.unmatched.size < learnLimits.unmatchedKept) bump(observations.unmatched, key);
    return;
  }
  const key = `${operation.method} ${operation.path}`;
  let seen = observations.operations.get(key);
  if (!seen) observations.operations.set(key, (seen = operationSeen(operation)));
  seen.exchanges++;
  addRequestParts(seen, exchange);
  if (exchange.method !== 'GET' && exchange.method !== 'HEAD') addBody(seen.request, exchange.requestBody);
  const status = exchange.status;
  if (status === undefined) return;
  if (String(status) === successStatus) addBody(seen.success, exchange.responseBody);
  else if (status >= 200 && status < 300) bump(seen.otherSuccess, status);
  else if (status >= 400) {
    bump(seen.error.statuses, status);
    addBody(seen.error, exchange.responseBody);
  }
}

/** Of two spellings of one carrier (`X-Api-Key`, `x-api-key`), the first in code-unit order: the same whatever order the exchanges came in. */
export const earlierSpelling = (had: Carrier | undefined, carrier: Carrier): Carrier => (had && compare(had.name, carrier.name) <= 0 ? had : carrier);

/** Whether a parameter's values were repeated in one request (a list) and of which one type. */
export const parameterKinds = (seen: ParameterSeen) => ({ list: seen.repeated, kinds: seen.kinds === 0 ? jsonType.string : seen.kinds });
