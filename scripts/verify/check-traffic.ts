// `npm run verify -- --traffic <file|folder>`: verify's passive twin. Recorded traffic (read as
// `npm run learn` reads it, scripts/learn/learn.ts) is checked against the description, or the
// description with the user's overlays, exchange by exchange, and each operation gets one of
// verify's verdicts: contradicts where any exchange does (another 2xx than the stated one, a body
// that is not JSON or does not match its schema, a query parameter of another type), else as
// described where one answered the stated success with a matching JSON body, else what its
// answers were (server error, refused, not confirmed); an operation no exchange reached is not
// called. An exchange no operation matches is listed, not judged. Nothing is sent.
//
// Why not Redocly's `drift`, which checks traffic against a description too: it is a command, not
// a module with an API (its engine is in content-hashed bundler chunks), it reads a HAR whole into
// memory with no bound, and it reports findings, not verify's verdicts and exit codes. The body
// checks here are verify's own (body-check.ts), so a live run and a recorded one judge alike.
import { eachExchange, type ReadingOptions, readingLines } from '../learn/learn.ts';
import type { Exchange } from '../learn/exchange.ts';
import type { MatchedOperation } from '../learn/match-operation.ts';
import { kindFits } from '../learn/parameter-actions.ts';
import { learnLimits } from '../learn/learn-limits.ts';
import { unmatchedKey } from '../learn/observations.ts';
import { componentOf, deref, eachOperation, type OpenApiDocument, operationParameters } from '../openapi-document.ts';
import { listOperations } from '../bundle-operations.ts';
import type { BodyCheck } from './body-check.ts';
import type { Verdict, VerificationRun } from './run-verification.ts';

/** What one operation's exchanges showed. */
interface Tally {
  exchanges: number;
  asDescribed: number;
  statuses: Map<number, number>;
  /** What contradicts the description, in words (no value from the traffic), with how often: the first contradictionsKept kinds. */
  contradictions: Map<string, number>;
  /** Contradictions of the kinds past those kept, counted. */
  otherContradictions: number;
}

/**
 * Kinds of contradiction kept for one operation's verdict (the first seen; the rest counted): a
 * body's fields can make them as many as the traffic is long (each plain-named key of a map).
 */
export const contradictionsKept = 100;

/** What the checks of one operation need: its schemas' names and its stated query parameters' types. */
interface Stated {
  success: { status: string; schema: string };
  request?: string;
  error?: string;
  query: Map<string, string>;
}

function statedOperations(document: OpenApiDocument): Map<string, Stated> {
  const listed = new Map(listOperations(document).map((operation) => [`${operation.method} ${operation.path}`, operation]));
  const stated = new Map<string, Stated>();
  for (const { path, method, pathItem, operation } of eachOperation(document)) {
    const listedOperation = listed.get(`${method} ${path}`)!;
    const error = deref(document, operation.responses?.default)?.content?.['application/json']?.schema;
    const query = new Map<string, string>();
    for (const parameter of operationParameters(document, pathItem, operation)) {
      const schema = deref(document, parameter.schema);
      if (parameter.in === 'query' && typeof schema?.type === 'string') query.set(String(parameter.name), schema.type);
    }
    stated.set(`${method} ${path}`, { success: listedOperation.success, request: listedOperation.body?.schema, error: componentOf(error)?.name, query });
  }
  return stated;
}

const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/** Counts a contradiction of `tally`, within contradictionsKept kinds. */
function contradict(tally: Tally, text: string): void {
  if (tally.contradictions.has(text) || tally.contradictions.size < contradictionsKept) bump(tally.contradictions, text);
  else tally.otherContradictions++;
}

/** Adds one exchange's checks to its operation's tally. */
function judgeExchange(tally: Tally, exchange: Exchange, stated: Stated, checkBody: BodyCheck): void {
  tally.exchanges++;
  const status = exchange.status;
  for (const [name, value] of exchange.query) {
    const type = stated.query.get(name);
    if (type && !kindFits(value, type))
      contradict(tally, `sent query parameter ${JSON.stringify(name)} with a value that is not ${type === 'integer' ? 'an' : 'a'} ${type}`);
  }
  if (stated.request && exchange.requestBody.kind === 'json') {
    const mismatch = checkBody(stated.request, exchange.requestBody.value);
    if (mismatch) contradict(tally, `sent a request body that ${mismatch.replace(/^the body /, '')}`);
  }
  if (status === undefined) return;
  tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
  const body = exchange.responseBody;
  if (String(status) === stated.success.status) {
    // A JSON media type whose body does not parse is said so; another is named where it reads as one (learn's shownMediaType).
    if (body.kind === 'not json' && !body.mediaType.endsWith(' that does not parse'))
      contradict(
        tally,
        `answered ${status} with ${body.mediaType === 'another media type' ? body.mediaType : `media type ${body.mediaType}`}; the description states application/json`,
      );
    else if (body.kind === 'not json') contradict(tally, `answered ${status} with a body that is not JSON`);
    else if (body.kind === 'json') {
      const mismatch = checkBody(stated.success.schema, body.value);
      if (mismatch) contradict(tally, `answered ${status}, but ${mismatch}`);
      else tally.asDescribed++;
    }
  } else if (status >= 200 && status < 300) contradict(tally, `answered ${status}; the description states ${stated.success.status}`);
  else if (status >= 400 && stated.error && body.kind === 'json') {
    const mismatch = checkBody(stated.error, body.value);
    if (mismatch) contradict(tally, `answered ${status}, but the error ${mismatch.replace(/^the /, '')}`);
  }
}

