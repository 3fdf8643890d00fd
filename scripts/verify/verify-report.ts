// The verdicts as a table for the terminal, as Markdown for a job summary, and as JUnit XML for CI
// systems: failures first, then what was not confirmed, then what was confirmed, then what was not
// called, grouped by what would call it. What the service sent is untrusted: every value is escaped
// for its medium.
import { forMarkdown, forTerminal } from '../escape.ts';
import { groupHeadings, type NotCalledGroup } from './plan.ts';
import type { VerdictKind, Verdict, VerificationRun } from './run-verification.ts';

/** Every verdict, in the order reports list them. */
const kinds: VerdictKind[] = ['contradicts', 'server error', 'refused', 'unreachable', 'not confirmed', 'as described', 'not called'];

/** The verdicts that fail a verification by default: the service contradicts the description, fails, refuses the credentials, or does not answer. */
const failing = new Set<VerdictKind>(['contradicts', 'server error', 'refused', 'unreachable']);

/** Whether one verdict fails the run (`strict`: not confirmed fails too). */
export const failsRun = (kind: VerdictKind, strict: boolean) => failing.has(kind) || (strict && kind === 'not confirmed');

/** Whether the run fails: any failing verdict, or no operation confirmed. */
export function failed(verdicts: Verdict[], strict: boolean): boolean {
  return verdicts.some((v) => failsRun(v.kind, strict)) || !verdicts.some((v) => v.kind === 'as described');
}

/** The verdicts in report order: by kind, and the operations not called by group. */
export function ordered(verdicts: Verdict[]): Verdict[] {
  const groups = Object.keys(groupHeadings) as NotCalledGroup[];
  const rank = (v: Verdict) => kinds.indexOf(v.kind) * 10 + (v.group ? groups.indexOf(v.group) : 0);
  return verdicts
    .map((v, i) => [v, i] as const)
    .sort(([a, i], [b, j]) => rank(a) - rank(b) || i - j)
    .map(([v]) => v);
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
  run.exchangesRead !== undefined
    ? `${verdictCounts(run.verdicts)}; ${run.exchangesRead} recorded ${run.exchangesRead === 1 ? 'exchange' : 'exchanges'} read in ${(run.ms / 1000).toFixed(1)} s, nothing sent`
    : `${verdictCounts(run.verdicts)}; ${run.requestsSent} ${run.requestsSent === 1 ? 'request' : 'requests'} sent in ${(run.ms / 1000).toFixed(1)} s`;

/** The sentence that says why the run failed when no single verdict does. */
const noneConfirmed = (run: VerificationRun) => (run.verdicts.some((v) => v.kind === 'as described') ? [] : ['no operation was confirmed as described']);

export function verdictTable(run: VerificationRun): string {
  const rows = ordered(run.verdicts).map((v) => [v.kind, v.operationId, v.method, forTerminal(v.detail), v.group ?? ''] as const);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i].length), ['verdict', 'operation', 'method'][i].length));
  const line = (cells: readonly string[]) => cells.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]) : cell)).join('  ');
  const lines = [line(['verdict', 'operation', 'method', 'what was seen'])];
  for (const [i, row] of rows.entries()) {
    if (row[4] && row[4] !== rows[i - 1]?.[4])
      lines.push(`-- not called: ${rows.filter((r) => r[4] === row[4]).length} ${groupHeadings[row[4] as NotCalledGroup]}`);
    lines.push(line(row.slice(0, 4)));
  }
  return [...lines, '', ...noneConfirmed(run).map((text) => `verify: ${text}`), `verify: ${summary(run)}`].join('\n');
}

/** Markdown text that no renderer turns into a link: no `scheme://`, `www.` or `user@host` stays whole. */
const unlinked = (text: string) =>
  forMarkdown(text)
    .replaceAll('://', ':\\/\\/')
    .replace(/www\./gi, (www) => `${www.slice(0, 3)}\\.`)
    .replaceAll('@', '\\@');

export function verdictMarkdown(run: VerificationRun, baseUrl: string, strict: boolean): string {
  const verdict = failed(run.verdicts, strict) ? '**Failed**' : '**Passed**';
  const lines = [
    `## Verification of ${unlinked(baseUrl)} against the description`,
    '',
    `${verdict}: ${[...noneConfirmed(run), summary(run)].join('; ')}.`,
    '',
    '| Verdict | Operation | Method | What was seen |',
    '| --- | --- | --- | --- |',
    ...ordered(run.verdicts).map((v) => `| ${v.kind} | \`${v.operationId}\` | ${v.method} | ${unlinked(v.detail)} |`),
  ];
  return `${lines.join('\n')}\n`;
}

/** Characters XML 1.0 does not allow, even escaped (C0 controls but tab and newlines, U+FFFE, U+FFFF, lone surrogates). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const notXml = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const xml = (text: string) =>
  forTerminal(text)
    .replace(notXml, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!);

/** The JUnit element of a verdict: contradicts, a server error and refused credentials fail (not confirmed too with `strict`), unreachable is an error, the rest skipped. */
function junitElement(kind: VerdictKind, strict: boolean): 'failure' | 'error' | 'skipped' | undefined {
  if (kind === 'as described') return undefined;
  if (kind === 'unreachable') return 'error';
  return failsRun(kind, strict) ? 'failure' : 'skipped';
}

/** JUnit XML: one test case per operation (see junitElement). */
export function verdictJunit(run: VerificationRun, baseUrl: string, strict: boolean): string {
  const count = (element: string) => run.verdicts.filter((v) => junitElement(v.kind, strict) === element).length;
  const totals = `tests="${run.verdicts.length}" failures="${count('failure')}" errors="${count('error')}" skipped="${count('skipped')}" time="${(run.ms / 1000).toFixed(3)}"`;
  const cases = ordered(run.verdicts).map((v) => {
    const open = `    <testcase classname="verify" name="${xml(`${v.operationId} (${v.method})`)}" time="${((v.ms ?? 0) / 1000).toFixed(3)}"`;
    const element = junitElement(v.kind, strict);
    if (!element) return `${open}/>`;
    return `${open}>\n      <${element} message="${xml(`${v.kind}: ${v.detail}`)}"/>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="verify" ${totals}>`,
    `  <testsuite name="${xml(`verify ${baseUrl}`)}" ${totals}>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
