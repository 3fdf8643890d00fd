// `npm run verify -- --record <file.har>`: what verify sent and received, as a HAR 1.2 file that
// `npm run learn` and `verify --traffic` read. Credentials never reach it (hide-credentials.ts):
// every header given with --header, every request or response header whose name could say it
// carries a secret (credential-carriers.ts' recordsSecret: Cookie, Set-Cookie,
// X-Amz-Security-Token...), and Authorization, which keeps its scheme's word only where it is a
// known one (`Bearer`, so that a reader knows the kind), are replaced by a mark; so is every value
// under such a name in a URL, a header's URL, a form or a JSON body, and every form of a given
// credential (URL-encoded, base64...) wherever the service echoes it.
// Bodies are otherwise kept as read (at most --max-body-bytes, decoded): the service's answers are
// what the file is for; review it before you share it. verify.ts writes it for the user alone (0600).
import { authorizationScheme, recordsSecret } from '../learn/credential-carriers.ts';
import { credentialHider, credentialMark, type CredentialHider, maskedBodyText, maskedUrl } from './hide-credentials.ts';

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

/**
 * A header's value as recorded: the mark where it may carry a credential (Authorization keeps its
 * scheme's word where it is a known one); else with any URL's secret-like parameters masked (the
 * given credentials are masked in every value after).
 */
function recordedValue(name: string, value: string, given: Set<string>, hide: CredentialHider): string {
  const lower = name.toLowerCase();
  if (lower === 'authorization' || lower === 'proxy-authorization') {
    const scheme = authorizationScheme(value);
    return scheme ? `${scheme} ${credentialMark}` : credentialMark;
  }
  if (given.has(lower) || lower === 'set-cookie' || recordsSecret(name)) return credentialMark;
  if (lower === 'location' || lower === 'content-location') return hide.url(value);
  // A Link holds several references, each `<url>`: each is a URL of its own.
  return value.includes('<') ? value.replace(/<([^<>]*)>/g, (_, url: string) => `<${maskedUrl(url)}>`) : maskedUrl(value);
}

// A media type's name is case-insensitive (RFC 9110 8.3.1): `Application/JSON` is JSON.
const textual = (type: string) => /^(application\/([\w.+-]*\+)?json|text\/|application\/(xml|x-www-form-urlencoded))/i.test(type);

/** A body as HAR content: text where its media type is textual, else base64 (of the bytes with every given credential masked). */
function content(body: Uint8Array | undefined, mediaType: string, hide: CredentialHider): { size: number; mimeType: string; text?: string; encoding?: string } {
  if (!body || body.byteLength === 0) return { size: 0, mimeType: mediaType };
  if (textual(mediaType)) return { size: body.byteLength, mimeType: mediaType, text: maskedBodyText(new TextDecoder().decode(body), mediaType, hide) };
  return { size: body.byteLength, mimeType: mediaType, text: Buffer.from(hide.bytes(body)).toString('base64'), encoding: 'base64' };
}

/** `value` with every string in it passed through `hide`. */
function hiddenIn<T>(value: T, hide: (text: string) => string): T {
  if (typeof value === 'string') return hide(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => hiddenIn(item, hide)) as T;
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hiddenIn(v, hide)])) as T;
  return value;
}

/** The HAR being recorded: entries added as verify's exchanges happen, written at the end. */
export class HarRecorder {
  readonly entries: HarEntry[] = [];
  private readonly given: Set<string>;
  private readonly hide: CredentialHider;
  private readonly version: string;

  /** `credentialHeaders`: the headers given with --header and --header-env, as [name, value]: each marked by name, each value wherever it appears. */
  constructor(credentialHeaders: [string, string][], version: string) {
    this.given = new Set(credentialHeaders.map(([name]) => name.toLowerCase()));
    this.hide = credentialHider(credentialHeaders);
    this.version = version;
  }

  private headers(headers: Headers): HarHeader[] {
    const pairs: HarHeader[] = [];
    headers.forEach((value, name) => pairs.push({ name, value: recordedValue(name, value, this.given, this.hide) }));
    return pairs;
  }

  /** Adds one request and its answer (`body` as read, at most the cap; undefined when none was read). */
  add(request: Request, requestBody: string, response: Response, body: Uint8Array | undefined, started: Date, ms: number): void {
    const url = this.hide.url(new URL(request.url).href);
    const requestType = request.headers.get('content-type') ?? '';
    const responseType = response.headers.get('content-type') ?? '';
    const hide = (text: string) => this.hide.text(text);
    const recorded = hiddenIn(
      {
        request: {
          method: request.method,
          url,
          httpVersion: 'HTTP/1.1',
          cookies: [],
          headers: this.headers(request.headers),
          queryString: [...new URL(url).searchParams].map(([name, value]) => ({ name, value })),
          ...(requestBody ? { postData: { mimeType: requestType, text: maskedBodyText(requestBody, requestType, this.hide) } } : {}),
          headersSize: -1,
          bodySize: Buffer.byteLength(requestBody),
        },
        response: {
          status: response.status,
          statusText: response.statusText,
          httpVersion: 'HTTP/1.1',
          cookies: [],
          headers: this.headers(response.headers),
          redirectURL: this.hide.url(response.headers.get('location') ?? ''),
          headersSize: -1,
          bodySize: body?.byteLength ?? 0,
        },
      },
      hide,
    );
    this.entries.push({
      startedDateTime: started.toISOString(),
      time: ms,
      request: recorded.request,
      // The body's content is masked as it is made: base64 of bytes is masked in the bytes.
      response: { ...recorded.response, content: content(body, responseType, this.hide) },
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
