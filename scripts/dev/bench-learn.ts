// The learn section of `npm run bench`. First `npm run learn` on 10,000 recorded exchanges (a HAR of
// about 20 MB), each run a process of its own so that its wall time and its peak memory (the
// process's maximum resident set) are its own; the target (docs/learn.md): at most 5 s and 300 MB.
// Then a gateway's day, 1,000,000 exchanges (bench-traffic.ts), as NDJSON (about 1.2 GB) and as a
// HAR an entry a line: the parse floor (bench-parse-floor.ts, Node alone), `npm run learn` and
// `npm run verify -- --traffic` here and in the baseline tree, and the pinned Redocly CLI's traffic
// commands on the same file (`drift`, `generate-spec`), each within a time bound; then 300 MB of
// the hostile shapes of issue 57's finding 1. Each of those runs once (they take minutes), under
// GNU time for the wall time, the CPU time and the peak memory. Figures, not assertions: they go to
// docs/speed.md.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Project } from '../project.ts';
import { gatewayEntry, hostileEntry, writeTraffic } from './bench-traffic.ts';
import { median } from './bench-timing.ts';

const exec = promisify(execFile);

export interface BenchTable {
  title: string;
  header: string[];
  rows: string[][];
}

/** A tree to measure: this checkout, or the baseline's worktree. */
interface Tree {
  label: string;
  dir: string;
}

/** A HAR of `count` exchanges over five operations, about 2 KB each. */
export function benchTraffic(count: number): string {
  const paths = ['/v1/webhooks?limit=10&cursor=c', '/v1/integrations/int_ID', '/v1/quotas', '/v1/messages/status?messageId=m_ID', '/v1/batches/b_ID/send'];
  const entries = Array.from({ length: count }, (_, i) => {
    const url = `http://127.0.0.1:4040${paths[i % paths.length].replace('ID', String(i))}`;
    const post = url.endsWith('/send');
    const body = {
      items: Array.from({ length: 8 }, (_, j) => ({
        id: `wh_${i}_${j}`,
        url: `https://h${j}.example/hook`,
        enabled: j % 2 === 0,
        createdAt: '2026-01-02T03:04:05Z',
        meta: { n: j, score: j / 3 },
      })),
      nextCursor: `c${i}`,
    };
    const text = JSON.stringify(body);
    return {
      startedDateTime: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      time: 1,
      request: {
        method: post ? 'POST' : 'GET',
        url,
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: [{ name: 'X-Api-Key', value: `k${i}` }],
        queryString: [],
        ...(post ? { postData: { mimeType: 'application/json', text: JSON.stringify({ subject: `s${i}`, to: ['a@example.com'] }) } } : {}),
        headersSize: -1,
        bodySize: 0,
      },
      response: {
        status: post ? 201 : 200,
        statusText: '',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: [],
        content: { size: text.length, mimeType: 'application/json', text },
        redirectURL: '',
        headersSize: -1,
        bodySize: text.length,
      },
      cache: {},
      timings: { send: 0, wait: 1, receive: 0 },
    };
  });
  return JSON.stringify({ log: { version: '1.2', creator: { name: 'bench', version: '1' }, entries } });
}

/** One run: the learn command's `run` in a fresh process, reporting its own wall time and peak memory. */
async function once(project: Project, traffic: string, out: string): Promise<{ ms: number; mb: number }> {
  const script = [
    `const { run } = await import(${JSON.stringify(path.join(project.root, 'scripts', 'commands', 'learn.ts'))});`,
    'const started = performance.now();',
    `const code = await run(['--traffic', ${JSON.stringify(traffic)}, '--out', ${JSON.stringify(out)}], { root: ${JSON.stringify(project.root)}, cwd: ${JSON.stringify(project.root)}, env: process.env, out() {}, err: (line) => console.error(line), write() {}, signal: new AbortController().signal });`,
    'console.log(JSON.stringify({ code, ms: performance.now() - started, maxRss: process.resourceUsage().maxRSS }));',
  ].join('\n');
  const { stdout } = await exec(process.execPath, ['--input-type=module', '-e', script], { cwd: project.root, maxBuffer: 16 * 1024 * 1024 });
  const { code, ms, maxRss } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { code: number; ms: number; maxRss: number };
  if (code !== 0) throw new Error(`npm run learn exited ${code}`);
  return { ms, mb: maxRss / 1024 };
}

