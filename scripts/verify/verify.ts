// `npm run verify`: checks a running service against the description (or the description with the
// user's overlays), read-only unless told otherwise. Prints the plan before anything is sent, then
// a verdict per operation. Exit 0: nothing contradicts; 1: the verification failed; 2: bad usage,
// and then nothing was sent.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { doubledSegmentWarning } from '../base-url.ts';
import { CommandLineError } from '../command-line.ts';
import { forTerminal } from '../escape.ts';
import type { OpenApiDocument } from '../openapi-document.ts';
import { type Project, ReportedError, shown } from '../project.ts';
import { bodyChecker } from './body-check.ts';
import { planLines, planVerification } from './plan.ts';
import { type ClientModule, runVerification } from './run-verification.ts';
import { checkNames, parseVerifyArgs, UsageError } from './verify-options.ts';
import { missingCredentials } from './credentials.ts';
import { failed, verdictJunit, verdictMarkdown, verdictTable } from './verify-report.ts';

export interface VerifyIo {
  out(text: string): void;
  err(text: string): void;
  /** Where the user's relative paths (overlays, --junit) start. */
  cwd: string;
}

export async function verify(project: Project, args: string[], io: VerifyIo): Promise<number> {
  let options;
  let document: OpenApiDocument;
  try {
    options = parseVerifyArgs(args);
    document = JSON.parse(await fs.readFile(path.join(project.outputDir, 'openapi.json'), 'utf8')) as OpenApiDocument;
    if (options.overlays.length > 0) {
      const { overlaidDescription } = await import('../overlay/build-overlaid.ts');
      const overlays = options.overlays.map((file) => path.resolve(io.cwd, file));
      document = (await overlaidDescription(project, { overlays, out: '', shownAs: (file) => path.relative(io.cwd, file) }, document)).document;
    }
    checkNames(options, document);
    if (options.junit) {
      const folder = path.dirname(path.resolve(io.cwd, options.junit));
      const stat = await fs.stat(folder).catch(() => undefined);
      if (!stat?.isDirectory()) throw new UsageError(`--junit ${options.junit}: the folder ${folder} does not exist`);
    }
  } catch (error) {
    // The parser's own refusal is printed as it is (escaped, perhaps a hint on lines of its own).
    if (error instanceof CommandLineError) {
      io.err(error.message);
      return 2;
    }
    if (!(error instanceof UsageError || error instanceof ReportedError)) throw error;
    io.err(`verify: ${forTerminal(error.message)}${error instanceof UsageError ? ': see `npm run verify -- --help`' : ''}`);
    return 2;
  }
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
  const run = await runVerification(plan, options, client, bodyChecker(document), (verdict) =>
    log(forTerminal(`  ${verdict.kind === 'as described' ? 'ok  ' : '!!  '}${verdict.operationId}: ${verdict.kind} (${verdict.ms} ms)`)),
  );
  if (options.format === 'markdown') io.out(verdictMarkdown(run, options.baseUrl, options.strict));
  else io.out(verdictTable(run));
  if (options.junit) {
    const file = path.resolve(io.cwd, options.junit);
    await fs.writeFile(`${file}.tmp`, verdictJunit(run, options.baseUrl, options.strict));
    await fs.rename(`${file}.tmp`, file);
    log(`verify: JUnit report written to ${forTerminal(shown({ root: io.cwd }, file))}`);
  }
  return failed(run.verdicts, options.strict) ? 1 : 0;
}
