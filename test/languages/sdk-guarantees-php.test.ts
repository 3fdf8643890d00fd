// The guarantees table (test/support/guarantees.ts) for the PHP SDK: its driver program
// (php/sdk-driver.php, over the committed generated/sdk/php) reads a line per row and calls the
// table's misbehaving server. With the rows of the SDKs that check a body against the
// description's types, and of those with error kinds and per-call options.
import path from 'node:path';
import { describe } from 'vitest';
import { depthRows, describeGuarantees, languages, lineDriver, typedBodyRows } from '../support/guarantees.ts';
import { languagesDir, missingFor, requireTools, runsHere } from '../support/languages.ts';
import { phpArgs } from './php/php-command.ts';

const missing = missingFor(['php']);

describe.runIf(runsHere('the PHP SDK guarantees', missing))('the PHP SDK', () => {
  describeGuarantees(
    languages.php,
    async () => {
      requireTools(missing);
      return lineDriver('php', [...phpArgs(), path.join(languagesDir, 'php', 'sdk-driver.php')], { cwd: path.join(languagesDir, 'php') });
    },
    { rows: [...typedBodyRows, ...depthRows] },
  );
});
