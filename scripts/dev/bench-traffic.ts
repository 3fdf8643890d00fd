// Recorded traffic for the learn section of `npm run bench` (bench-learn.ts), written as files of
// any size in a stream: a gateway's day of exchanges (HAR entries as `redocly proxy` streams them,
// one a line, about 1.2 KB each, over eight operations with nested bodies, credentials, query
// parameters, errors and a path the description lacks), the same entries as one HAR, and hostile
// shapes (finding 1 of issue 57: bodies whose plain-named fields differ from record to record, 200
// a place, level after level, so that every record adds places no bound of one place catches).
// Every record is a function of its index: the same count gives the same bytes.
import fs from 'node:fs';

/** A hexadecimal string of `length` made from `seed` (an id, a key: values that vary, never names). */
function hex(seed: number, length: number): string {
  let text = '';
  let state = (seed * 2654435761) >>> 0;
  while (text.length < length) {
    state = (Math.imul(state ^ (state >>> 15), 2246822519) + 0x9e3779b9) >>> 0;
    text += state.toString(16).padStart(8, '0');
  }
  return text.slice(0, length);
}

interface BenchExchange {
  method: string;
  target: string;
  status: number;
  request?: unknown;
  response?: unknown;
}

/** The kinds of exchange, each made from its index, an id and a date; `share` of every 20. */
const kinds: { share: number; make: (i: number, id: string, when: string) => BenchExchange }[] = [
  {
    share: 5,
    make: (i, _id, when) => ({
      method: 'GET',
      target: `/v1/webhooks?limit=3&cursor=c_${hex(i + 1, 10)}`,
      status: 200,
      response: {
        items: [0, 1, 2].map((j) => ({
          id: `wh_${hex(i * 3 + j, 10)}`,
          url: `https://hooks.customer-${i % 97}.example/in/${hex(i + j, 6)}`,
          enabled: (i + j) % 3 !== 0,
          events: ['delivered', 'bounced'],
          createdAt: when,
        })),
        nextCursor: `c_${hex(i + 2, 10)}`,
      },
    }),
  },
  {
    share: 3,
    make: (i, id, when) => ({
      method: 'GET',
      target: `/v1/integrations/int_${id}`,
      status: 200,
      response: {
        id: `int_${id}`,
        name: `Integration ${i % 13}`,
        kind: 'zapier',
        settings: { retries: i % 5, timeoutMs: 3000, signingSecret: `whsec_${hex(i + 3, 24)}` },
        owner: { id: `usr_${hex(i + 4, 8)}`, email: `owner${i % 1000}@customer.example` },
        createdAt: when,
      },
    }),
  },
  {
    share: 2,
    make: (i, _id, when) => ({
      method: 'GET',
      target: '/v1/quotas',
      status: 200,
      response: { limit: 100000, used: i % 100000, resetAt: when, perDomain: { [`mail${i % 7}.customer.example`]: { used: i % 500 } } },
    }),
  },
  {
    share: 3,
    make: (i, id, when) => ({
      method: 'GET',
      target: `/v1/messages/status?messageId=msg_${id}`,
      status: 200,
      response: {
        messageId: `msg_${id}`,
        state: ['queued', 'sent', 'delivered'][i % 3],
        events: [{ type: 'accepted', at: when, smtp: { code: 250, response: '2.0.0 OK' } }],
        recipient: `rcpt${i % 5000}@inbox.example`,
      },
    }),
  },
  {
    share: 2,
    make: (i, id, when) => ({
      method: 'POST',
      target: `/v1/batches/b_${id}/send`,
      status: 201,
      request: { subject: `Order ${i} shipped`, to: [`buyer${i % 800}@shop.example`], tags: ['orders'], sendAt: when },
      response: { batchId: `b_${id}`, accepted: 1, queuedAt: when },
    }),
  },
  {
    share: 2,
    make: (i) => ({
      method: 'GET',
      target: `/v1/quotas/history?from=2026-01-01&to=2026-01-31&page=${i % 9}`,
      status: 200,
      response: { days: [{ day: '2026-01-01', sent: i % 900, bounced: i % 7 }], page: i % 9, pages: 9 },
    }),
  },
  {
    share: 1,
    make: (i, id) => ({
      method: 'DELETE',
      target: `/v1/webhooks/wh_${id}`,
      status: 404,
      response: { code: 'not_found', message: `no webhook wh_${id}`, requestId: hex(i, 16) },
    }),
  },
  { share: 1, make: () => ({ method: 'GET', target: '/v1/scopes', status: 401, response: { code: 'unauthorized', message: 'the key was refused' } }) },
  { share: 1, make: (_i, id) => ({ method: 'GET', target: `/v1/not-described/${id}`, status: 404, response: { code: 'not_found' } }) },
];

