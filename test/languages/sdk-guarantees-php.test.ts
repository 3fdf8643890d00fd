// The guarantees table (test/support/guarantees.ts) for the PHP SDK: its driver program
// (php/sdk-driver.php, over the committed generated/sdk/php) reads a line per row and calls the
// table's misbehaving server. With the rows of the SDKs that check a body against the
// description's types, and of those with error kinds and per-call options.
import path from 'node:path';
import { describe, expect } from 'vitest';
import { depthRows, describeGuarantees, languages, lineDriver, typedBodyRows } from '../support/guarantees.ts';
import { freeLoopbackPort } from '../support/http-server.ts';
import { languagesDir, missingFor, requireTools, runsHere } from '../support/languages.ts';
import { phpArgs } from './php/php-command.ts';

const missing = missingFor(['php']);

/**
 * The driver, started and warmed with one call to a port nothing listens on, before the lane's
 * first row: the rows' deadlines then start in a process that has loaded the SDK, not beside the
 * burst of every lane's start.
 */
async function warmDriver() {
  requireTools(missing);
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

describe.runIf(runsHere('the PHP SDK guarantees', missing))('the PHP SDK', () => {
  // The table's four lanes: with six, the test process's own servers were late to read a first
  // row's request on a loaded machine (0 requests seen by a 0.5 s deadline).
  describeGuarantees(languages.php, warmDriver, { rows: [...typedBodyRows, ...depthRows] });
});
