// The guarantees table (test/support/guarantees.ts) for the Python SDK, the sync Client and the
// AsyncClient: one driver program each (python/sdk_driver.py, the committed generated/sdk/python on
// its path) reads a line per row and calls the table's misbehaving server. With the rows of the SDKs
// that decode into the description's types as they run, and those of the SDKs with error kinds and
// per-call options (depthRows).
import path from 'node:path';
import { describe } from 'vitest';
import { depthRows, describeGuarantees, type GuaranteeRow, languages, lineDriver, typedBodyRows } from '../support/guarantees.ts';
import { root } from '../support/helpers.ts';
import { languagesDir, missingFor, requireTools, runsHere, venv } from '../support/languages.ts';

const missing = missingFor(['python']);

/** What the Python SDK holds besides the table: a declared JSON object is never None, a compressed body is decoded. */
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
];

// The two clients side by side, each with its own drivers and servers, as the lanes of each are; and
// each over an httpx client of the caller's (`http_client=`), which must keep every guarantee too: one
// lane each, so that six Python processes run at once, not eight (each some 0.3 s of CPU to start, and
// the rows' deadlines have 0.75 s of slack on a loaded machine).
describe.runIf(runsHere('the Python SDK guarantees', missing)).concurrent.each([
  ['Client', [], 2],
  ['AsyncClient', ['--async'], 2],
  ['Client over your httpx.Client', ['--http-client'], 1],
  ['AsyncClient over your httpx.AsyncClient', ['--async', '--http-client'], 1],
] as const)('the Python SDK (%s)', (variant, args, lanes) => {
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
    { variant, rows: [...typedBodyRows, ...depthRows, ...pythonRows], lanes },
  );
});
