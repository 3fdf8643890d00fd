// The guarantees table (test/support/guarantees.ts) for the Go SDK: its driver program
// (go/cmd/sdk-driver, built once against the committed generated/sdk/go) reads a line per row and
// calls the table's misbehaving server. With the rows of the SDKs that decode into the
// description's types as they run, those of the SDKs with error kinds and per-call options, and
// the Go SDK's own (goRows).
import path from 'node:path';
import { describe } from 'vitest';
import { credentialHeader, depthRows, describeGuarantees, type GuaranteeRow, languages, lineDriver, typedBodyRows } from '../support/guarantees.ts';
import { languagesDir, missingFor, mustRun, requireTools, runsHere } from '../support/languages.ts';
import { scratchFolderPerFile } from '../support/scratch-folder.ts';

const missing = missingFor(['go']);
const scratch = scratchFolderPerFile('sdk-guarantees-go');

const secret = credentialHeader['X-Api-Key'];
const password = `pw-${secret.slice(8, 20)}`;
/** The credential as a service may echo it besides the table's forms: in another case, in lower-case hex, JSON-escaped, in base64url; and a Basic pair and its password. */
const otherEchoes = [
  [...secret].map((char, at) => (at % 2 === 0 ? char.toUpperCase() : char)).join(''),
  secret.toUpperCase(),
  encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
  JSON.stringify(secret).slice(1, -1).replace(/\//g, '\\/').replace(/\+/g, '\\u002b'),
  Buffer.from(secret).toString('base64url'),
  `alice:${password}`,
  password.toUpperCase(),
];

/** What the Go SDK holds besides the table: every echo of a credential redacted, a POST the description gives no idempotency key sent once. */
const goRows: GuaranteeRow[] = [
  {
    name: 'errors: an error body that echoes the credential in another case, in lower-case hex, JSON-escaped or in base64url, and a Basic pair or its password: each redacted',
    headers: { Authorization: `Basic ${Buffer.from(`alice:${password}`).toString('base64')}` },
    script: () => ({ answer: 401, headers: { 'content-type': 'text/plain' }, body: `echo ${otherEchoes.join(' ')}.` }),
    call: { operation: 'getIntegration', path: ['int_1'] },
    want: {
      outcome: 'api_error',
      status: 401,
      requests: 1,
      errorLacks: [password, password.toUpperCase(), secret.toUpperCase()],
      // A base64 echo is redacted to the last character that depends on the bytes after the secret only.
      excerpt: { matches: /echo (\[redacted\] ){4}\[redacted\][\w-]? \[redacted\] \[redacted\]\.$/ },
    },
  },
  {
    // The description declares no idempotency key: only an overlay's makes a POST one that is retried (sdk-go.test.ts).
    name: 'retry: a POST with an Idempotency-Key header the description does not declare is sent once',
    script: () => ({ answer: 503, headers: { 'retry-after': '0' }, body: '{}' }),
    call: { operation: 'sendBatch', path: ['b_1'], body: {}, callOptions: { headers: { 'Idempotency-Key': 'key-1' } } },
    want: { outcome: 'api_error', status: 503, requests: 1, sent: { 'idempotency-key': 'key-1' } },
  },
];

/** The driver, built once for the lanes that run it. */
let built: Promise<string> | undefined;
const buildDriver = () =>
  (built ??= (async () => {
    requireTools(missing);
    const driver = path.join(scratch.dir, 'sdk-driver');
    await mustRun('go', ['build', '-o', driver, './cmd/sdk-driver'], path.join(languagesDir, 'go'));
    return driver;
  })());

describe.runIf(runsHere('the Go SDK guarantees', missing))('the Go SDK', () => {
  describeGuarantees(languages.go, async () => lineDriver(await buildDriver(), [], { cwd: scratch.dir }), {
    rows: [...typedBodyRows, ...depthRows, ...goRows],
  });
});
