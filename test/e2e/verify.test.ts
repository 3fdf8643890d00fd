// `npm run verify` where a process is the point: against the run's Prism mock (fixture().mock: every
// GET as described, verify() called in this process, unpaced), and examples/workflows/verify.yml's
// command through bash and npm, as GitHub runs it, against a service that is down; `--traffic` with
// a learned overlay as a process, whose memory is the point (the overlaid description linted apart).
// What is sent,
// each verdict, the overlays and bad usage are test/unit/verify-run.test.ts' (recording servers on
// 127.0.0.1, in process); services that fail or attack, test/unit/verify-failing.test.ts'.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { writeTraffic } from '../../scripts/dev/bench-traffic.ts';
import { forTerminal } from '../../scripts/escape.ts';
import { overlaidDescription } from '../../scripts/overlay/overlaid-description.ts';
import { operations } from '../../scripts/stated/operations.ts';
import { downAfter } from '../../scripts/verify/run-verification.ts';
import { fixture } from '../support/fixture.ts';
import { checkout, loadBundle, root } from '../support/helpers.ts';
import { freeLoopbackPort } from '../support/http-server.ts';
import { run, runCommand } from '../support/run-command.ts';
import { scratchFolderPerFile } from '../support/scratch-folder.ts';
import { verifyHere } from '../support/verify-here.ts';

// The counts of the table (scripts/stated/operations.ts): an operation added there changes them.
const gets = operations.filter((operation) => operation.method === 'get');
const total = operations.length;
const writes = total - gets.length;
/** The GET operations with `{id}`, each given an id, so that every GET is called. */
const ids = gets.filter((operation) => operation.path.includes('{')).flatMap(({ operationId }) => ['--id', `${operationId}=x1`]);

const scratch = scratchFolderPerFile('verify');

describe("against the run's Prism mock", () => {
  it('every GET operation as described, no write called, exit 0', async () => {
    const result = await verifyHere(['--base-url', fixture().mock, ...ids]);
    expect(result.code, `${result.out}\n${result.err}`).toBe(0);
    // The plan's first line, as --rate 10 prints it (the run itself is unpaced: the mock is the run's own).
    const plan = await verifyHere(['--base-url', fixture().mock, '--rate', '10', ...ids, '--dry-run'], {});
    expect(plan.out).toContain(
      `verify: plan: ${gets.length} of ${total} operations, one request each (at most 3 redirects within the origin), at most 10 a second`,
    );
    expect(result.out).toContain(`  and ${writes} not called, listed with the verdicts`);
    const rows = result.out.split('\n').filter((line) => /^(as described|not called|contradicts|not confirmed|unreachable|server error|refused) /.test(line));
    expect(rows).toHaveLength(total);
    expect(rows.slice(0, gets.length).every((row) => row.startsWith('as described'))).toBe(true);
    expect(rows.slice(gets.length).every((row) => / (PUT|POST|DELETE|PATCH) +a write: --write \w+ --allow-writes$/.test(row))).toBe(true);
    expect(result.out).toContain(
      `-- not called: ${writes} writes (POST, PUT, PATCH, DELETE): each is called only when named with --write <operationId> --allow-writes`,
    );
    expect(result.out).toMatch(new RegExp(`^verify: ${gets.length} as described, ${writes} not called; ${gets.length} requests sent in \\d+\\.\\d s$`, 'm'));
  });
});

describe('through npm, as examples/workflows/verify.yml runs it', () => {
  it('fails against a service that is down', async () => {
    const workflow = YAML.parse(await fs.readFile(path.join(root, 'examples', 'workflows', 'verify.yml'), 'utf8'));
    const step = workflow.jobs.verify.steps.find((s: { run?: string }) => s.run?.includes('verify'));
    expect(step.shell).toBe('bash');
    const summary = path.join(scratch.dir, 'summary.md');
    const env = {
      ...process.env,
      BASE_URL: `http://127.0.0.1:${await freeLoopbackPort()}`,
      CREDENTIALS_HEADER: 'X-Api-Key: k',
      GITHUB_STEP_SUMMARY: summary,
      RUNNER_TEMP: scratch.dir,
      FORCE_COLOR: '0',
    };
    // As GitHub runs `shell: bash`: bash --noprofile --norc -eo pipefail.
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], { cwd: root, env, stdio: 'ignore' });
      child.on('close', resolve);
    });
    expect(code).toBe(1);
    // The service is down: after downAfter connection failures, the rest of the operations is not sent.
    expect(await fs.readFile(summary, 'utf8')).toContain(
      `**Failed**: no operation was confirmed as described; ${downAfter} unreachable, ${operations.length - downAfter} not called`,
    );
    expect(await fs.readFile(path.join(scratch.dir, 'verify.xml'), 'utf8')).toContain(`errors="${downAfter}"`);
  });
});

