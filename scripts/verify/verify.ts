// `npm run verify`: checks a running service against the description (or the description with the
// user's overlays), read-only unless told otherwise. Prints the plan before anything is sent, then
// a verdict per operation. Exit 0: nothing contradicts; 1: the verification failed, or an input
// (the traffic, an overlay) cannot be read; 2: bad usage. Nothing was sent unless it exits 0 or 1
// after its plan.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { doubledSegmentWarning } from '../base-url.ts';
import { CommandLineError } from '../command-line.ts';
import { forTerminal } from '../escape.ts';
import type { OpenApiDocument } from '../openapi-document.ts';
import { asTyped, type Project, ReportedError, shown } from '../project.ts';
import { bodyChecker } from './body-check.ts';
import { planLines, planVerification } from './plan.ts';
import { checkTraffic } from './check-traffic.ts';
import { unmatchedLines } from '../learn/learn.ts';
import { HarRecorder } from './har-record.ts';
import { credentialMark } from './hide-credentials.ts';
import { type ClientModule, runVerification, type VerificationRun } from './run-verification.ts';
import { checkNames, parseVerifyArgs, UsageError, type VerifyOptions } from './verify-options.ts';
import { missingCredentials } from './credentials.ts';
import { failed, verdictJunit, verdictMarkdown, verdictTable } from './verify-report.ts';
import { writeAtomically } from '../write-atomically.ts';

export interface VerifyIo {
  out(text: string): void;
  err(text: string): void;
  /** Where the user's relative paths (overlays, --junit) start. */
  cwd: string;
  /** Where --header-env reads its values. */
  env: NodeJS.ProcessEnv;
}

/**
 * What a caller in this process may set beyond the command line: a pace faster than --rate allows
 * (at most 10 a second, so that no user floods a service). The tests verify their own loopback
 * servers unpaced (`rate: Infinity`) and wait only where the pace is what they check.
 */
export interface VerifyPace {
  rate?: number;
}

/**
 * The options and the description to verify against (with the overlays applied), or the exit code
 * when the command ends here: 2 for bad usage, 1 for an overlay that cannot be read or is refused
 * (an input, as for learn, build, mcp and mock); nothing is sent either way.
 */
async function verifyInputs(
  project: Project,
  args: string[],
  io: VerifyIo,
  pace: VerifyPace,
): Promise<{ options: VerifyOptions; document: OpenApiDocument } | number> {
  try {
    const options = { ...parseVerifyArgs(args, io.env), ...pace };
    let document = JSON.parse(await fs.readFile(path.join(project.outputDir, 'openapi.json'), 'utf8')) as OpenApiDocument;
    if (options.overlays.length > 0) {
      const { overlaidDescription } = await import('../overlay/overlaid-description.ts');
      const overlays = options.overlays.map((file) => path.resolve(io.cwd, file));
      // Linted apart: this process never loads the linters, and checks traffic in the memory it takes without an overlay.
      document = (await overlaidDescription(project, { overlays, out: '', shownAs: asTyped(io.cwd, options.overlays), lintApart: true }, document)).document;
    }
    checkNames(options, document);
    await checkOutputFolders(options, io.cwd);
    return { options, document };
  } catch (error) {
    // The parser's own refusal is printed as it is (escaped, perhaps a hint on lines of its own).
    if (error instanceof CommandLineError) {
      io.err(error.message);
      return 2;
    }
    if (!(error instanceof UsageError || error instanceof ReportedError)) throw error;
    io.err(`verify: ${forTerminal(error.message)}${error instanceof UsageError ? ': see `npm run verify -- --help`' : ''}`);
    return error instanceof UsageError ? 2 : 1;
  }
}