async function benchTenThousand(project: Project, dir: string, runs: number): Promise<BenchTable> {
  console.error('learn: npm run learn on 10,000 exchanges (a HAR of about 20 MB), each run a process of its own');
  const traffic = path.join(dir, 'traffic.har');
  await fs.writeFile(traffic, benchTraffic(10_000));
  const { size } = await fs.stat(traffic);
  const samples: { ms: number; mb: number }[] = [];
  for (let run = 0; run < runs; run++) samples.push(await once(project, traffic, path.join(dir, 'learned.yaml')));
  process.stderr.write(`  learn: ${samples.map((s) => `${(s.ms / 1000).toFixed(2)} s ${s.mb.toFixed(0)} MB`).join(', ')}\n`);
  return {
    title: `npm run learn on 10,000 exchanges, ${(size / 1e6).toFixed(1)} MB of HAR (median of ${runs}; the command's run, process start-up aside; target: at most 5 s and 300 MB)`,
    header: ['exchanges', 'HAR', 'time', 'peak memory (max RSS)'],
    rows: [
      [
        '10,000',
        `${(size / 1e6).toFixed(1)} MB`,
        `${(median(samples.map((s) => s.ms)) / 1000).toFixed(2)} s`,
        `${median(samples.map((s) => s.mb)).toFixed(0)} MB`,
      ],
    ],
  };
}

/** Lines that tell how a run ended: the figures of what was read, a learning bound reached, a refusal, Redocly's own last word, a crash's cause. */
const telling =
  /read \d+ exchanges?|exchanges read in|fields learned|reading stopped|nothing written|more than \d+|Done in|processed in|"records"|out of memory/i;

/** What one timed process did: wall and CPU seconds, peak memory, its exit code (none when the bound stopped it), and its last line. */
interface Timed {
  seconds: number;
  cpu: number;
  mb: number;
  code?: number;
  last: string;
  /** Whether the command said its time bound stopped its reading (then it read a part only). */
  partial: boolean;
}

/**
 * Runs `args` (a Node program and its arguments) under GNU time within `limitSeconds`, in `cwd`:
 * wall time, CPU time (user and system), the largest resident set, and how it ended (its exit
 * code, or that the bound ended it) with the last line it printed.
 */
async function timedRun(args: string[], cwd: string, limitSeconds: number): Promise<Timed> {
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
  const { stdout, stderr, code, killed } = await exec('/usr/bin/time', ['-f', 'TIMED %e %U %S %M', process.execPath, ...args], {
    cwd,
    env,
    timeout: limitSeconds * 1000,
    killSignal: 'SIGKILL',
    maxBuffer: 64 * 1024 * 1024,
  }).then(
    ({ stdout, stderr }) => ({ stdout, stderr, code: 0, killed: false }),
    (error: { stdout?: string; stderr?: string; code?: unknown; killed?: boolean }) => ({
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
      code: typeof error.code === 'number' ? error.code : 1,
      killed: error.killed === true,
    }),
  );
  const timedLine = stderr.split('\n').find((line) => line.startsWith('TIMED '));
  const [seconds, user, system, kb] = (timedLine ?? 'TIMED 0 0 0 0').slice(6).split(' ').map(Number);
  // The line that says how it ended: what was read or learned, why nothing was, a crash's cause; else the last.
  const lines = `${stdout}\n${stderr}`
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('TIMED ') && !line.startsWith('Command '));
  const last = lines.findLast((line) => telling.test(line)) ?? lines.at(-1);
  const stopped = killed || !timedLine;
  // A learn or verify that its own time bound stopped ends 0 having read a part: not the whole traffic.
  const partial = lines.some((line) => line.includes('the reading stopped at its time bound'));
  return { seconds: stopped ? limitSeconds : seconds, cpu: user + system, mb: kb / 1024, ...(stopped ? {} : { code }), last: last ?? '', partial };
}

/** Whether `tree` has learning (a baseline from before it has not). */
const hasLearn = async (tree: Tree) =>
  fs
    .access(path.join(tree.dir, 'scripts', 'commands', 'learn.ts'))
    .then(() => true)
    .catch(() => false);

/**
 * A row of the large cases: what ran, where, its figures, its time against the floor's where it
 * read the whole traffic (exit 0, or 1 for a verdict: verify's contradiction or refusal, drift's
 * findings, with their report), and how it ended.
 */
function largeRow(what: string, where: string, run: Timed, floor: Timed | undefined, limit: number): string[] {
  const whole = !run.partial && (run.code === 0 || (run.code === 1 && /nothing sent|Done in|drift|findings/i.test(run.last)));
  const ratio = floor && whole ? ` (${(run.seconds / floor.seconds).toFixed(1)}x; CPU ${(run.cpu / floor.cpu).toFixed(1)}x)` : '';
  const ended = run.code === undefined ? `stopped at the bound of ${limit} s` : `exit ${run.code}${run.last ? `: ${run.last.slice(0, 110)}` : ''}`;
  return [what, where, `${run.seconds.toFixed(1)} s${ratio}`, `${run.cpu.toFixed(1)} s`, `${run.mb.toFixed(0)} MB`, ended];
}

/** Runs one command under GNU time and adds its row: what ran, where, within what bound, against which floor. */
type Measure = (what: string, where: string, args: string[], cwd: string, limit: number, floor?: Timed) => Promise<Timed>;

