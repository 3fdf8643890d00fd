// `npm run bench`: speed figures, median of N runs each, printed as tables, each measured side by
// side with a baseline commit (a git worktree with its own `npm ci`) where the section compares.
// Nothing here asserts: the figures go to docs/speed.md with the targets they are held to.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import createClient from 'openapi-fetch';
import { launchChromium } from './chromium.ts';
import { startListServer } from './list-server.ts';
import type { Project } from '../project.ts';
import { operations as tableOfOperations } from '../stated/operations.ts';
import { median, medianOf, pairedRounds, timed } from './bench-timing.ts';

const exec = promisify(execFile);

export const benchSections = [
  'lint',
  'build',
  'overlays',
  'unit',
  'tiers',
  'test',
  'mutate',
  'ci',
  'client',
  'docs',
  'scale',
  'site',
  'mcp',
  'size',
  'learn',
  'sdk',
] as const;
export type BenchSection = (typeof benchSections)[number];

export interface BenchOptions {
  runs: number;
  sections: BenchSection[];
  /** The commit to measure against (lint, build, test, mutate), or none. */
  baseline?: string;
  /** The sdk section's languages, by name in lower case (`typescript`); every one if none. */
  sdkLanguages?: string[];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function table(title: string, header: string[], rows: string[][]): void {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n${title}\n${line(header)}\n| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |\n${rows.map(line).join('\n')}`);
}

/**
 * The environment a user's shell has: PATH without any node_modules/.bin (npm put ours first), so
 * that `npm run` in a tree finds that tree's own tools and Node, as it does for the user.
 */
function userEnv(): NodeJS.ProcessEnv {
  const PATH = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => !dir.includes('node_modules'))
    .join(path.delimiter);
  const env: NodeJS.ProcessEnv = { ...process.env, PATH, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
  for (const key of Object.keys(env)) if (key.startsWith('npm_')) delete env[key];
  return env;
}

/** Runs a command as the user would; a failure names the command and the folder, with the output's last lines. */
async function sh(command: string, args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  try {
    return await exec(command, args, { cwd, env: userEnv(), maxBuffer: 256 * 1024 * 1024 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    const tail = `${stdout}\n${stderr}`.trim().split('\n').slice(-15).join('\n');
    throw new Error(`\`${command} ${args.join(' ')}\` failed in ${cwd}; its last lines:\n${tail}`, { cause: error });
  }
}

interface Tree {
  label: string;
  dir: string;
}

/** A worktree of `ref` with its dependencies installed as its lockfile pins them. */
async function baselineTree(project: Project, ref: string): Promise<Tree & { remove(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'email-delivery-baseline-'));
  console.error(`baseline: git worktree of ${ref} in ${dir}, then npm ci`);
  await sh('git', ['worktree', 'add', '--detach', dir, ref], project.root);
  await sh('npm', ['ci', '--no-audit', '--no-fund'], dir);
  return {
    label: `${ref} (baseline)`,
    dir,
    remove: async () => {
      await sh('git', ['worktree', 'remove', '--force', dir], project.root);
    },
  };
}

/** Times `npm run -s <script>` in each tree, `runs` times, alternating trees so drift falls on both. */
async function sideBySide(trees: Tree[], runs: number, args: (tree: Tree) => string[]): Promise<number[]> {
  const samples = trees.map(() => [] as number[]);
  for (let run = 0; run < runs; run++) {
    for (const [i, tree] of trees.entries()) samples[i].push(await timed(() => sh('npm', args(tree), tree.dir)));
  }
  trees.forEach((tree, i) =>
    process.stderr.write(`  ${args(tree).join(' ')} in ${tree.label}: ${samples[i].map((ms) => (ms / 1000).toFixed(2)).join(' ')} s\n`),
  );
  return samples.map(median);
}

function comparison(title: string, what: string, trees: Tree[], medians: number[]): void {
  table(
    title,
    ['tree', what, 'ratio to the last'],
    trees.map((tree, i) => [tree.label, seconds(medians[i]), (medians[i] / medians.at(-1)!).toFixed(2)]),
  );
}

async function benchLint(trees: Tree[], runs: number): Promise<void> {
  console.error('lint: npm run lint');
  comparison(`npm run lint (median of ${runs}, wall time with npm's start-up)`, 'time', trees, await sideBySide(trees, runs, () => ['run', '-s', 'lint']));
}