/** "200 ×3, 404 ×1": the statuses seen. */
const statusList = (statuses: Map<number, number>) =>
  [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status} ×${count}`)
    .join(', ');

/** One operation's verdict from its tally. */
function verdictOf(operation: { operationId: string; method: string }, tally: Tally | undefined, stated: Stated): Verdict {
  const base = { operationId: operation.operationId, method: operation.method.toUpperCase() };
  if (!tally) return { ...base, kind: 'not called', detail: 'no exchange in the recorded traffic', group: 'not in the traffic' };
  const of = `${tally.exchanges} recorded ${tally.exchanges === 1 ? 'exchange' : 'exchanges'}`;
  if (tally.contradictions.size > 0) {
    const [[first, count]] = [...tally.contradictions].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : 1));
    const others = tally.contradictions.size - 1;
    const more = others > 0 ? `; and ${tally.otherContradictions > 0 ? `more than ${others}` : others} other contradiction(s)` : '';
    return { ...base, kind: 'contradicts', detail: `${first} (${count} of ${of})${more}` };
  }
  const seen = statusList(tally.statuses) || 'no answer recorded';
  if (tally.asDescribed > 0)
    return {
      ...base,
      kind: 'as described',
      detail: `${tally.asDescribed} of ${of} answered ${stated.success.status} with a JSON body that matches ${stated.success.schema} (${seen})`,
    };
  const statuses = [...tally.statuses.keys()];
  if (statuses.some((status) => status >= 500)) return { ...base, kind: 'server error', detail: `${of}, none as described: ${seen}` };
  if (statuses.some((status) => status === 401 || status === 403))
    return { ...base, kind: 'refused', detail: `${of}, none as described: ${seen}; the credentials were missing or refused` };
  return { ...base, kind: 'not confirmed', detail: `${of}, none shown to work: ${seen} (a success needs its JSON body in the record)` };
}

/** Checks the traffic at `options.traffic` against `document`: verify's verdicts, and the exchanges no operation matches. */
export async function checkTraffic(
  document: OpenApiDocument,
  options: ReadingOptions,
  checkBody: BodyCheck,
): Promise<{ run: VerificationRun; unmatched: Map<string, number>; unmatchedCount: number; read: string[] }> {
  const started = performance.now();
  const stated = statedOperations(document);
  const tallies = new Map<string, Tally>();
  const unmatched = new Map<string, number>();
  let unmatchedCount = 0;
  let exchanges = 0;
  const { files, skipped, counts } = await eachExchange(document, options, (exchange, operation: MatchedOperation | undefined) => {
    exchanges++;
    if (!operation) {
      unmatchedCount++;
      const key = unmatchedKey(exchange.method, exchange.path);
      if (unmatched.has(key) || unmatched.size < learnLimits.unmatchedKept) bump(unmatched, key);
      return;
    }
    const key = `${operation.method} ${operation.path}`;
    let tally = tallies.get(key);
    if (!tally) tallies.set(key, (tally = { exchanges: 0, asDescribed: 0, statuses: new Map(), contradictions: new Map(), otherContradictions: 0 }));
    judgeExchange(tally, exchange, stated.get(key)!, checkBody);
  });
  const verdicts = listOperations(document).map((operation) =>
    verdictOf(operation, tallies.get(`${operation.method} ${operation.path}`), stated.get(`${operation.method} ${operation.path}`)!),
  );
  const read = readingLines({ files: files.length, skipped, counts, exchanges, sample: options.sample, seconds: options.seconds });
  return { run: { verdicts, requestsSent: 0, exchangesRead: exchanges, ms: Math.round(performance.now() - started) }, unmatched, unmatchedCount, read };
}
