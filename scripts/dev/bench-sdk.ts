// `npm run bench -- --only sdk`: what each SDK costs per call over its language's plain HTTP
// client, against the same loopback service (list-server.ts): the TypeScript client against fetch;
// the Python SDK against httpx, the Go SDK against net/http, the Java SDK against
// java.net.http, the PHP SDK against ext-curl and the Ruby SDK against Net::HTTP (their bench
// programs in scripts/dev/sdk-bench/, one JSON line each). Each SDK twice: with its log off, and
// with a logger at INFO (a real one writing to a null sink, so the SDK's debug lines are filtered,
// as in production; the TypeScript client has no log). One call in flight, alternating rounds, each
// run's ratios taken within the run: the median of its rounds' ratios (each round's sides ran one
// after the other, so a pause of the machine falls on one round, not on the run's total), and the
// ratio of its totals, which also counts what the SDK pays in few rounds (a collection of its
// garbage); the target is at most 1.20 both ways (issues 58 and 64).
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Project } from '../project.ts';
import { pins } from '../languages/java/java-package.ts';
import { languageTools, onPath } from '../languages/language-tools.ts';
import { startListServer } from './list-server.ts';
import { median, roundsRatio } from './bench-timing.ts';

const exec = promisify(execFile);

/** Calls per side in one run: the programs split them into alternating rounds of 10 calls after a warm-up. */
const calls = 2000;

interface Run {
  sdkSeconds: number;
  /** The SDK with a logger at INFO; none where the SDK has no log (TypeScript). */
  sdkInfoSeconds?: number;
  plainSeconds: number;
  calls: number;
  /** Each round's seconds per side, in the order the rounds ran (a round's sides made the same number of calls). */
  rounds?: { sdk?: number[]; sdkInfo?: number[]; plain?: number[] };
}

/** The jars the Java SDK compiles and runs with: jackson-databind as its pom.xml pins it, and what it depends on, in ~/.m2. */
function jacksonJars(): string[] {
  const m2 = path.join(os.homedir(), '.m2', 'repository', 'com', 'fasterxml', 'jackson', 'core');
  // jackson-annotations is versioned by major and minor only from 2.20 on, as jackson-databind's POM names it.
  const annotations = pins.jackson.split('.').slice(0, 2).join('.');
  return [
    path.join(m2, 'jackson-databind', pins.jackson, `jackson-databind-${pins.jackson}.jar`),
    path.join(m2, 'jackson-core', pins.jackson, `jackson-core-${pins.jackson}.jar`),
    path.join(m2, 'jackson-annotations', annotations, `jackson-annotations-${annotations}.jar`),
  ];
}

/** What the Java bench lacks: javac and java, and the Jackson jars (.ci/install-languages fetches them). */
function javaMissing(jars: string[]): string | undefined {
  if (!onPath('javac') || !onPath('java')) return 'Java 17 or later (javac, java)';
  return jars.every((jar) => fs.existsSync(jar)) ? undefined : `Jackson ${pins.jackson}'s jars in ~/.m2 (npm run install:languages -- java)`;
}

/** What the PHP bench lacks: php, its curl extension (the SDK's one), and psr/log (its logger at INFO is a PSR-3 logger). */
function phpMissing(): string | undefined {
  if (!onPath('php')) return 'PHP (php)';
  if (!execFileSync('php', ['-m'], { encoding: 'utf8' }).split('\n').includes('curl')) return "PHP's curl extension (php-curl)";
  const psrLog = execFileSync('php', ['-r', 'echo stream_resolve_include_path("Psr/Log/autoload.php") ? "yes" : "no";'], { encoding: 'utf8' });
  return psrLog === 'yes' ? undefined : "psr/log on PHP's include path (php-psr-log, which Debian's composer brings)";
}

/** A bench program's one JSON line. */
async function programRun(command: string, args: string[], cwd: string): Promise<Run> {
  const { stdout } = await exec(command, args, { cwd, timeout: 300_000, maxBuffer: 1024 * 1024 });
  return JSON.parse(stdout.trim().split('\n').pop()!) as Run;
}

interface Language {
  name: string;
  plain: string;
  /** What the machine lacks to run it, if anything. */
  missing?: string;
  /** Compiles the program into the scratch folder, where the language compiles. */
  build?: () => Promise<unknown>;
  run: () => Promise<Run>;
}

/** Each language's bench: its program in `programs`, compiled into `scratch` where the language compiles. */
function languages(project: Project, baseUrl: string, programs: string, scratch: string): Language[] {
  const python = path.join(languageTools(project.root).venv, 'bin', 'python');
  const jars = jacksonJars();
  const javaClasses = path.join(scratch, 'java');
  const javaSdk = path.join(project.root, 'generated', 'sdk', 'java', 'src');
  const args = [baseUrl, String(calls)];
  return [
    {
      name: 'TypeScript',
      plain: 'fetch',
      missing: fs.existsSync(path.join(project.outputDir, 'dist', 'client.js')) ? undefined : 'the built client (npm run build)',
      run: () => programRun(process.execPath, [path.join(programs, 'client-bench.ts'), ...args], programs),
    },
    {
      name: 'Python',
      plain: 'httpx',
      missing: fs.existsSync(python) ? undefined : 'the pinned Python tools (npm run install:languages -- python)',
      run: () => programRun(python, [path.join(programs, 'bench.py'), ...args], programs),
    },
    {
      name: 'Go',
      plain: 'net/http',
      missing: onPath('go') ? undefined : 'Go (go)',
      build: () => exec('go', ['build', '-o', path.join(scratch, 'sdk-bench'), '.'], { cwd: programs, timeout: 300_000 }),
      run: () => programRun(path.join(scratch, 'sdk-bench'), args, programs),
    },
    {
      name: 'Java',
      plain: 'HttpClient',
      missing: javaMissing(jars),
      // The committed SDK's sources and Bench.java in one javac run.
      build: () => {
        const sdkSources = fs
          .readdirSync(javaSdk, { recursive: true, encoding: 'utf8' })
          .filter((file) => file.endsWith('.java'))
          .map((file) => path.join(javaSdk, file));
        const javac = ['--release', '17', '-encoding', 'UTF-8', '-d', javaClasses, '-cp', jars.join(path.delimiter)];
        return exec('javac', [...javac, ...sdkSources, path.join(programs, 'Bench.java')], { cwd: programs, timeout: 300_000 });
      },
      run: () => programRun('java', ['-cp', [javaClasses, ...jars].join(path.delimiter), 'Bench', ...args], programs),
    },
    {
      name: 'PHP',
      plain: 'curl',
      missing: phpMissing(),
      run: () => programRun('php', [path.join(programs, 'bench.php'), ...args], programs),
    },
    {
      name: 'Ruby',
      plain: 'Net::HTTP',
      missing: onPath('ruby') ? undefined : 'Ruby (ruby)',
      run: () => programRun('ruby', ['-I', path.join(project.root, 'generated', 'sdk', 'ruby', 'lib'), path.join(programs, 'bench.rb'), ...args], programs),
    },
  ];
}