async function benchBuild(trees: Tree[], runs: number): Promise<void> {
  console.error('build: npm run build');
  comparison(`npm run build (median of ${runs}, every step, docs included)`, 'time', trees, await sideBySide(trees, runs, () => ['run', '-s', 'build']));
}

/** The build with the two example overlays against the build without, in this tree, alternating. */
async function benchOverlays(project: Project, runs: number): Promise<void> {
  console.error('overlays: npm run build, with and without the two example overlays');
  const out = await fs.mkdtemp(path.join(os.tmpdir(), 'email-delivery-bench-overlays-'));
  try {
    const overlays = ['--overlay', 'examples/overlays/auth.yaml', '--overlay', 'examples/overlays/fields.yaml', '--out', path.join(out, 'build')];
    const variants = [
      { label: 'npm run build', args: ['run', '-s', 'build'] },
      { label: 'npm run build -- --overlay x2 --out', args: ['run', '-s', 'build', '--', ...overlays] },
    ];
    const samples = variants.map(() => [] as number[]);
    for (let run = 0; run < runs; run++)
      for (const [i, variant] of variants.entries()) samples[i].push(await timed(() => sh('npm', variant.args, project.root)));
    const medians = samples.map(median);
    table(
      `The build with two overlays (median of ${runs}, every step, docs included)`,
      ['command', 'time', 'ratio to the first'],
      variants.map((variant, i) => [variant.label, seconds(medians[i]), (medians[i] / medians[0]).toFixed(2)]),
    );
  } finally {
    await fs.rm(out, { recursive: true, force: true });
  }
}

async function benchTest(trees: Tree[], runs: number): Promise<void> {
  console.error('test: npm test');
  const full = await sideBySide(trees, runs, () => ['test', '--', '--reporter=dot']);
  comparison(`npm test (median of ${runs}; target: at most 1.10x the baseline, three languages more (issue 65))`, 'time', trees, full);
}

async function benchUnit(trees: Tree[], runs: number): Promise<void> {
  console.error('unit: npm run test:unit');
  const unit = await sideBySide(trees, runs, () => ['run', '-s', 'test:unit', '--', '--reporter=dot']);
  comparison(`npm run test:unit (median of ${runs})`, 'time', trees, unit);
}

/** Each tier of `npm test` alone (a vitest project), in each tree. */
async function benchTiers(trees: Tree[], runs: number): Promise<void> {
  for (const tier of ['unit', 'e2e', 'languages']) {
    console.error(`tiers: npm test -- --project ${tier}`);
    const medians = await sideBySide(trees, runs, () => ['test', '--', '--project', tier, '--reporter=dot']);
    comparison(`npm test -- --project ${tier} (median of ${runs})`, 'time', trees, medians);
  }
}

async function benchMutate(trees: Tree[], runs: number): Promise<void> {
  console.error('mutate: npm run mutate');
  const rows: string[][] = [];
  for (const tree of trees) {
    const rates: number[] = [];
    let count = 0;
    let ms = 0;
    for (let run = 0; run < runs; run++) {
      let stdout = '';
      ms = await timed(async () => {
        stdout = (await sh('npm', ['run', '-s', 'mutate'], tree.dir)).stdout;
      });
      // Mistakes and neutral rewordings together (and the older summary, `N of M caught`, of a baseline).
      const summary = /mutate: \d+ of (\d+) mistakes caught.*?\d+ of (\d+) neutral/.exec(stdout);
      count = summary ? Number(summary[1]) + Number(summary[2]) : Number(/mutate: (\d+) of (\d+) caught/.exec(stdout)?.[2] ?? 0);
      rates.push(count / (ms / 1000));
    }
    process.stderr.write(`  mutate in ${tree.label}: ${rates.map((rate) => rate.toFixed(2)).join(' ')} mutants/s\n`);
    rows.push([tree.label, String(count), seconds(ms), median(rates).toFixed(2)]);
  }
  const ratio = rows.length > 1 ? ` (${(Number(rows[0][3]) / Number(rows[1][3])).toFixed(1)}x the baseline; target: at least 5x)` : '';
  table(`npm run mutate, wall time with npm's start-up (median of ${runs})${ratio}`, ['tree', 'mutants', 'last run', 'mutants/s'], rows);
}

/** Runs a shell command in `cwd` with CI=true; a failure names it, with the output's last lines. */
const ciShell = (command: string, cwd: string, env: NodeJS.ProcessEnv = {}) =>
  exec('bash', ['-c', command], { cwd, env: { ...userEnv(), CI: 'true', ...env }, maxBuffer: 256 * 1024 * 1024 }).catch((error) => {
    const tail = `${String(error.stderr ?? '')}\n${String(error.stdout ?? '')}`.trim().split('\n').slice(-25).join('\n');
    throw new Error(`\`${command}\` failed in ${cwd}: ${tail}`, { cause: error });
  });