/** The floor, learn and verify in each tree, and Redocly's `drift` and `generate-spec` (NDJSON only), on one file of the gateway's day. */
async function dayRows(measure: Measure, learned: Tree[], here: Tree, traffic: string, label: string, dir: string): Promise<void> {
  const ndjson = label.startsWith('NDJSON');
  const floor = await measure(`parse floor, ${label}`, 'Node alone', [path.join(here.dir, 'scripts', 'dev', 'bench-parse-floor.ts'), traffic], here.dir, 600);
  for (const tree of learned) {
    const cli = path.join(tree.dir, 'scripts', 'cli', 'main.ts');
    await measure(`npm run learn, ${label}`, tree.label, [cli, 'learn', '--traffic', traffic, '--out', path.join(dir, 'learned.yaml')], tree.dir, 600, floor);
    if (ndjson) await measure(`npm run verify -- --traffic, ${label}`, tree.label, [cli, 'verify', '--traffic', traffic], tree.dir, 600, floor);
  }
  if (!ndjson) return;
  const redocly = path.join(here.dir, 'node_modules', '.bin', 'redocly');
  const server = ['--server', 'https://api.email-delivery.example'];
  const api = path.join(here.dir, 'generated', 'openapi.json');
  const drift = [redocly, 'drift', traffic, '--api', api, ...server, '--format', 'json', '-o', path.join(dir, 'drift.json')];
  await measure(`redocly drift, ${label}`, 'pinned Redocly CLI', drift, here.dir, 300, floor);
  const generate = [redocly, 'generate-spec', traffic, ...server, '-o', path.join(dir, 'spec.yaml')];
  await measure(`redocly generate-spec, ${label}`, 'pinned Redocly CLI', generate, here.dir, 300, floor);
}

/** The gateway's day (1,000,000 exchanges) as NDJSON and HAR, and 300 MB of hostile shapes: each command once, here and in the baseline. */
async function benchLarge(trees: Tree[], dir: string): Promise<BenchTable> {
  const learned = (await Promise.all(trees.map(async (tree) => ((await hasLearn(tree)) ? tree : undefined)))).filter((tree) => tree !== undefined);
  const files = { ndjson: path.join(dir, 'gateway-day.ndjson'), har: path.join(dir, 'gateway-day.har'), hostile: path.join(dir, 'hostile-shapes.ndjson') };
  console.error(`learn: writing 1,000,000 exchanges as NDJSON and as a HAR, and 300 MB of hostile shapes, in ${dir}`);
  await writeTraffic(files.ndjson, 1_000_000, 'ndjson', gatewayEntry);
  await writeTraffic(files.har, 1_000_000, 'har', gatewayEntry);
  await writeTraffic(files.hostile, 150_000, 'ndjson', hostileEntry);
  const gigabytes = async (file: string) => ((await fs.stat(file)).size / 1e9).toFixed(2);
  const rows: string[][] = [];
  const measure: Measure = async (what, where, args, cwd, limit, floor) => {
    const run = await timedRun(args, cwd, limit);
    const row = largeRow(what, where, run, floor, limit);
    process.stderr.write(`  ${row.join(' | ')}\n`);
    rows.push(row);
    return run;
  };
  await dayRows(measure, learned, trees[0], files.ndjson, `NDJSON, ${await gigabytes(files.ndjson)} GB`, dir);
  await dayRows(measure, learned, trees[0], files.har, `HAR, ${await gigabytes(files.har)} GB`, dir);
  const hostile = `npm run learn, hostile shapes, ${Math.round(Number(await gigabytes(files.hostile)) * 1000)} MB`;
  for (const tree of learned)
    await measure(
      hostile,
      tree.label,
      [path.join(tree.dir, 'scripts', 'cli', 'main.ts'), 'learn', '--traffic', files.hostile, '--out', path.join(dir, 'hostile.yaml')],
      tree.dir,
      180,
    );
  const missing = trees.filter((tree) => !learned.includes(tree)).map((tree) => tree.label);
  return {
    title: `A gateway's day: 1,000,000 exchanges, and 300 MB of hostile shapes (issue 57, finding 1), each command once (wall time with its ratio to the parse floor's, CPU time, peak memory: GNU time's max RSS)${missing.length > 0 ? `; ${missing.join(', ')} has no learn, not measured` : ''}. Targets: learn and verify --traffic within 3x of the floor and 256 MB on 1,000,000 exchanges; under 768 MB on the hostile shapes`,
    header: ['command and traffic', 'tree', 'time', 'CPU', 'peak memory', 'how it ended'],
    rows,
  };
}

/** The learn section: the 10,000-exchange HAR (median of `runs`), then the large cases once. `trees`: this checkout first, then the baseline if any. */
export async function benchLearn(project: Project, trees: Tree[], runs: number): Promise<BenchTable[]> {
  // Large files: under TMPDIR, where a machine whose /tmp is small points it elsewhere.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'email-delivery-bench-learn-'));
  try {
    return [await benchTenThousand(project, dir, runs), await benchLarge(trees, dir)];
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
