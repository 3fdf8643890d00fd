// `npm run bench [-- --runs 5] [--skip-scale]`: speed figures, median of N runs each, printed as
// tables. Nothing here asserts: the README records the figures and the targets they are held to.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import createClient from 'openapi-fetch';
import { createEmailDeliveryClient, listWebhooks, type paths } from '../generated/client.ts';
import { root } from './project.ts';
import { median, medianOf, timed } from './bench-timing.ts';
import { copyRepository } from './repo-copy.ts';

const exec = promisify(execFile);
const sections = ['lint', 'build', 'client', 'docs', 'scale'] as const;
const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, 'skip-scale': { type: 'boolean', default: false }, only: { type: 'string' } } });
if (values.only && !(sections as readonly string[]).includes(values.only)) {
  console.error(`bench: --only takes one of ${sections.join(', ')}`);
  process.exit(2);
}
const runs = Math.max(1, Number(values.runs) || 5);
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const sh = (command: string, args: string[], cwd = root) => exec(command, args, { cwd, env, maxBuffer: 256 * 1024 * 1024 });

function table(title: string, header: string[], rows: string[][]): void {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n${title}\n${line(header)}\n| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |\n${rows.map(line).join('\n')}`);
}

// 1. The build, against the same steps as separate CLI processes one after another.
async function benchBuild(): Promise<void> {
  console.error('build: npm run build against the same steps as separate CLIs');
  const repo = await copyRepository('email-delivery-bench-');
  const out = path.join(repo, 'cli-out');
  await fs.mkdir(path.join(out, 'dist'), { recursive: true });
  // The compiler options of scripts/compile-client.ts.
  const compilerOptions = { declaration: true, strict: true, skipLibCheck: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', lib: ['ES2022', 'DOM'], types: [], outDir: 'dist' };
  await fs.writeFile(path.join(out, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['client.ts'] }));
  const generateClient = `import fs from 'node:fs'; import { generateClient } from './scripts/generate-client.ts'; fs.writeFileSync('cli-out/client.ts', generateClient(JSON.parse(fs.readFileSync('cli-out/openapi.json', 'utf8'))));`;
  const cliSteps: [string, string[], string?][] = [
    [bin('redocly'), ['lint', 'source']],
    [bin('redocly'), ['bundle', 'openapi/openapi.yaml', '-o', 'cli-out/openapi.json']],
    [bin('spectral'), ['lint', 'cli-out/openapi.json', '--ruleset', '.spectral.yaml']],
    [bin('redocly'), ['bundle', 'openapi/openapi.yaml', '-o', 'cli-out/openapi.yaml']],
    [bin('openapi-down-convert'), ['--input', 'cli-out/openapi.json', '--output', 'cli-out/openapi-3.0.json']],
    [bin('redocly'), ['bundle', 'cli-out/openapi.json', '--dereferenced', '-o', 'cli-out/openapi.dereferenced.json']],
    // Run where no redocly.yaml is: openapi-typescript would read its `apis` instead of the argument.
    [bin('openapi-typescript'), ['openapi.json', '-o', 'schema.ts'], out],
    [process.execPath, ['--input-type=module', '-e', generateClient]],
    [bin('tsc'), ['-p', 'cli-out/tsconfig.json']],
    [bin('redocly'), ['build-docs', 'cli-out/openapi.json', '-o', 'cli-out/docs/index.html', '--inlineBundle']],
  ];
  try {
    const build = await medianOf('npm run build', runs, () => sh('npm', ['run', '-s', 'build'], repo));
    const clis = await medianOf(`${cliSteps.length} separate CLIs`, runs, async () => {
      for (const [command, args, cwd] of cliSteps) await sh(command, args, cwd ?? repo);
    });
    table(`Build (median of ${runs}; target: the build takes at most half the time of the separate CLIs)`, ['what', 'time', 'ratio'], [
      ['npm run build (one process, steps overlapped)', seconds(build), (build / clis).toFixed(2)],
      [`the same steps as ${cliSteps.length} CLI processes in a row`, seconds(clis), '1.00'],
    ]);
  } finally {
    await fs.rm(repo, { recursive: true, force: true });
  }
}

// 2. Pull-request lint.
async function benchLint(): Promise<void> {
  console.error('lint: npm run lint');
  const lintTime = await medianOf('npm run lint', runs, () => sh('npm', ['run', '-s', 'lint']));
  table(`Pull-request lint (median of ${runs}; target: under 1.5 s)`, ['what', 'time'], [['npm run lint (Redocly on the source, Spectral on the bundle)', seconds(lintTime)]]);
}

// 3. Client overhead: requests per second through the generated client and through raw fetch,
//    against the same loopback server (a separate process), in the same run.
async function benchClient(): Promise<void> {
  console.error('client: requests per second, generated client against raw fetch');
  const server = spawn(process.execPath, ['-e', `
    const http = require('node:http');
    const body = JSON.stringify([{ id: 'w1' }, { id: 'w2' }]);
    const s = http.createServer((q, r) => { r.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }); r.end(body); });
    s.keepAliveTimeout = 60000;
    s.listen(0, '127.0.0.1', () => console.log(s.address().port));`], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) => server.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
  const baseUrl = `http://127.0.0.1:${port}`;
  const client = createEmailDeliveryClient({ baseUrl });
  const requests = 1000;
  const concurrency = 8;
  // One round: `requests` calls, `concurrency` in flight; requests per second, and the CPU time
  // this process spent per request (the client's own cost, less exposed to the VM's noise).
  const round = async (one: () => Promise<unknown>) => {
    let left = requests;
    const worker = async () => {
      while (left-- > 0) await one();
    };
    const cpu = process.cpuUsage();
    const ms = await timed(() => Promise.all(Array.from({ length: concurrency }, worker)));
    const used = process.cpuUsage(cpu);
    return { rate: (requests / ms) * 1000, cpuMicros: (used.user + used.system) / requests };
  };
  const library = createClient<paths>({ baseUrl });
  const variants = [
    { label: 'raw fetch + response.json()', call: () => fetch(`${baseUrl}/v1/webhooks`).then((response) => response.json()) },
    { label: "openapi-fetch alone (createClient, no middleware)", call: () => library.GET('/v1/webhooks') },
    { label: 'listWebhooks(client) (generated client)', call: () => listWebhooks(client) },
  ];
  try {
    for (const variant of variants) await round(variant.call); // warm up every path and the connection pool
    // Rounds in sets of one per variant, the order rotating, so that the machine's drift in speed
    // (10-30% on this VM) falls on all of them; ratios to raw fetch are taken within each set.
    const sets = runs * 3;
    const results = variants.map(() => [] as { rate: number; cpuMicros: number }[]);
    for (let set = 0; set < sets; set++) {
      for (let k = 0; k < variants.length; k++) {
        const v = (set + k) % variants.length;
        results[v].push(await round(variants[v].call));
      }
    }
    variants.forEach((variant, v) => process.stderr.write(`  ${variant.label}: ${results[v].map((r) => r.rate.toFixed(0)).join(' ')} req/s\n`));
    const rawCpu = median(results[0].map((r) => r.cpuMicros));
    table(
      `Client overhead (${sets} sets of rounds of ${requests} GET /v1/webhooks, ${concurrency} in flight; medians; target: the generated client within 10% of raw fetch)`,
      ['what', 'requests/s', 'vs raw fetch (median of the sets)', 'CPU per request'],
      variants.map((variant, v) => {
        const ratio = median(results[v].map((r, set) => r.rate / results[0][set].rate));
        const cpu = median(results[v].map((r) => r.cpuMicros));
        return [variant.label, median(results[v].map((r) => r.rate)).toFixed(0), `${(ratio * 100).toFixed(1)}%`, `${cpu.toFixed(0)} µs${v === 0 ? '' : ` (+${(((cpu - rawCpu) / rawCpu) * 100).toFixed(1)}%)`}`];
      }),
    );
  } finally {
    server.kill();
  }
}