/**
 * `bash .ci/run` on fresh clones of HEAD and of the baseline, alternating (so that the machine's
 * drift falls on both), as CI runs it: npm ci from npm's cache, the languages' tools from theirs.
 * Each side has a cache of its own (XDG_CACHE_HOME under ~/.cache/email-delivery-bench/: `head`,
 * and the baseline's commit): the tools cache keeps one venv, the one its lock names, so a shared
 * one would be cold at every turn. A side's first run fills its cache (cold, not counted). A run that
 * fails is named with its last lines and not counted, nor its round on the other side
 * (pairedRounds); the others go on. Each run's phases on stderr, then the medians of the warm runs
 * and their ratio.
 */
async function benchCi(project: Project, runs: number, baseline?: string): Promise<void> {
  const refs = [{ label: 'HEAD', ref: 'HEAD' }, ...(baseline ? [{ label: `${baseline} (baseline)`, ref: baseline }] : [])];
  console.error(`ci: bash .ci/run on fresh clones of ${refs.map(({ ref }) => ref).join(' and ')}, alternating`);
  const rounds = refs.map(() => [] as (number | undefined)[]);
  for (let run = 0; run < runs; run++)
    for (const [i, { label, ref }] of refs.entries()) {
      const parent = await fs.mkdtemp(path.join(os.tmpdir(), 'email-delivery-ci-'));
      try {
        const clone = path.join(parent, 'main');
        await sh('git', ['clone', '-q', project.root, clone], parent);
        await sh('git', ['checkout', '-q', '--detach', ref], clone);
        const commit = (await sh('git', ['rev-parse', '--short', 'HEAD'], clone)).stdout.trim();
        const cache = path.join(os.homedir(), '.cache', 'email-delivery-bench', ref === 'HEAD' ? 'head' : commit);
        const cold = !(await fs.stat(cache).catch(() => undefined));
        let output = '';
        let failed = '';
        const ms = await timed(async () => {
          output = await ciShell('bash .ci/run', clone, { XDG_CACHE_HOME: cache }).then(
            ({ stdout }) => stdout,
            (error: unknown) => ((failed = error instanceof Error ? error.message : String(error)), ''),
          );
        });
        if (failed) process.stderr.write(`  ${label} (${commit}), run ${run + 1}: FAILED after ${seconds(ms)}, not counted: ${failed}\n`);
        rounds[i][run] = failed || cold ? undefined : ms;
        const phases = output.split('\n').filter((line) => line.startsWith('ci: '));
        if (!failed)
          process.stderr.write(
            `  ${label} (${commit}), run ${run + 1}${cold ? ', its cache cold: not counted' : ''}: ${seconds(ms)}\n${phases.map((line) => `    ${line}`).join('\n')}\n`,
          );
      } finally {
        await fs.rm(parent, { recursive: true, force: true });
      }
    }
  // Only the rounds every side counted: one side's lost run drops the round from both.
  const { samples, dropped } = pairedRounds(rounds);
  if (dropped.length > 0 && refs.length > 1)
    process.stderr.write(`ci: run(s) ${dropped.map((round) => round + 1).join(', ')} not counted on every side: left out of every side's median\n`);
  const medians = samples.map((taken) => (taken.length > 0 ? median(taken) : NaN));
  table(
    `bash .ci/run on a fresh clone, tools cached (median of the warm runs; target: at most 1.10x the baseline, three languages more (issue 65))`,
    ['tree', 'time', 'ratio to the baseline'],
    refs.map(({ label }, i) => [label, seconds(medians[i]), (medians[i] / medians.at(-1)!).toFixed(2)]),
  );
}

const clientRequests = 1000;
const clientConcurrency = 8;
type ClientRound = { rate: number; cpuMicros: number };

/** One round: `clientRequests` calls of `one`, `clientConcurrency` in flight; requests per second and CPU per request. */
async function clientRound(one: () => Promise<unknown>): Promise<ClientRound> {
  let left = clientRequests;
  const worker = async () => {
    while (left-- > 0) await one();
  };
  const cpu = process.cpuUsage();
  const ms = await timed(() => Promise.all(Array.from({ length: clientConcurrency }, worker)));
  const used = process.cpuUsage(cpu);
  return { rate: (clientRequests / ms) * 1000, cpuMicros: (used.user + used.system) / clientRequests };
}

