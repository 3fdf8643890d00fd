// What the traffic shows, operation by operation, as counts and shapes (never a value): each
// matched exchange adds its success or error body's shape, its request body's, the kinds of its
// query and header parameters, and the carriers of its credentials; an exchange no operation
// matches is counted by method and path. Everything is a count, a union or a shape (shape.ts), so
// the same exchanges give the same observations in any order; whatever the traffic can make
// unbounded (names, media types, cookies) is kept within a bound (smallest-keys.ts) and counted.
import { type Carrier, carrierKey, clientSends, cookieNames, headerCarrier, isProtocolHeader, queryCarrier } from './credential-carriers.ts';
import type { Body, Exchange } from './exchange.ts';
import { droppedWhy, headerVerdict, type NameVerdict, nameVerdict, shownDropped, shownSegment } from './field-names.ts';
import { learnLimits } from './learn-limits.ts';
import type { MatchedOperation } from './match-operation.ts';
import { type BodyShape, compare, emptyBody, jsonType, observe, scalarKind } from './shape.ts';
import { KeptCounts, SmallestKeys } from './smallest-keys.ts';

/** A query or header parameter: how often it was sent, the kinds of its values, whether one request repeated it. */
export interface ParameterSeen {
  count: number;
  kinds: number;
  repeated: boolean;
  /** For a header: each spelling of its name, with how often (the most frequent is written). */
  spellings?: KeptCounts;
}

/** A body place: its shape (within its bounds: BodyShape), and the bodies that were not learned, by why (a few kinds kept, the rest counted). */
export interface BodySeen extends BodyShape {
  /** Bodies learned. */
  count: number;
  notLearned: KeptCounts;
}

export interface OperationSeen {
  operation: MatchedOperation;
  exchanges: number;
  success: BodySeen;
  error: BodySeen & { statuses: Map<number, number> };
  request: BodySeen;
  /** Answers with a 2xx other than the stated one, by status: contradictions, not learned. */
  otherSuccess: Map<number, number>;
  /** Query parameters by name, the first learnLimits.operationParameters in code-unit order. */
  query: SmallestKeys<ParameterSeen>;
  /** Header parameters by lower-case name, as many. */
  headers: SmallestKeys<ParameterSeen>;
  /** Credentials' carriers in headers and the query, by carrierKey, with how many exchanges carried each (Authorization's always kept). */
  credentials: SmallestKeys<{ carrier: Carrier; count: number }>;
  /** Cookies by name (names that read as plain names), with how many exchanges sent each. */
  cookies: KeptCounts;
  /** Cookies sent whose names are not shown (they look like values, or are not plain names). */
  otherCookies: number;
  /** The carriers the client can send that each exchange carried together, as their sorted carrierKeys joined by a line break ('' for none, but not for an answer that refused it: 401, 403), with how often. */
  combinations: KeptCounts;
  /** Names of query or header parameters not written, by the report's words for them, with how often: the first learnLimits.kept in code-unit order, the rest counted. */
  droppedNames: KeptCounts;
}

export interface Observations {
  exchanges: number;
  operations: Map<string, OperationSeen>;
  /** `METHOD path` of the exchanges no operation matches (unmatchedKey), with how often (at most learnLimits.unmatchedKept kept). */
  unmatched: Map<string, number>;
  unmatchedCount: number;
}

export const emptyObservations = (): Observations => ({ exchanges: 0, operations: new Map(), unmatched: new Map(), unmatchedCount: 0 });