/**
 * verify's `run` in a process of its own on `args`: its exit code, what it printed, the linters'
 * packages its process loaded (a module hook sees every one resolved), and its peak memory.
 */
async function verifyProcess(args: string[]): Promise<{ code: number; lines: string[]; loaded: string[] }> {
  const probe = path.join(scratch.dir, 'probe.mjs');
  await fs.writeFile(
    probe,
    `import module from 'node:module';
const loaded = new Set();
module.registerHooks({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context);
    const linter = /\\/node_modules\\/((?:@redocly|@stoplight)\\/[^/]+|markdownlint)\\//.exec(resolved.url);
    if (linter) loaded.add(linter[1]);
    return resolved;
  },
});
const [root, ...args] = process.argv.slice(2);
const { run } = await import(${JSON.stringify(new URL('../../scripts/commands/verify.ts', import.meta.url).href)});
const lines = [];
const io = { root, cwd: root, env: process.env, out: (line) => lines.push(line), err: (line) => lines.push(line), write() {}, signal: new AbortController().signal };
const code = await run(args, io);
console.log(JSON.stringify({ code, lines, loaded: [...loaded].sort() }));
`,
  );
  const result = await run(process.execPath, [probe, root, ...args], root);
  expect(result.code, result.output).toBe(0);
  return JSON.parse(result.stdout) as { code: number; lines: string[]; loaded: string[] };
}

// Found by the fifth security review (item 8): with a learned overlay, verify --traffic linted the overlaid
// description in its own process, loading Redocly, Spectral and markdownlint, and peaked at 270 MB on 100
// exchanges (346 MB on 600,000; 100 MB without the overlay) before it read any traffic.
describe('--traffic with a learned overlay, as a process', () => {
  // Its memory is a figure, not a test (a timed or sized test is the bench's: docs/verify.md gives it): the
  // cause, the linters loaded in verify's own process, is what this holds.
  it('loads no linter in its own process; a bad overlay is still refused at its line, as the build refuses it', async () => {
    const traffic = path.join(scratch.dir, 'day.ndjson');
    await writeTraffic(traffic, 100, 'ndjson');
    const learned = path.join(scratch.dir, 'learned.yaml');
    const learnt = await runCommand('learn', ['--traffic', traffic, '--out', learned]);
    expect(learnt.code, learnt.output).toBe(0);

    const checked = await verifyProcess(['--traffic', traffic, '--overlay', learned]);
    expect(checked.lines.join('\n')).toMatch(/^verify: .* 6 as described, .*; 100 recorded exchanges read in [\d.]+ s, nothing sent$/m);
    expect(checked.loaded).toEqual([]);

    // The same overlay with an action that makes the description invalid: refused before the traffic is read.
    const bad = path.join(scratch.dir, 'learned-bad.yaml');
    await fs.writeFile(
      bad,
      `${await fs.readFile(learned, 'utf8')}  - target: $.components.schemas.ListQuotasResponseBody\n    update:\n      properties:\n        bad:\n          type: int\n`,
    );
    const refused = await verifyProcess(['--traffic', traffic, '--overlay', bad]);
    expect(refused.code).toBe(1);
    const built = await overlaidDescription(checkout, { overlays: [bad], out: '', shownAs: (file) => file }, await loadBundle()).then(
      () => 'applied',
      (error: Error) => error.message,
    );
    expect(built).toMatch(/^the description with the overlays is not valid \(\d+ problems?\):\n {2}.*learned-bad\.yaml:\d+: action \d+ /);
    // On one line, as verify prints every refusal.
    expect(refused.lines).toEqual([`verify: ${forTerminal(built)}`]);
  });
});