/** Which kind each of 20 consecutive exchanges is. */
const kindOfTwenty = kinds.flatMap((kind) => Array.from({ length: kind.share }, () => kind));

/** What exchange `i` is: method, path and query, status, the request's and the response's JSON bodies. */
function exchange(i: number): BenchExchange {
  return kindOfTwenty[i % 20].make(i, hex(i, 12), new Date(Date.UTC(2026, 0, 1) + i * 86_400).toISOString());
}

/** Exchange `i` as a HAR entry, as `redocly proxy` records it (compact: one line). */
export function gatewayEntry(i: number): string {
  const { method, target, status, request, response } = exchange(i);
  const url = new URL(target, 'https://api.email-delivery.example');
  const requestText = request === undefined ? undefined : JSON.stringify(request);
  const responseText = response === undefined ? '' : JSON.stringify(response);
  return JSON.stringify({
    startedDateTime: new Date(Date.UTC(2026, 0, 1) + i * 86).toISOString(),
    time: 10 + (i % 90),
    request: {
      method,
      url: url.href,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [
        { name: 'Host', value: url.host },
        { name: 'User-Agent', value: 'shop-backend/4.2 (node)' },
        { name: 'Accept', value: 'application/json' },
        ...(status === 401 ? [] : [{ name: 'X-Api-Key', value: `key-${hex(i % 50, 32)}` }]),
        { name: 'X-Request-Id', value: hex(i + 5, 16) },
        ...(requestText ? [{ name: 'Content-Type', value: 'application/json' }] : []),
      ],
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(requestText ? { postData: { mimeType: 'application/json', text: requestText } } : {}),
      headersSize: -1,
      bodySize: requestText?.length ?? 0,
    },
    response: {
      status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [
        { name: 'Content-Type', value: 'application/json; charset=utf-8' },
        { name: 'X-Request-Id', value: hex(i + 5, 16) },
      ],
      content: { size: responseText.length, mimeType: 'application/json', text: responseText },
      redirectURL: '',
      headersSize: -1,
      bodySize: responseText.length,
    },
    cache: {},
    timings: { send: 0, wait: 10 + (i % 90), receive: 1 },
  });
}

/**
 * The body of record `i` of the hostile shapes: 200 fields a place, four levels down, along a path
 * chosen by `i`'s digits in base 200, so that each record reaches places no record before it did
 * while no place is ever given more than 200 names (the bound of one place never folds it); each
 * field at the bottom an empty object, the most places a byte can make.
 */
export function hostileBody(i: number): unknown {
  let body: unknown = Object.fromEntries(Array.from({ length: 200 }, (_, j) => [`a${j}`, {}]));
  const levels = [i % 200, Math.floor(i / 200) % 200, Math.floor(i / 40_000) % 200];
  for (const [depth, digit] of levels.entries()) body = { [`${'pqr'[depth]}${digit}`]: body };
  return body;
}

/** Record `i` of the hostile shapes, as one NDJSON line of a gateway's log (the body as JSON, not as a string of it). */
export function hostileEntry(i: number): string {
  return JSON.stringify({ request: { method: 'GET', url: 'https://api.email-delivery.example/v1/quotas' }, response: { status: 200, body: hostileBody(i) } });
}

/** Writes `count` records made by `entry` to `file`: NDJSON (one a line), or one HAR whose entries they are. */
export async function writeTraffic(file: string, count: number, format: 'ndjson' | 'har', entry: (i: number) => string = gatewayEntry): Promise<void> {
  const stream = fs.createWriteStream(file);
  const write = (text: string) => new Promise<void>((resolve, reject) => stream.write(text, (error) => (error ? reject(error) : resolve())));
  if (format === 'har') await write('{"log": {"version": "1.2", "creator": {"name": "bench", "version": "1"}, "entries": [\n');
  for (let from = 0; from < count; from += 1000) {
    const lines: string[] = [];
    for (let i = from; i < Math.min(count, from + 1000); i++) lines.push(format === 'har' ? `${i > 0 ? ',\n' : ''}${entry(i)}` : `${entry(i)}\n`);
    await write(lines.join(''));
  }
  if (format === 'har') await write('\n]}}\n');
  await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
}
