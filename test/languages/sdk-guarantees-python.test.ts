// The guarantees table (test/support/guarantees.ts) for the Python SDK, the sync Client and the
// AsyncClient: one driver program each (python/sdk_driver.py, the committed generated/sdk/python on
// its path) reads a line per row and calls the table's misbehaving server. With the rows of the SDKs
// that decode into the description's types as they run, and those of the SDKs with error kinds and
// per-call options (depthRows), and the Python SDK's own (pythonRows).
import path from 'node:path';
import { describe } from 'vitest';
import { credentialHeader, depthRows, describeGuarantees, type GuaranteeRow, languages, lineDriver, typedBodyRows } from '../support/guarantees.ts';
import { root } from '../support/helpers.ts';
import { languagesDir, missingFor, requireTools, runsHere, venv } from '../support/languages.ts';

const missing = missingFor(['python']);

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

/** What the Python SDK holds besides the table: a declared JSON object is never None, a compressed body is decoded, every echo of a credential is redacted. */
const pythonRows: GuaranteeRow[] = [
  {
    name: 'answers: a 2xx without the JSON object the description declares is an error naming the operation',
    script: () => ({ answer: 200, body: '' }),
    call: { operation: 'getIntegration', path: ['int_1'] },
    want: { outcome: 'other', requests: 1, errorHas: () => ['is empty, where the description declares a JSON object'] },
  },
  {
    name: 'answers: a gzip body within the bound is decoded',
    script: () => ({ answer: 200, body: JSON.stringify({ id: 'int_1' }), gzip: true }),
    call: { operation: 'getIntegration', path: ['int_1'] },
    want: { outcome: 'ok', status: 200, body: { id: 'int_1' }, requests: 1 },
  },
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
    // The description declares no idempotency key: only an overlay's makes a POST one that is retried (python-sdk.test.ts).
    name: 'retry: a POST with an Idempotency-Key header the description does not declare is sent once',
    script: () => ({ answer: 503, headers: { 'retry-after': '0' }, body: '{}' }),
    call: { operation: 'sendBatch', path: ['b_1'], body: {}, callOptions: { headers: { 'Idempotency-Key': 'key-1' } } },
    want: { outcome: 'api_error', status: 503, requests: 1, sent: { 'idempotency-key': 'key-1' } },
  },
];

/** The rows an SDK over an httpx client of yours could hold otherwise than over its own: those of the transport (a deadline, a bound, a redirect, a connection that fails). */
const touchesTransport = (row: GuaranteeRow) =>
  /^(deadline|bound|redirect):/.test(row.name) ||
  row.refused === true ||
  row.name.includes('connection closed') ||
  row.call.callOptions?.timeoutSeconds !== undefined;

// The two clients side by side, each with its own drivers and servers, as the lanes of each are; and
// each over an httpx client of the caller's (`http_client=`), on the rows of the transport, which is
// all that differs there: one lane each, so that six Python processes run at once, not eight (each
// some 0.3 s of CPU to start, and the rows' deadlines have 0.75 s of slack on a loaded machine).
describe.runIf(runsHere('the Python SDK guarantees', missing)).concurrent.each([
  ['Client', [], 2, undefined],
  ['AsyncClient', ['--async'], 2, undefined],
  ['Client over your httpx.Client', ['--http-client'], 1, touchesTransport],
  ['AsyncClient over your httpx.AsyncClient', ['--async', '--http-client'], 1, touchesTransport],
] as const)('the Python SDK (%s)', (variant, args, lanes, only) => {
  describeGuarantees(
    languages.python,
    async () => {
      requireTools(missing);
      return lineDriver(path.join(venv, 'bin', 'python'), [path.join(languagesDir, 'python', 'sdk_driver.py'), ...args], {
        cwd: root,
        // No bytecode written beside the committed SDK's sources.
        env: { PYTHONPATH: path.join(root, 'generated', 'sdk', 'python', 'src'), PYTHONDONTWRITEBYTECODE: '1' },
      });
    },
    { variant, rows: [...typedBodyRows, ...depthRows, ...pythonRows], lanes, only },
  );
});