// 4. Scale: synthetic descriptions with 10x, 50x and 100x our operations, derived from ours,
//    each size measured by scripts/bench-scale.ts in a fresh process (no heap carried over).
async function benchScale(): Promise<void> {
  console.error('scale: 1x, 10x, 50x and 100x the operations through lint, bundle, types and docs, a fresh process per size');
  const factors = [1, 10, 50, 100];
  const rows: string[][] = [];
  const times: Record<string, number[]> = {};
  for (const factor of factors) {
    const stdout = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(root, 'scripts', 'bench-scale.ts'), String(factor), String(runs)], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk));
      child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`scripts/bench-scale.ts ${factor} ${runs} exited with code ${code}`))));
    });
    const steps: Record<string, number> = JSON.parse(stdout);
    const operations = factor * 29;
    for (const [step, ms] of Object.entries(steps)) (times[step] ??= []).push(ms);
    rows.push([`${factor}x`, String(operations), ...Object.values(steps).map(seconds), ...Object.values(steps).map((ms) => `${(ms / operations).toFixed(2)}`)]);
  }
  table(`Scale (median of ${runs}; ms/op = time per operation)`, ['size', 'operations', 'lint', 'bundle', 'types', 'docs', 'lint ms/op', 'bundle ms/op', 'types ms/op', 'docs ms/op'], rows);
  // Fixed costs (a page template, a compiled schema) make ms/op fall as a description grows,
  // whatever the growth; the cost of each added operation does not: it stays constant when growth
  // is linear and rises when it is worse. Measured between the larger sizes, where the added time
  // is well above the run-to-run noise (from 1x to 10x it is not, for docs).
  const operations = factors.map((factor) => factor * 29);
  const marginal = (ms: number[], from: number, to: number) => (ms[to] - ms[from]) / (operations[to] - operations[from]);
  table(
    'Cost of each added operation (ms), from 10x to 50x and from 50x to 100x (target: no worse than linear, i.e. ratio at most 1, within noise)',
    ['step', '10x to 50x', '50x to 100x', 'ratio'],
    Object.entries(times).map(([step, ms]) => [step, marginal(ms, 1, 2).toFixed(2), marginal(ms, 2, 3).toFixed(2), (marginal(ms, 2, 3) / marginal(ms, 1, 2)).toFixed(2)]),
  );
}