export async function verify(project: Project, args: string[], io: VerifyIo, pace: VerifyPace = {}): Promise<number> {
  const inputs = await verifyInputs(project, args, io, pace);
  if (typeof inputs === 'number') return inputs;
  const { options, document } = inputs;
  if (options.traffic) return verifyTraffic(document, options, io);
  const plan = planVerification(document, options);
  // With --format markdown, stdout is the job summary: the plan and progress go to stderr.
  const log = options.format === 'markdown' ? io.err : io.out;
  const against =
    options.overlays.length > 0 ? `the description with ${options.overlays.length} overlay(s)` : `the description ${String(document.info?.version)}`;
  log(`verify: ${forTerminal(options.baseUrl)} against ${against}`);
  for (const line of planLines(plan, options, options.dryRun)) log(forTerminal(line));
  const doubled = doubledSegmentWarning(options.baseUrl, Object.keys(document.paths ?? {}));
  if (doubled) io.err(forTerminal(`verify: warning: --base-url ${options.baseUrl}: ${doubled}`));
  const unsent = missingCredentials(document, options.headers);
  if (unsent) io.err(forTerminal(`verify: warning: ${unsent}`));
  if (options.dryRun) {
    log('verify: --dry-run: nothing was sent');
    return 0;
  }
  const client = (await import(pathToFileURL(path.join(project.outputDir, 'dist', 'client.js')).href)) as ClientModule;
  const recorder = options.record ? new HarRecorder(options.headers, String(document.info?.version)) : undefined;
  const run = await runVerification(
    plan,
    options,
    client,
    bodyChecker(document),
    (verdict) => log(forTerminal(`  ${verdict.kind === 'as described' ? 'ok  ' : '!!  '}${verdict.operationId}: ${verdict.kind} (${verdict.ms} ms)`)),
    recorder && ((...exchange) => recorder.add(...exchange)),
  );
  try {
    await report(run, options, io, log);
    if (recorder && options.record) {
      const file = path.resolve(io.cwd, options.record);
      // The user's alone: it holds what the service answered.
      await writeAtomically(file, recorder.text(), { shownAs: options.record, mode: 0o600 });
      log(
        `verify: ${recorder.entries.length} exchange(s) recorded in ${forTerminal(shown({ root: io.cwd }, file))}, credentials replaced by ${credentialMark}`,
      );
    }
  } catch (error) {
    if (!(error instanceof ReportedError)) throw error;
    io.err(`verify: ${forTerminal(error.message)}`);
    return 1;
  }
  return failed(run.verdicts, options.strict) ? 1 : 0;
}

/** Refuses, before anything is sent, a --junit or --record file whose folder does not exist. */
async function checkOutputFolders(options: VerifyOptions, cwd: string): Promise<void> {
  for (const [option, file] of [
    ['--junit', options.junit],
    ['--record', options.record],
  ] as const) {
    if (!file) continue;
    const folder = path.dirname(path.resolve(cwd, file));
    const stat = await fs.stat(folder).catch(() => undefined);
    if (!stat?.isDirectory()) throw new UsageError(`${option} ${file}: the folder ${folder} does not exist`);
  }
}

/** The verdicts on stdout (text or Markdown), and as JUnit XML where asked. */
async function report(run: VerificationRun, options: VerifyOptions, io: VerifyIo, log: (text: string) => void): Promise<void> {
  const name = options.baseUrl || `the traffic ${options.traffic}`;
  if (options.format === 'markdown') io.out(verdictMarkdown(run, name, options.strict));
  else io.out(verdictTable(run));
  if (options.junit) {
    const file = path.resolve(io.cwd, options.junit);
    await writeAtomically(file, verdictJunit(run, name, options.strict), { shownAs: options.junit });
    log(`verify: JUnit report written to ${forTerminal(shown({ root: io.cwd }, file))}`);
  }
}

/** `--traffic`: the recorded exchanges checked against `document`, with verify's verdicts and exit codes; nothing is sent. */
async function verifyTraffic(document: OpenApiDocument, options: VerifyOptions, io: VerifyIo): Promise<number> {
  const log = options.format === 'markdown' ? io.err : io.out;
  const traffic = path.resolve(io.cwd, options.traffic!);
  const prefix = options.baseUrl ? new URL(options.baseUrl).pathname.replace(/\/+$/, '') : '';
  let checked;
  try {
    // Traffic that is not there, or cannot be read, is an input that cannot be read: exit 1, as for learn.
    checked = await checkTraffic(
      document,
      { traffic, prefix, shownAs: asTyped(io.cwd, [options.traffic!]), sample: options.sample, seconds: options.seconds },
      bodyChecker(document),
    );
  } catch (error) {
    if (!(error instanceof ReportedError)) throw error;
    io.err(`verify: ${forTerminal(error.message)}`);
    return 1;
  }
  const against =
    options.overlays.length > 0 ? `the description with ${options.overlays.length} overlay(s)` : `the description ${String(document.info?.version)}`;
  log(`verify: the recorded traffic ${forTerminal(options.traffic!)} against ${against}; nothing is sent`);
  // What was read, but the first line (the table's last line says how many exchanges): what was left out, the sample, the time bound.
  for (const line of checked.read.slice(1)) log(`verify: ${forTerminal(line)}`);
  if (checked.unmatched.size > 0) {
    log(`verify: ${checked.unmatchedCount} exchange(s) match no operation of the description (not checked):`);
    for (const line of unmatchedLines(checked.unmatched)) log(forTerminal(line));
  }
  try {
    await report(checked.run, options, io, log);
  } catch (error) {
    if (!(error instanceof ReportedError)) throw error;
    io.err(`verify: ${forTerminal(error.message)}`);
    return 1;
  }
  return failed(checked.run.verdicts, options.strict) ? 1 : 0;
}
