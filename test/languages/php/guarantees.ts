// The guarantees table (test/support/guarantees.ts) for the PHP SDK: its driver program
// (sdk-driver.php here, over the committed generated/sdk/php) reads a line per row and calls the
// table's misbehaving server. With the rows of the SDKs that check a body against the
// description's types, of those with error kinds and per-call options, and a POST the description
// gives no idempotency key sent once.
import path from 'node:path';
import { expect } from 'vitest';
import { depthRows, type GuaranteeDrivers, lineDriver, typedBodyRows, undeclaredKeyRow } from '../../support/guarantees.ts';
import { freeLoopbackPort } from '../../support/http-server.ts';
import { languagesDir } from '../../support/languages.ts';
import { phpArgs } from './php-command.ts';

/**
 * The driver, started and warmed with one call to a port nothing listens on, before the lane's
 * first row: the rows' deadlines then start in a process that has loaded the SDK, not beside the
 * burst of every lane's start.
 */
async function warmDriver() {
  const made = await lineDriver('php', [...phpArgs(), path.join(languagesDir, 'php', 'sdk-driver.php')], { cwd: path.join(languagesDir, 'php') });
  const warm = await made.driver({
    baseUrl: `http://127.0.0.1:${await freeLoopbackPort()}`,
    headers: {},
    operation: 'listWebhooks',
    options: { maxRetries: 0 },
  });
  expect(warm.outcome, warm.error).toBe('connection_error');
  return made;
}

const drivers: GuaranteeDrivers = {
  needs: ['php'],
  // The table's four lanes: with six, the test process's own servers were late to read a first
  // row's request on a loaded machine (0 requests seen by the 0.5 s deadline the rows then had).
  clients: [{ start: warmDriver, rows: [...typedBodyRows, ...depthRows, undeclaredKeyRow] }],
};
export default drivers;
