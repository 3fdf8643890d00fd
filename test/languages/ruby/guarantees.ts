// The guarantees table (test/support/guarantees.ts) for the Ruby SDK: its driver program
// (sdk_driver.rb here, the committed generated/sdk/ruby on its load path) reads a line per row and
// calls the table's misbehaving server. With the rows of the SDKs that decode into the
// description's types as they run, of those with error kinds and per-call options (depthRows), and
// a POST the description gives no idempotency key sent once.
import path from 'node:path';
import { depthRows, type GuaranteeDrivers, lineDriver, typedBodyRows, undeclaredKeyRow } from '../../support/guarantees.ts';
import { root } from '../../support/helpers.ts';
import { languagesDir } from '../../support/languages.ts';

const drivers: GuaranteeDrivers = {
  needs: ['ruby'],
  clients: [
    {
      // No gem but the standard library's (--disable-gems is not used: json and the others are default gems).
      start: () =>
        lineDriver('ruby', ['-I', path.join(root, 'generated', 'sdk', 'ruby', 'lib'), path.join(languagesDir, 'ruby', 'sdk_driver.rb')], {
          cwd: root,
          env: { EMAIL_DELIVERY_LOG: '' },
        }),
      rows: [...typedBodyRows, ...depthRows, undeclaredKeyRow],
    },
  ],
};
export default drivers;
