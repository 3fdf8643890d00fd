// The guarantees table (test/support/guarantees.ts) for the Python SDK, the sync Client and the
// AsyncClient: one driver program each (python/sdk_driver.py, the committed generated/sdk/python on
// its path) reads a line per row and calls the table's misbehaving server. With the rows of the SDKs
// that decode into the description's types as they run, and those of the SDKs with error kinds and
// per-call options (depthRows).
import path from 'node:path';
import { describe } from 'vitest';
import { depthRows, describeGuarantees, languages, lineDriver, typedBodyRows } from '../support/guarantees.ts';
import { root } from '../support/helpers.ts';
import { languagesDir, missingFor, requireTools, runsHere, venv } from '../support/languages.ts';

const missing = missingFor(['python']);

// The two clients side by side, each with its own drivers and servers, as the lanes of each are; and
// each over an httpx client of the caller's (`http_client=`), which must keep every guarantee too.
describe.runIf(runsHere('the Python SDK guarantees', missing)).concurrent.each([
  ['Client', []],
  ['AsyncClient', ['--async']],
  ['Client over your httpx.Client', ['--http-client']],
  ['AsyncClient over your httpx.AsyncClient', ['--async', '--http-client']],
])('the Python SDK (%s)', (variant, args) => {
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
    // Two lanes a client: eight Python processes in all, each some 0.3 s of CPU to start.
    { variant, rows: [...typedBodyRows, ...depthRows], lanes: 2 },
  );
});
