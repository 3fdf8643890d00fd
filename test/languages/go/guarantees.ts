// The guarantees table (test/support/guarantees.ts) for the Go SDK: its driver program
// (cmd/sdk-driver here, built once against the committed generated/sdk/go) reads a line per row and
// calls the table's misbehaving server. With the rows of the SDKs that decode into the
// description's types as they run, those of the SDKs with error kinds and per-call options, and
// every echo of a credential redacted, a POST the description gives no idempotency key sent once.
import path from 'node:path';
import { depthRows, type GuaranteeDrivers, lineDriver, otherEchoesRow, typedBodyRows, undeclaredKeyRow } from '../../support/guarantees.ts';
import { languagesDir, mustRun } from '../../support/languages.ts';

/** The driver, built once for the lanes that run it. */
let built: Promise<string> | undefined;
const buildDriver = (scratch: string) =>
  (built ??= (async () => {
    const driver = path.join(scratch, 'sdk-driver');
    await mustRun('go', ['build', '-o', driver, './cmd/sdk-driver'], path.join(languagesDir, 'go'));
    return driver;
  })());

const drivers: GuaranteeDrivers = {
  needs: ['go'],
  clients: [
    {
      start: async (scratch) => lineDriver(await buildDriver(scratch), [], { cwd: scratch }),
      rows: [...typedBodyRows, ...depthRows, otherEchoesRow, undeclaredKeyRow],
    },
  ],
};
export default drivers;
