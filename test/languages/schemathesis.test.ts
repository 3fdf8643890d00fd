// Schemathesis, with every check it has, against the Prism mock (what `npm run mock` starts) from
// the bundle. Each kind of failure it reports is explained in docs/generators.md's table as
// Prism's or Schemathesis' own; this test pins that no other kind appears.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../scripts/serve/mock-server.ts';
import { checkout, loadBundle, root } from '../support/helpers.ts';
import { operations } from '../../scripts/stated/operations.ts';
import { freeLoopbackPort } from '../support/http-server.ts';
import { missingFor, requireTools, reusedWhenSame, runsHere, venv } from '../support/languages.ts';
import { run } from '../support/run-command.ts';
import { makeScratchFolder } from '../support/scratch-folder.ts';

const missing = missingFor(['python']);

/** The explained failures: a check's code, the operations it may name, and whose behaviour it is. */
const explained: { code: string; operation: RegExp; why: string }[] = [
  { code: 'ST204', operation: /^TRACE \//, why: "Prism's: its 405 answer to an undeclared method has no Allow header" },
  { code: 'ST301', operation: /^Stateful tests$/, why: "Prism's: a mock keeps no state, so a deleted resource is still there" },
  {
    code: 'ST201',
    operation: /^GET \/v1\/(api-key|messages\/status)$/,
    why: "Schemathesis': it counts a number or null as breaking `type: string` in an open query pair, but every query value is a string on the wire",
  },
  {
    code: 'ST201',
    operation: /^(PUT|POST) \/v1\/(unsubscribe-groups\/\{id\}|link-branding\/\{id\}|batches\/\{id\}\/send)$/,
    why: "Prism's: it accepts a JSON null as an optional object body",
  },
];

interface Report {
  operations: { tested: number };
  failures: { code: string; title: string; operations: string[] }[];
  errors: { title: string; count: number }[];
}

let work: string;
let mock: MockServer;
let report: Report;

describe.runIf(runsHere('Schemathesis', missing))('Schemathesis against the Prism mock', () => {
  beforeAll(async () => {
    requireTools(missing);
    work = await makeScratchFolder('schemathesis');
    const bundle = path.join(checkout.outputDir, 'openapi.json');
    // Reproducible, and short: Prism never answers a body that is not JSON, so each such request times out.
    const options = ['--checks', 'all', '--max-examples', '10', '--seed', '1', '--generation-deterministic', '--request-timeout', '3'];
    // The report, reused (reusedWhenSame) when the bundle, the pinned Schemathesis, the pinned Prism
    // (package-lock.json), the mock's code and the options are the same: the run is seeded.
    const mockCode = path.join(root, 'scripts', 'serve', 'mock-server.ts');
    const key = [venv, ...options, { file: bundle }, { file: path.join(root, 'package-lock.json') }, { file: mockCode }];
    report = await reusedWhenSame('schemathesis', key, work, [], async () => {
      mock = await startMockServer({ bundleFile: bundle, port: await freeLoopbackPort() });
      const reportFile = path.join(work, 'report.json');
      const result = await run(path.join(venv, 'bin', 'schemathesis'), ['run', bundle, '--url', mock.url, ...options, '--report-json-path', reportFile], work);
      expect([0, 1], result.output.slice(-3000)).toContain(result.code);
      return JSON.parse(await fs.readFile(reportFile, 'utf8')) as Report;
    });
  });
  afterAll(async () => {
    await mock?.stop();
    if (work) await fs.rm(work, { recursive: true, force: true });
  });

  it('tests every operation of the table', () => {
    expect(report.operations.tested).toBe(operations.length);
  });

  it('finds nothing but the explained failures', () => {
    const unexplained = report.failures.flatMap(({ code, title, operations }) =>
      operations
        .filter((operation) => !explained.some((e) => e.code === code && e.operation.test(operation)))
        .map((operation) => `${code} ${title}: ${operation}`),
    );
    expect(unexplained).toEqual([]);
  });

  it("still finds Prism's missing Allow header on every path (the pin holds)", async () => {
    const trace = report.failures.find((failure) => failure.code === 'ST204')?.operations ?? [];
    const paths = Object.keys((await loadBundle()).paths);
    expect(trace.toSorted()).toEqual(paths.map((path) => `TRACE ${path}`).toSorted());
  });

  it('meets no error but the timeouts of Prism on a body that is not JSON', () => {
    expect(report.errors.map((error) => error.title).filter((title) => title !== 'Network Error')).toEqual([]);
  });
});
