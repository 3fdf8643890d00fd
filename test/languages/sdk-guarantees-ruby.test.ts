// The guarantees table (test/support/guarantees.ts) for the Ruby SDK: its driver program
// (ruby/sdk_driver.rb, the committed generated/sdk/ruby on its load path) reads a line per row and
// calls the table's misbehaving server. With the rows of the SDKs that decode into the
// description's types as they run, and of those with error kinds and per-call options (depthRows).
import path from 'node:path';
import { describe } from 'vitest';
import { depthRows, describeGuarantees, languages, lineDriver, typedBodyRows } from '../support/guarantees.ts';
import { root } from '../support/helpers.ts';
import { languagesDir, missingFor, requireTools, runsHere } from '../support/languages.ts';

const missing = missingFor(['ruby']);

describe.runIf(runsHere('the Ruby SDK guarantees', missing))('the Ruby SDK', () => {
  describeGuarantees(
    languages.ruby,
    async () => {
      requireTools(missing);
      const lib = path.join(root, 'generated', 'sdk', 'ruby', 'lib');
      // No gem but the standard library's (--disable-gems is not used: json and the others are default gems).
      return lineDriver('ruby', ['-I', lib, path.join(languagesDir, 'ruby', 'sdk_driver.rb')], { cwd: root, env: { EMAIL_DELIVERY_LOG: '' } });
    },
    { rows: [...typedBodyRows, ...depthRows] },
  );
});