// Client overhead: requests per second through the built client and through raw fetch, against
// the same loopback server (a separate process), in the same run.
async function benchClient(project: Project, runs: number): Promise<void> {
  console.error('client: requests per second, built client against raw fetch');
  const { createEmailDeliveryClient, listWebhooks } = await import(pathToFileURL(path.join(project.outputDir, 'dist', 'client.js')).href);
  const server = await startListServer();
  const baseUrl = `http://127.0.0.1:${server.port}`;
  const client = createEmailDeliveryClient({ baseUrl });
  const library = createClient<{ '/v1/webhooks': { get: { responses: { 200: { content: { 'application/json': unknown } } } } } }>({ baseUrl });
  const variants = [
    { label: 'raw fetch + response.json()', call: () => fetch(`${baseUrl}/v1/webhooks`).then((response) => response.json()) },
    { label: 'openapi-fetch alone (createClient, no middleware)', call: () => library.GET('/v1/webhooks') },
    { label: 'listWebhooks(client) (built client)', call: () => listWebhooks(client) },
  ];
  try {
    for (const variant of variants) await clientRound(variant.call); // warm up every path and the connection pool
    // Rounds in sets of one per variant, the order rotating, so that the machine's drift in speed
    // falls on all of them; ratios to raw fetch are taken within each set.
    const sets = runs * 3;
    const results = variants.map(() => [] as ClientRound[]);
    for (let set = 0; set < sets; set++) {
      for (let k = 0; k < variants.length; k++) {
        const v = (set + k) % variants.length;
        results[v].push(await clientRound(variants[v].call));
      }
    }
    clientTable(
      variants.map((variant) => variant.label),
      results,
      sets,
    );
  } finally {
    server.stop();
  }
}

/** The client table: each variant's medians, and its ratio to raw fetch (the first) within each set. */
function clientTable(labels: string[], results: ClientRound[][], sets: number): void {
  const rawCpu = median(results[0].map((r) => r.cpuMicros));
  table(
    `Client overhead (${sets} sets of rounds of ${clientRequests} GET /v1/webhooks, ${clientConcurrency} in flight; medians)`,
    ['what', 'requests/s', 'vs raw fetch', 'CPU per request'],
    labels.map((label, v) => {
      const ratio = median(results[v].map((r, set) => r.rate / results[0][set].rate));
      const cpu = median(results[v].map((r) => r.cpuMicros));
      return [
        label,
        median(results[v].map((r) => r.rate)).toFixed(0),
        `${(ratio * 100).toFixed(1)}%`,
        `${cpu.toFixed(0)} µs${v === 0 ? '' : ` (+${(((cpu - rawCpu) / rawCpu) * 100).toFixed(1)}%)`}`,
      ];
    }),
  );
}

// The rendered docs in headless Chromium: size, time to the first operation, requests.
async function benchDocs(project: Project, runs: number): Promise<void> {
  console.error('docs: the rendered page in headless Chromium');
  const { buildDocs } = await import('../pipeline/build-docs.ts');
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'email-delivery-docs-bench-'));
  const browser = await launchChromium();
  try {
    await buildDocs(project, JSON.parse(await fs.readFile(path.join(project.outputDir, 'openapi.json'), 'utf8')), work);
    const file = path.join(work, 'docs', 'index.html');
    const size = (await fs.stat(file)).size;
    const url = `${pathToFileURL(file).href}#/account-and-access/listscopes`;
    const requestCounts: number[] = [];
    const firstOperation = await medianOf('navigation to the first operation visible', runs, async () => {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      let requests = 0;
      page.on('request', () => requests++);
      await page.goto(url, { waitUntil: 'commit' });
      await page.getByText('/v1/scopes', { exact: true }).first().waitFor({ state: 'visible' });
      requestCounts.push(requests);
      await page.close();
    });
    table(
      `Docs (median of ${runs})`,
      ['what', 'value'],
      [
        ['generated/docs/index.html', `${(size / 1024 / 1024).toFixed(2)} MiB (${size} bytes)`],
        ['navigation to the first operation (listScopes) visible', seconds(firstOperation)],
        ['requests the page makes before it shows it', String(median(requestCounts))],
      ],
    );
  } finally {
    await browser.close();
    await fs.rm(work, { recursive: true, force: true });
  }
}

