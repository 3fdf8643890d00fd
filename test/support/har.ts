// Recorded traffic for the learn and verify --traffic tests, held in memory: an exchange written
// short (method, URL, status, bodies, headers) and made into a HAR entry or an NDJSON log line the
// way the tools that record traffic write them.

export interface ShortExchange {
  method?: string;
  url: string;
  status?: number;
  /** A JSON value, sent as application/json; a string is sent as it is with `responseType`. */
  response?: unknown;
  responseType?: string;
  request?: unknown;
  headers?: Record<string, string>;
}

/** A HAR 1.2 entry, as `redocly proxy` writes one. */
export function harEntry(exchange: ShortExchange, index = 0): Record<string, unknown> {
  const url = new URL(exchange.url, 'http://127.0.0.1:4010');
  const responseText = typeof exchange.response === 'string' ? exchange.response : exchange.response === undefined ? '' : JSON.stringify(exchange.response);
  const requestText = exchange.request === undefined ? undefined : typeof exchange.request === 'string' ? exchange.request : JSON.stringify(exchange.request);
  return {
    startedDateTime: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(),
    time: 1,
    request: {
      method: exchange.method ?? 'GET',
      url: url.href,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: Object.entries(exchange.headers ?? {}).map(([name, value]) => ({ name, value })),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(requestText !== undefined ? { postData: { mimeType: 'application/json', text: requestText } } : {}),
      headersSize: -1,
      bodySize: requestText?.length ?? 0,
    },
    response: {
      status: exchange.status ?? 200,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [{ name: 'content-type', value: exchange.responseType ?? 'application/json' }],
      content: { size: responseText.length, mimeType: exchange.responseType ?? 'application/json', text: responseText },
      redirectURL: '',
      headersSize: -1,
      bodySize: responseText.length,
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
  };
}

/** A HAR file's text holding `exchanges`. */
export function harText(exchanges: ShortExchange[]): string {
  return JSON.stringify({ log: { version: '1.2', creator: { name: 'test', version: '1' }, entries: exchanges.map(harEntry) } }, null, 1);
}
