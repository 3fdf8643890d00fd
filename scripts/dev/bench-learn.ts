// The learn section of `npm run bench`: `npm run learn` on 10,000 recorded exchanges (a HAR of
// about 20 MB, five operations, typed bodies, credentials and query parameters), each run a process
// of its own so that its wall time and its peak memory (the process's maximum resident set) are
// its own. The target (docs/learn.md): at most 5 s and 300 MB.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Project } from '../project.ts';
import { median } from './bench-timing.ts';

const exec = promisify(execFile);

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

export async function benchLearn(project: Project, runs: number): Promise<{ title: string; header: string[]; rows: string[][] }> {
  console.error('learn: npm run learn on 10,000 exchanges (a HAR of about 20 MB), each run a process of its own');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'email-delivery-bench-learn-'));
  try {
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
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