// 5. The rendered docs in headless Chromium: size, time to the first operation, requests.
async function benchDocs(): Promise<void> {
  console.error('docs: the rendered page in headless Chromium');
  const { chromiumPath, installHint, launchChromium } = await import('./chromium.ts');
  if (!chromiumPath) {
    console.log(`\nDocs: skipped. ${installHint}`);
    return;
  }
  const { buildDocs } = await import('./build-docs.ts');
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'email-delivery-docs-bench-'));
  const browser = await launchChromium();
  try {
    await buildDocs(JSON.parse(await fs.readFile(path.join(root, 'generated', 'openapi.json'), 'utf8')), work);
    const file = path.join(work, 'docs', 'index.html');
    const size = (await fs.stat(file)).size;
    const url = `${pathToFileURL(file).href}#/account-and-access/listscopes`;
    const requestCounts: number[] = [];
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      let requests = 0;
      page.on('request', () => requests++);
      const started = performance.now();
      await page.goto(url, { waitUntil: 'commit' });
      await page.getByText('/v1/scopes', { exact: true }).first().waitFor({ state: 'visible' });
      samples.push(performance.now() - started);
      await page.waitForLoadState('networkidle'); // then count every request the page made
      requestCounts.push(requests);
      await page.close();
    }
    process.stderr.write(`  navigation to the first operation visible: ${samples.map((ms) => (ms / 1000).toFixed(2)).join(' ')} s\n`);
    const firstOperation = median(samples);
    table(`Docs (median of ${runs}, from navigation to the first operation, listScopes, visible)`, ['what', 'value'], [
      ['generated/docs/index.html', `${(size / 1024 / 1024).toFixed(2)} MiB (${size} bytes)`],
      ['navigation to the first operation visible', seconds(firstOperation)],
      ['requests the page makes (all to itself: the file and blob: URLs)', String(median(requestCounts))],
    ]);
  } finally {
    await browser.close();
    await fs.rm(work, { recursive: true, force: true });
  }
}

console.log(`bench: ${os.cpus().length} cores, node ${process.version}, median of ${runs} runs each (samples on stderr)`);
const wanted = (section: (typeof sections)[number]) => (values.only ? values.only === section : section !== 'scale' || !values['skip-scale']);
if (wanted('lint')) await benchLint();
if (wanted('build')) await benchBuild();
if (wanted('client')) await benchClient();
if (wanted('docs')) await benchDocs();
if (wanted('scale')) await benchScale();