/** A language's row: its runs' medians per call and of each ratio, or 'skipped' and what is missing. */
async function languageRow(language: Language, runs: number): Promise<string[]> {
  if (language.missing) return [language.name, language.plain, 'skipped', '', '', '', `missing ${language.missing}`];
  await language.build?.();
  const samples: Run[] = [];
  for (let run = 0; run < runs; run++) samples.push(await language.run());
  const perCall = (seconds: number[]) => `${median(seconds.map((value, i) => (value / samples[i].calls) * 1e6)).toFixed(0)} µs`;
  const byRounds = (side: 'sdk' | 'sdkInfo') => {
    const ratios = samples.map((sample) => roundsRatio(sample.rounds?.[side], sample.rounds?.plain ?? []));
    return ratios.every((ratio) => ratio !== undefined) ? ratios : undefined;
  };
  const ratios = byRounds('sdk');
  if (ratios === undefined) throw new Error(`the ${language.name} bench program printed no rounds to compare`);
  const infoSeconds = samples.map((sample) => sample.sdkInfoSeconds);
  const logged = infoSeconds.every((value) => value !== undefined) ? infoSeconds : undefined;
  const infoRatios = logged ? byRounds('sdkInfo') : undefined;
  if (logged && infoRatios === undefined) throw new Error(`the ${language.name} bench program printed no rounds of its side at INFO`);
  // Each run's ratio of totals too: it counts a cost the SDK pays in few rounds (a collection of
  // its garbage), which the rounds' median leaves out, and the machine's pauses, which it does not.
  const totals = (seconds: number[]) => seconds.map((value, i) => value / samples[i].plainSeconds);
  const target = (rounds: number[], ofTotals: number[]) => `${median(rounds).toFixed(2)}, ${median(ofTotals).toFixed(2)} (target at most 1.20)`;
  const listed = (values: number[]) => values.map((ratio) => ratio.toFixed(2)).join(' ');
  const sdkTotals = totals(samples.map((sample) => sample.sdkSeconds));
  const infoTotals = logged && totals(logged);
  console.error(`  ${language.name}: SDK/plain ${listed(ratios)}; runs' totals ${listed(sdkTotals)}`);
  if (infoRatios && infoTotals) console.error(`  ${language.name}: at INFO ${listed(infoRatios)}; runs' totals ${listed(infoTotals)}`);
  return [
    language.name,
    language.plain,
    perCall(samples.map((sample) => sample.sdkSeconds)),
    logged ? perCall(logged) : 'no log',
    perCall(samples.map((sample) => sample.plainSeconds)),
    target(ratios, sdkTotals),
    infoRatios && infoTotals ? target(infoRatios, infoTotals) : 'no log',
  ];
}

/** `all` narrowed to the languages `wanted` names (lower case); all of them without `wanted`; an error naming an unknown one. */
function wantedLanguages(all: Language[], wanted: string[] | undefined): Language[] {
  if (wanted === undefined) return all;
  const names = all.map((language) => language.name.toLowerCase());
  const unknown = wanted.filter((name) => !names.includes(name));
  if (unknown.length > 0) throw new Error(`--sdk names ${unknown.join(', ')}: the languages are ${names.join(', ')}`);
  return all.filter((language) => wanted.includes(language.name.toLowerCase()));
}

export async function benchSdk(project: Project, runs: number, wanted?: string[]): Promise<{ title: string; header: string[]; rows: string[][] }> {
  console.error('sdk: each SDK per call against its language plain HTTP client, the same loopback service');
  const programs = path.join(project.root, 'scripts', 'dev', 'sdk-bench');
  const server = await startListServer();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'email-delivery-bench-sdk-'));
  try {
    const rows: string[][] = [];
    for (const language of wantedLanguages(languages(project, `http://127.0.0.1:${server.port}`, programs, scratch), wanted))
      rows.push(await languageRow(language, runs));
    return {
      title: `SDKs per call (${runs} runs of ${calls} sequential GET /v1/webhooks a side in alternating rounds of 10; medians of the runs, each ratio as a run's rounds' median, then its totals')`,
      header: [
        'language',
        'plain client',
        'SDK per call',
        'SDK at INFO per call',
        'plain per call',
        "SDK / plain (rounds' median, totals)",
        "SDK at INFO / plain (rounds' median, totals)",
      ],
      rows,
    };
  } finally {
    server.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
