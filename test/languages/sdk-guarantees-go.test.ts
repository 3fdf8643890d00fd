// The guarantees table (test/support/guarantees.ts) for the Go SDK: its driver program
// (go/cmd/sdk-driver, built once against the committed generated/sdk/go) reads a line per row and
// calls the table's misbehaving server. With the rows of the SDKs that decode into the
// description's types as they run, and those of the SDKs with error kinds and per-call options.
import path from 'node:path';
import { describe } from 'vitest';
import { depthRows, describeGuarantees, languages, lineDriver, typedBodyRows } from '../support/guarantees.ts';
import { languagesDir, missingFor, mustRun, requireTools, runsHere } from '../support/languages.ts';
import { scratchFolderPerFile } from '../support/scratch-folder.ts';

const missing = missingFor(['go']);
const scratch = scratchFolderPerFile('sdk-guarantees-go');

/** The driver, built once for the lanes that run it. */
let built: Promise<string> | undefined;
const buildDriver = () =>
  (built ??= (async () => {
    requireTools(missing);
    const driver = path.join(scratch.dir, 'sdk-driver');
    await mustRun('go', ['build', '-o', driver, './cmd/sdk-driver'], path.join(languagesDir, 'go'));
    return driver;
  })());

describe.runIf(runsHere('the Go SDK guarantees', missing))('the Go SDK', () => {
  describeGuarantees(languages.go, async () => lineDriver(await buildDriver(), [], { cwd: scratch.dir }), {
    rows: [...typedBodyRows, ...depthRows],
  });
});