// Scale: synthetic descriptions with 10x, 50x and 100x our operations, each size measured by
// bench-scale.ts in a fresh process (no heap carried over).
async function benchScale(project: Project, runs: number): Promise<void> {
  console.error('scale: 1x, 10x, 50x and 100x the operations through lint, bundle, types and docs, a fresh process per size');
  const factors = [1, 10, 50, 100];
  const rows: string[][] = [];
  const times: Record<string, number[]> = {};
  for (const factor of factors) {
    const { stdout } = await exec(process.execPath, [new URL('./bench-scale.ts', import.meta.url).pathname, project.root, String(factor), String(runs)], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const steps: Record<string, number> = JSON.parse(stdout);
    const operations = factor * tableOfOperations.length;
    for (const [step, ms] of Object.entries(steps)) (times[step] ??= []).push(ms);
    rows.push([`${factor}x`, String(operations), ...Object.values(steps).map(seconds), ...Object.values(steps).map((ms) => (ms / operations).toFixed(2))]);
  }
  table(
    `Scale (median of ${runs}; ms/op = time per operation)`,
    ['size', 'operations', 'lint', 'bundle', 'types', 'docs', 'lint ms/op', 'bundle ms/op', 'types ms/op', 'docs ms/op'],
    rows,
  );
  // Fixed costs make ms/op fall whatever the growth; the cost of each added operation does not: it
  // stays constant when growth is linear and rises when it is worse.
  const operations = factors.map((factor) => factor * tableOfOperations.length);
  const marginal = (ms: number[], from: number, to: number) => (ms[to] - ms[from]) / (operations[to] - operations[from]);
  table(
    'Cost of each added operation (ms), from 10x to 50x and from 50x to 100x (no worse than linear: ratio at most 1, within noise)',
    ['step', '10x to 50x', '50x to 100x', 'ratio'],
    Object.entries(times).map(([step, ms]) => [
      step,
      marginal(ms, 1, 2).toFixed(2),
      marginal(ms, 2, 3).toFixed(2),
      (marginal(ms, 2, 3) / marginal(ms, 1, 2)).toFixed(2),
    ]),
  );
}

export async function bench(project: Project, options: BenchOptions): Promise<void> {
  console.log(`bench: ${os.availableParallelism()} cores, node ${process.version}, median of ${options.runs} runs each (samples on stderr)`);
  const compared = options.sections.some((section) => ['lint', 'build', 'unit', 'tiers', 'test', 'mutate', 'learn'].includes(section));
  const baseline = compared && options.baseline ? await baselineTree(project, options.baseline) : undefined;
  const trees: Tree[] = [{ label: 'this tree', dir: project.root }, ...(baseline ? [baseline] : [])];
  try {
    for (const section of options.sections) {
      if (section === 'lint') await benchLint(trees, options.runs);
      if (section === 'build') await benchBuild(trees, options.runs);
      if (section === 'overlays') await benchOverlays(project, options.runs);
      if (section === 'unit') await benchUnit(trees, options.runs);
      if (section === 'tiers') await benchTiers(trees, options.runs);
      if (section === 'test') await benchTest(trees, options.runs);
      if (section === 'mutate') await benchMutate(trees, options.runs);
      if (section === 'ci') await benchCi(project, options.runs, options.baseline);
      if (section === 'client') await benchClient(project, options.runs);
      if (section === 'docs') await benchDocs(project, options.runs);
      if (section === 'scale') await benchScale(project, options.runs);
      if (section === 'mcp') {
        const { benchMcp } = await import('./bench-mcp.ts');
        const { title, header, rows } = await benchMcp(project, options.runs);
        table(title, header, rows);
      }
      if (section === 'size') {
        const { benchLines, benchSize } = await import('./bench-size.ts');
        for (const { title, header, rows } of [await benchSize(project, options.baseline), await benchLines(project, options.baseline)])
          table(title, header, rows);
      }
      if (section === 'learn') {
        const { benchLearn } = await import('./bench-learn.ts');
        for (const { title, header, rows } of await benchLearn(project, trees, options.runs)) table(title, header, rows);
      }
      if (section === 'sdk') {
        const { benchSdk } = await import('./bench-sdk.ts');
        const { title, header, rows } = await benchSdk(project, options.runs, options.sdkLanguages);
        table(title, header, rows);
      }
      if (section === 'site') {
        const { benchSite } = await import('./bench-site.ts');
        const { title, header, rows } = await benchSite(project, options.runs);
        table(title, header, rows);
      }
    }
  } finally {
    await baseline?.remove();
  }
}
