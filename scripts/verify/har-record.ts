// `npm run verify -- --record <file.har>`: what verify sent and received, as a HAR 1.2 file that
// `npm run learn` and `verify --traffic` read. Credentials never reach it: every header given with
// --header, every request or response header whose name could say it carries a secret
// (credential-carriers.ts' recordsSecret: Cookie, Set-Cookie, X-Amz-Security-Token...), and
// Authorization, which keeps its scheme's word only where it is a known one (`Bearer`, so that a
// reader knows the kind), are replaced by a mark.
// Bodies are kept as read (at most --max-body-bytes, decoded): the service's answers are what the
// file is for; review it before you share it.
import { authorizationScheme, recordsSecret } from '../learn/credential-carriers.ts';

/** What replaces a credential's value. */
export const credentialMark = '[credential not recorded]';

interface HarHeader {
  name: string;
  value: string;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: Record<string, unknown>;
  response: Record<string, unknown>;
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
}

/** A header's value as recorded: the mark where it may carry a credential (Authorization keeps its scheme's word where it is a known one). */
function recordedValue(name: string, value: string, given: Set<string>): string {
  const lower = name.toLowerCase();
  if (lower === 'authorization' || lower === 'proxy-authorization') {
    const scheme = authorizationScheme(value);
    return scheme ? `${scheme} ${credentialMark}` : credentialMark;
  }
  if (given.has(lower) || lower === 'set-cookie' || recordsSecret(name)) return credentialMark;
  return value;
}

const textual = (type: string) => /^(application\/([\w.+-]*\+)?json|text\/|application\/(xml|x-www-form-urlencoded))/.test(type);

/** A body as HAR content: text where its media type is textual, else base64. */
function content(body: Uint8Array | undefined, mediaType: string): { size: number; mimeType: string; text?: string; encoding?: string } {
  if (!body || body.byteLength === 0) return { size: 0, mimeType: mediaType };
  if (textual(mediaType)) return { size: body.byteLength, mimeType: mediaType, text: new TextDecoder().decode(body) };
  return { size: body.byteLength, mimeType: mediaType, text: Buffer.from(body).toString('base64'), encoding: 'base64' };
}

/** The HAR being recorded: entries added as verify's exchanges happen, written at the end. */
export class HarRecorder {
  readonly entries: HarEntry[] = [];
  private readonly given: Set<string>;
  private readonly version: string;

  /** `credentialHeaders`: the names of the headers given with --header, all marked. */
  constructor(credentialHeaders: string[], version: string) {
    this.given = new Set(credentialHeaders.map((name) => name.toLowerCase()));
    this.version = version;
  }

  private headers(headers: Headers): HarHeader[] {
    const pairs: HarHeader[] = [];
    headers.forEach((value, name) => pairs.push({ name, value: recordedValue(name, value, this.given) }));
    return pairs;
  }

  /** Adds one request and its answer (`body` as read, at most the cap; undefined when none was read). */
  add(request: Request, requestBody: string, response: Response, body: Uint8Array | undefined, started: Date, ms: number): void {
    const url = new URL(request.url);
    const requestType = request.headers.get('content-type') ?? '';
    const responseType = response.headers.get('content-type') ?? '';
    this.entries.push({
      startedDateTime: started.toISOString(),
      time: ms,
      request: {
        method: request.method,
        url: url.href,
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: this.headers(request.headers),
        queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
        ...(requestBody ? { postData: { mimeType: requestType, text: requestBody } } : {}),
        headersSize: -1,
        bodySize: Buffer.byteLength(requestBody),
      },
      response: {
        status: response.status,
        statusText: response.statusText,
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: this.headers(response.headers),
        content: content(body, responseType),
        redirectURL: response.headers.get('location') ?? '',
        headersSize: -1,
        bodySize: body?.byteLength ?? 0,
      },
      cache: {},
      timings: { send: 0, wait: ms, receive: 0 },
    });
  }

  /** The HAR file's text. */
  text(): string {
    const log = { version: '1.2', creator: { name: 'email-delivery-api verify', version: this.version }, entries: this.entries };
    return `${JSON.stringify({ log }, null, 2)}\n`;
  }
}
