// What verify keeps of a credential, in a recording (--record) or a verdict: nothing. Two rules:
// - The credentials it was given (each --header and --header-env value; a scheme's token without
//   its word; a Basic pair decoded, and its password) are replaced wherever they appear, in every
//   form the client's runtime knows a service echoes one in (credentialEchoes, shared with the MCP
//   server and the client's errors: as given or in another case, URL-encoded or form-encoded,
//   JSON-escaped, base64 standard or URL-safe), in any header, URL, query, redirect or body (in a
//   JSON body, a string is read as decoded too, whatever its escapes): a service that echoes a key
//   never gets it recorded. Values shorter than 4 characters are not looked for (they would mark
//   ordinary words).
// - A value under a name that could say secret (credential-carriers.ts' recordsSecret, the rule a
//   recording's headers are masked by: token, api_key, signature, X-Amz-Credential...) is replaced
//   where it stands: a query or fragment parameter of any URL (a header's too: Location, Link), a
//   path parameter (`;jsessionid=`), a URL's password, a form-encoded body's pair, a URL in a text
//   body (a presigned link's `X-Amz-Signature`), and in a JSON body every string below such a key
//   (`"session": {"id": "..."}`), the rest kept byte for byte.
import { recordsSecret } from '../learn/credential-carriers.ts';
import { credentialEchoes } from '../pipeline/client-runtime.ts';

/** What replaces a credential's value. */
export const credentialMark = '[credential not recorded]';
const encodedMark = encodeURIComponent(credentialMark);

export interface CredentialHider {
  /** `text` with every form of a given credential replaced. */
  text(text: string): string;
  /** A URL with its secret-like parameters masked (maskedUrl) and every form of a given credential replaced, the mark URL-encoded. */
  url(url: string): string;
  /** `bytes` (a body that is not text) with every form of a given credential replaced. */
  bytes(bytes: Uint8Array): Uint8Array;
}

/** The hider of the credentials given as `headers` ([name, value] pairs): the echoes the MCP server and the client's errors hide too (credentialEchoes). */
export function credentialHider(headers: [string, string][]): CredentialHider {
  const values = headers.map(([, value]) => value);
  const inText = credentialEchoes(values);
  // A body of any bytes, one character a byte (latin1), a credential's characters as their UTF-8 bytes.
  const inBytes = credentialEchoes(values, { bytes: true });
  return {
    text: (text) => inText.hide(text, credentialMark),
    url: (url) => inText.hide(maskedUrl(url), encodedMark),
    bytes: (bytes) => Buffer.from(inBytes.hide(Buffer.from(bytes).toString('latin1'), credentialMark), 'latin1'),
  };
}

/** A name as a URL or a form carries it, decoded where it can be. */
function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** `name=value` pairs (a query, a fragment, a form body) with the value of each secret-like name replaced. */
export function maskedPairs(pairs: string): string {
  return pairs.replace(/(^|[&;])([^=&;#?<>"'\s]*)=([^&;#<>"'\s]*)/g, (whole, lead: string, name: string) =>
    recordsSecret(decodedName(name)) ? `${lead}${name}=${encodedMark}` : whole,
  );
}

/**
 * A URL (absolute or relative, or a header's value that holds one) with its password, and the value
 * of each query, fragment or path parameter whose name could say secret, replaced.
 */
export function maskedUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const head = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const masked = head
    // The user information, a password or a token given as the user name alone (`https://TOKEN@host`).
    .replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i, `$1${encodedMark}@`)
    .replace(/;([^=/;?#]*)=([^/;?#]*)/g, (whole, name: string) => (recordsSecret(decodedName(name)) ? `;${name}=${encodedMark}` : whole));
  return masked + (queryAt === -1 ? '' : `?${maskedPairs(beforeHash.slice(queryAt + 1))}`) + (hashAt === -1 ? '' : `#${maskedPairs(url.slice(hashAt + 1))}`);
}

/**
 * `text` (a body) with every URL in it masked as maskedUrl masks one: an absolute one (a presigned
 * link's signature in a JSON string), and a path with a query (`/v1/x?token=…`, a link relative to the service).
 */
export const maskedUrlsIn = (text: string) => text.replace(/\bhttps?:\/\/[^\s"'<>\\]+|(?<![\w/.-])\/[^\s"'<>\\?]*\?[^\s"'<>\\]+/gi, (url) => maskedUrl(url));

/** The index just past the JSON string that starts at `start` (a `"`), or -1 when it does not end. */
function stringEnd(json: string, start: number): number {
  for (let at = start + 1; at < json.length; at++) {
    if (json[at] === '\\') at++;
    else if (json[at] === '"') return at + 1;
  }
  return -1;
}

/** A JSON string's text (`token` with its quotes), decoded; undefined where it does not decode. */
function stringText(token: string): string | undefined {
  try {
    return String(JSON.parse(token));
  } catch {
    return undefined;
  }
}

/**
 * A JSON text with every string below a secret-like key replaced by the mark, and every other
 * string (a key too) that `hideText` changes once decoded, written again as `hideText` gave it
 * (JSON may escape any character, `\/` or `\u0026`: what is masked is the text the string stands
 * for, never its escaped form); everything else byte for byte (numbers, spacing, order). One pass,
 * its own stack: any depth, linear in the size. Text that is not JSON is scanned the same way and
 * never refused.
 */
export function maskedJson(json: string, hideText: (text: string) => string = (text) => text): string {
  const frames: { object: boolean; secret: boolean }[] = [];
  let key = '';
  let expectKey = false;
  let kept = 0;
  const parts: string[] = [];
  const below = () => {
    const top = frames.at(-1);
    return top !== undefined && (top.secret || (top.object && recordsSecret(key)));
  };
  for (let at = 0; at < json.length; at++) {
    const char = json[at];
    if (char === '"') {
      const end = stringEnd(json, at);
      if (end === -1) break;
      const text = stringText(json.slice(at, end));
      const secret = !expectKey && below();
      if (expectKey) {
        key = text ?? json.slice(at, end);
        expectKey = false;
      }
      const masked = secret ? credentialMark : text === undefined ? undefined : hideText(text);
      if (masked !== undefined && masked !== text) {
        parts.push(json.slice(kept, at), JSON.stringify(masked));
        kept = end;
      }
      at = end - 1;
    } else if (char === '{' || char === '[') {
      frames.push({ object: char === '{', secret: below() });
      expectKey = char === '{';
    } else if (char === '}' || char === ']') {
      frames.pop();
      expectKey = false;
    } else if (char === ',') expectKey = frames.at(-1)?.object ?? false;
  }
  parts.push(json.slice(kept));
  return parts.join('');
}

const json = (type: string) => /^application\/([\w.+-]*\+)?json\b/i.test(type);
const form = (type: string) => /^application\/x-www-form-urlencoded\b/i.test(type);

/**
 * A textual body (`mediaType`'s) as a recording or a verdict shows it: a JSON body's strings below
 * a secret-like key, a form's secret-like values, any URL's, and every given credential, masked
 * (in a JSON body, in each string as decoded: whatever its escapes).
 */
export function maskedBodyText(text: string, mediaType: string, hide: CredentialHider): string {
  const inText = (part: string) => hide.text(maskedUrlsIn(part));
  return inText(json(mediaType) ? maskedJson(text, inText) : form(mediaType) ? maskedPairs(text) : text);
}
