// The verdicts as a table for the terminal, as Markdown for a job summary, and as JUnit XML for CI
// systems. What the service sent is untrusted: every value is escaped for its medium.
import { forMarkdown, forTerminal } from '../escape.ts';
import type { VerdictKind, Verdict, VerificationRun } from './run-verification.ts';

const kinds: VerdictKind[] = ['as described', 'contradicts', 'not confirmed', 'unreachable', 'not called'];

/** Whether the run fails: anything contradicts or is unreachable, and with `strict`, anything not confirmed. */
export function failed(verdicts: Verdict[], strict: boolean): boolean {
  return verdicts.some((v) => v.kind === 'contradicts' || v.kind === 'unreachable' || (strict && v.kind === 'not confirmed'));
}

/** "3 as described, 1 contradicts, ...": the count of each verdict that occurs. */
export function verdictCounts(verdicts: Verdict[]): string {
  return kinds
    .map((kind) => [kind, verdicts.filter((v) => v.kind === kind).length] as const)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${kind}`)
    .join(', ');
}

const summary = (run: VerificationRun) =>
  `${verdictCounts(run.verdicts)}; ${run.requestsSent} ${run.requestsSent === 1 ? 'request' : 'requests'} sent in ${(run.ms / 1000).toFixed(1)} s`;

export function verdictTable(run: VerificationRun): string {
  const rows = run.verdicts.map((v) => [v.kind, v.operationId, v.method, forTerminal(v.detail)]);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i].length), ['verdict', 'operation', 'method'][i].length));
  const line = (cells: string[]) => cells.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]) : cell)).join('  ');
  return [line(['verdict', 'operation', 'method', 'what was seen']), ...rows.map(line), '', `verify: ${summary(run)}`].join('\n');
}

export function verdictMarkdown(run: VerificationRun, baseUrl: string, strict: boolean): string {
  const verdict = failed(run.verdicts, strict) ? '**Failed**' : '**Passed**';
  const lines = [
    `## Verification of ${forMarkdown(baseUrl)} against the description`,
    '',
    `${verdict}: ${summary(run)}.`,
    '',
    '| Verdict | Operation | Method | What was seen |',
    '| --- | --- | --- | --- |',
    ...run.verdicts.map((v) => `| ${v.kind} | \`${v.operationId}\` | ${v.method} | ${forMarkdown(v.detail)} |`),
  ];
  return `${lines.join('\n')}\n`;
}

const xml = (text: string) =>
  forTerminal(text).replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!);

/** JUnit XML: one test case per operation; contradicts and unreachable fail, not confirmed too with `strict`, not called is skipped. */
export function verdictJunit(run: VerificationRun, baseUrl: string, strict: boolean): string {
  const failures = run.verdicts.filter((v) => v.kind === 'contradicts' || (strict && v.kind === 'not confirmed')).length;
  const errors = run.verdicts.filter((v) => v.kind === 'unreachable').length;
  const skipped = run.verdicts.filter((v) => v.kind === 'not called' || (!strict && v.kind === 'not confirmed')).length;
  const cases = run.verdicts.map((v) => {
    const open = `    <testcase classname="verify" name="${xml(`${v.operationId} (${v.method})`)}" time="${((v.ms ?? 0) / 1000).toFixed(3)}"`;
    if (v.kind === 'as described') return `${open}/>`;
    const element = v.kind === 'unreachable' ? 'error' : v.kind === 'not called' || (!strict && v.kind === 'not confirmed') ? 'skipped' : 'failure';
    return `${open}>\n      <${element} message="${xml(`${v.kind}: ${v.detail}`)}"/>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="verify" tests="${run.verdicts.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${(run.ms / 1000).toFixed(3)}">`,
    `  <testsuite name="${xml(`verify ${baseUrl}`)}" tests="${run.verdicts.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${(run.ms / 1000).toFixed(3)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