const bodySeen = (): BodySeen => ({ ...emptyBody(), count: 0, notLearned: new KeptCounts(learnLimits.kept) });
const bump = <K>(map: Map<K, number>, key: K, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

function addBody(seen: BodySeen, body: Body): void {
  if (body.kind === 'json') {
    seen.count++;
    observe(seen, body.value);
  } else if (body.kind === 'not json') seen.notLearned.add(`not JSON (${body.mediaType})`);
  else if (body.kind === 'too large') seen.notLearned.add(`over ${learnLimits.bodyBytes} bytes`);
}

const parameterWeight = (seen: ParameterSeen) => seen.count;
const authorizationCarrier = (key: string) => key.endsWith(' header authorization');

function operationSeen(operation: MatchedOperation): OperationSeen {
  return {
    operation,
    exchanges: 0,
    success: bodySeen(),
    error: { ...bodySeen(), statuses: new Map() },
    request: bodySeen(),
    otherSuccess: new Map(),
    query: new SmallestKeys(learnLimits.operationParameters, parameterWeight),
    headers: new SmallestKeys(learnLimits.operationParameters, parameterWeight),
    credentials: new SmallestKeys(learnLimits.kept, (value) => value.count, authorizationCarrier),
    cookies: new KeptCounts(learnLimits.kept),
    otherCookies: 0,
    combinations: new KeptCounts(learnLimits.kept),
    droppedNames: new KeptCounts(learnLimits.kept),
  };
}

function addParameter(map: SmallestKeys<ParameterSeen>, key: string, values: string[], spelling?: string): void {
  const seen = map.slot(key, () => ({ count: 0, kinds: 0, repeated: false }));
  if (!seen) return;
  seen.count++;
  seen.repeated ||= values.length > 1;
  for (const value of values) seen.kinds |= scalarKind(value);
  if (spelling !== undefined) (seen.spellings ??= new KeptCounts(8)).add(spelling);
}

/** Why a name of `what` (`query parameter`, `header`, `credential header`) is not written, as a report says it: a reserved name itself, of one that is code its offending characters, else only how many. */
function droppedName(what: string, name: string, verdict: Exclude<NameVerdict, undefined>): string {
  if (verdict === 'value') return `${what} names that look like values or text not written (never shown)`;
  const shown = shownDropped(name, verdict, what !== 'query parameter');
  return `${what} ${shown} not written: ${droppedWhy(shown)}`;
}

/** The request's parameters and credentials: query and header names classified, values read only for their kind. */
function addRequestParts(seen: OperationSeen, exchange: Exchange): void {
  const carried = new Map<string, Carrier>();
  const query = new Map<string, string[]>();
  for (const [name, value] of exchange.query) {
    const values = query.get(name);
    if (values) values.push(value);
    else query.set(name, [value]);
  }
  for (const [name, values] of query) {
    const verdict = nameVerdict(name);
    const carrier = verdict === undefined ? queryCarrier(name) : undefined;
    if (verdict !== undefined) seen.droppedNames.add(droppedName('query parameter', name, verdict));
    else if (carrier) carried.set(carrierKey(carrier), carrier);
    else addParameter(seen.query, name, values);
  }
  const headers = new Map<string, { spelling: string; values: string[] }>();
  const cookies = new Set<string>();
  for (const [name, value] of exchange.headers) {
    if (name.toLowerCase() === 'cookie') {
      for (const cookie of cookieNames(value)) cookies.add(cookie);
      continue;
    }
    const carrier = headerCarrier(name, value);
    if (!carrier && isProtocolHeader(name)) continue;
    // A header's name becomes a parameter's or a security scheme's `name` (the client sends it, the docs show it): a plain name only.
    const verdict = headerVerdict(name);
    if (verdict !== undefined) seen.droppedNames.add(droppedName(carrier ? 'credential header' : 'header', name, verdict));
    else if (carrier) carried.set(carrierKey(carrier), carrier);
    else {
      const entry = headers.get(name.toLowerCase()) ?? { spelling: name, values: [] };
      entry.values.push(value);
      headers.set(name.toLowerCase(), entry);
    }
  }
  for (const [key, { spelling, values }] of headers) addParameter(seen.headers, key, values, spelling);
  for (const cookie of cookies) {
    if (nameVerdict(cookie) === undefined) seen.cookies.add(cookie);
    else seen.otherCookies++;
  }
  for (const [key, carrier] of carried) {
    const had = seen.credentials.slot(key, () => ({ carrier, count: 0 }));
    if (!had) continue;
    had.carrier = earlierSpelling(had.carrier, carrier);
    had.count++;
  }
  const sent = [...carried]
    .filter(([, carrier]) => clientSends(carrier))
    .map(([key]) => key)
    .sort(compare);
  // A request sent without credentials and refused (401, 403) shows that they are needed: it is not "seen without".
  if (sent.length > 0 || !refusedStatuses.has(exchange.status ?? 0)) seen.combinations.add(sent.join('\n'));
}

/** The statuses of an answer that refuses a request for its credentials: missing, or not enough. */
const refusedStatuses = new Set([401, 403]);

/** An unmatched exchange as the report lists it: its method and path, each segment that is not a plain name (an id, an address, a token) as `{…}`. */
export function unmatchedKey(method: string, path: string): string {
  const segments = path.slice(0, 2000).split('/');
  const shown = segments.map((segment) => {
    try {
      return shownSegment(decodeURIComponent(segment));
    } catch {
      return '{…}';
    }
  });
  const text = shown.join('/');
  return `${method} ${text.length > 200 ? `${text.slice(0, 200)}…` : text}`;
}

/** Adds one exchange, matched to `operation` (or to none), to `observations`. */
export function addExchange(observations: Observations, exchange: Exchange, operation: MatchedOperation | undefined, successStatus?: string): void {
  observations.exchanges++;
  if (!operation) {
    observations.unmatchedCount++;
    const key = unmatchedKey(exchange.method, exchange.path);
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
