// The guarantees table (test/support/guarantees.ts) for the Python SDK, the sync Client and the
// AsyncClient: one driver program each (sdk_driver.py here, the committed generated/sdk/python on
// its path) reads a line per row and calls the table's misbehaving server. With the rows of the SDKs
// that decode into the description's types as they run, and those of the SDKs with error kinds and
// per-call options (depthRows), and the Python SDK's own (pythonRows).
import path from 'node:path';
import {
  depthRows,
  type GuaranteeClient,
  type GuaranteeDrivers,
  type GuaranteeRow,
  lineDriver,
  otherEchoesRow,
  typedBodyRows,
  undeclaredKeyRow,
} from '../../support/guarantees.ts';
import { root } from '../../support/helpers.ts';
import { languagesDir, venv } from '../../support/languages.ts';

/** What the Python SDK holds besides the table: a declared JSON object is never None, a compressed body is decoded, every echo of a credential is redacted, a POST without a declared key sent once. */
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
  otherEchoesRow,
  undeclaredKeyRow,
];

/** The rows an SDK over an httpx client of yours could hold otherwise than over its own: those of the transport (a deadline, a bound, a redirect, a connection that fails). */
const touchesTransport = (row: GuaranteeRow) =>
  /^(deadline|bound|redirect):/.test(row.name) ||
  row.refused === true ||
  row.name.includes('connection closed') ||
  row.call.callOptions?.timeoutSeconds !== undefined;

/** The Python driver with `args` (`--async`, `--http-client`). */
const client = (variant: string, args: string[], lanes: number, only?: (row: GuaranteeRow) => boolean): GuaranteeClient => ({
  variant,
  start: () =>
    lineDriver(path.join(venv, 'bin', 'python'), [path.join(languagesDir, 'python', 'sdk_driver.py'), ...args], {
      cwd: root,
      // No bytecode written beside the committed SDK's sources.
      env: { PYTHONPATH: path.join(root, 'generated', 'sdk', 'python', 'src'), PYTHONDONTWRITEBYTECODE: '1' },
    }),
  rows: [...typedBodyRows, ...depthRows, ...pythonRows],
  lanes,
  only,
});

// The two clients side by side, each with its own drivers and servers, as the lanes of each are; and
// each over an httpx client of the caller's (`http_client=`), on the rows of the transport, which is
// all that differs there: one lane each, so that six Python processes run at once, not eight (each
// some 0.3 s of CPU to start, and the rows' deadlines have 1.25 s of slack on a loaded machine).
const drivers: GuaranteeDrivers = {
  needs: ['python'],
  clients: [
    client('Client', [], 2),
    client('AsyncClient', ['--async'], 2),
    client('Client over your httpx.Client', ['--http-client'], 1, touchesTransport),
    client('AsyncClient over your httpx.AsyncClient', ['--async', '--http-client'], 1, touchesTransport),
  ],
};
export default drivers;
