// One recorded exchange, from a record of any format Redocly's `generate-spec` and `drift` read: a
// HAR entry (its request's url, headers, postData; its response's status, headers, content), or a
// log record (Kong, Nginx or Apache JSON, NDJSON) with its request and response nested
// (`request`/`req`/`http.request`) or flat (`request_method`, `request_uri`, `status`). The field
// names are the ones Redocly's docs and parsers read; the reading is ours (record-framer.ts says why).
// What is kept: the method, the path and the query, the header names (a value only where its
// kind is read: a JSON body, the first word of Authorization), the status, the JSON bodies. The
// values of headers, cookies and the query are never kept beyond classifying them.
import { isRecord } from '../openapi-document.ts';
import { learnLimits } from './learn-limits.ts';

/** A body as learning sees it: parsed JSON, or why it is not learned (a media type as shownMediaType shows it). */
export type Body = { kind: 'json'; value: unknown } | { kind: 'not json'; mediaType: string } | { kind: 'too large' } | { kind: 'empty' };

export interface Exchange {
  /** Upper case. */
  method: string;
  /** The URL's path, as sent (percent-encoded). */
  path: string;
  /** Query parameters, names and values decoded, in order. */
  query: [string, string][];
  /** Request header names (as spelled) with their values, in order. */
  headers: [string, string][];
  requestBody: Body;
  /** Undefined when the record holds no response (a request that got none). */
  status?: number;
  responseBody: Body;
}

type Json = Record<string, unknown>;
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);
const object = (...candidates: unknown[]): Json | undefined => candidates.find(isRecord);
const first = (...candidates: unknown[]): unknown => candidates.find((value) => value !== undefined && value !== null);

/** Header pairs from a HAR list (`[{name, value}]`) or a log's object (`{name: value | [values]}`), at most learnLimits.parameters. */
export function headerPairs(headers: unknown): [string, string][] {
  const pairs: [string, string][] = [];
  if (Array.isArray(headers)) {
    for (const header of headers) if (isRecord(header) && typeof header.name === 'string') pairs.push([header.name, text(header.value) ?? '']);
  } else if (isRecord(headers)) {
    for (const [name, value] of Object.entries(headers))
      for (const item of Array.isArray(value) ? value : [value]) if (text(item) !== undefined) pairs.push([name, text(item)!]);
  }
  return pairs.slice(0, learnLimits.parameters);
}

const headerValue = (pairs: [string, string][], name: string) => pairs.find(([key]) => key.toLowerCase() === name)?.[1];

/** The media type without parameters, lower case: `application/json; charset=utf-8` is `application/json`. */
const mediaTypeOf = (value: string | undefined) => (value ?? '').split(';')[0].trim().toLowerCase();
const isJsonMediaType = (type: string) => type === 'application/json' || /^application\/[\w.+-]*\+json$/.test(type);

/**
 * A media type as a report shows it: itself where it reads as one (`text/html`), else `another media
 * type` (a header's value can hold anything: a token, invisible characters, a sentence).
 */
export const shownMediaType = (type: string) => (type === '' ? 'none' : /^[a-z]+\/[a-z0-9.+-]{1,64}$/.test(type) ? type : 'another media type');

/** A body from its text (or a log's already-parsed value) and media type, within learnLimits.bodyBytes. */
export function bodyOf(content: unknown, mediaType: string | undefined, encoding?: unknown): Body {
  if (content === undefined || content === null || content === '') return { kind: 'empty' };
  const type = mediaTypeOf(mediaType);
  // A log may hold the body as JSON already (an object or a list): it was bounded with its record.
  if (typeof content === 'object')
    return type === '' || isJsonMediaType(type) ? { kind: 'json', value: content } : { kind: 'not json', mediaType: shownMediaType(type) };
  if (typeof content !== 'string') return { kind: 'not json', mediaType: type ? shownMediaType(type) : typeof content };
  if (!isJsonMediaType(type)) return { kind: 'not json', mediaType: shownMediaType(type) };
  const base64 = encoding === 'base64';
  if ((base64 ? (content.length * 3) / 4 : content.length) > learnLimits.bodyBytes) return { kind: 'too large' };
  const decoded = base64 ? Buffer.from(content, 'base64').toString('utf8') : content;
  if (Buffer.byteLength(decoded) > learnLimits.bodyBytes) return { kind: 'too large' };
  try {
    return { kind: 'json', value: JSON.parse(decoded) };
  } catch {
    return { kind: 'not json', mediaType: `${shownMediaType(type)} that does not parse` };
  }
}

/** The request line of a log (`GET /v1/quotas HTTP/1.1`): its method and target. */
const requestLine = (line: unknown) => {
  const [method, target] = (text(line) ?? '').trim().split(/\s+/);
  return { method: /^[A-Za-z]+$/.test(method ?? '') ? method : undefined, target: target?.startsWith('/') ? target : undefined };
};

/** The exchange a record holds, or why it holds none. */
export function exchangeOf(record: unknown): Exchange | { problem: string } {
  if (!isRecord(record)) return { problem: 'it is not a JSON object' };
  const request = object(record.request, record.req, record.httpRequest, (record.http as Json | undefined)?.request) ?? record;
  const response = object(record.response, record.res, record.httpResponse, (record.http as Json | undefined)?.response);
  const line = requestLine(typeof record.request === 'string' ? record.request : request.request_line);
  const method = text(
    first(request.method, request.httpMethod, request.http_method, request.request_method, record.request_method, record.method, line.method),
  );
  const target = text(
    first(
      request.url,
      request.uri,
      request.requestUrl,
      request.request_uri,
      request.path,
      record.url,
      record.request_uri,
      record.uri,
      record.path,
      line.target,
    ),
  );
  if (!method || !/^[A-Za-z]{1,16}$/.test(method)) return { problem: 'it names no HTTP method' };
  if (!target) return { problem: 'it names no URL or path' };
  let url: URL;
  try {
    url = new URL(target, 'http://traffic.invalid');
  } catch {
    return { problem: 'its URL does not parse' };
  }
  const headers = headerPairs(first(request.headers, request.request_headers, record.request_headers));
  const postData = object(request.postData);
  const requestBody = postData
    ? bodyOf(postData.text, text(postData.mimeType) ?? headerValue(headers, 'content-type'))
    : bodyOf(
        first(request.body, request.bodyText, request.payload, request.data, request.rawBody, request.raw_body, request.request_body, record.request_body),
        headerValue(headers, 'content-type'),
      );
  const status = Number(
    first(response?.status, response?.statusCode, response?.status_code, record.status, record.statusCode, record.status_code, record.response_status),
  );
  const responseHeaders = headerPairs(first(response?.headers, response?.response_headers, record.response_headers, record.headers_out));
  const content = object(response?.content);
  const responseBody = content
    ? bodyOf(content.text, text(content.mimeType) ?? headerValue(responseHeaders, 'content-type'), content.encoding)
    : bodyOf(
        first(response?.body, response?.bodyText, response?.payload, response?.data, response?.rawBody, response?.raw_body, record.response_body),
        headerValue(responseHeaders, 'content-type'),
      );
  const query = [...url.searchParams].slice(0, learnLimits.parameters);
  return {
    method: method.toUpperCase(),
    path: url.pathname,
    query,
    headers,
    requestBody,
    ...(Number.isInteger(status) && status >= 100 && status <= 599 ? { status } : {}),
    responseBody,
  };
}
