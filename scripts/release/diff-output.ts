// What `npm run diff` prints for a comparison of a base bundle with the working tree's: the report
// (text or Markdown) on stdout, the gate's problems on stderr, and the exit code.
import fs from 'node:fs/promises';
import { forTerminal } from '../escape.ts';
import type { OpenApiDocument } from '../openapi-document.ts';
import type { Project } from '../project.ts';
import { compareBundles } from './compare.ts';
import { diffMarkdown } from './diff-markdown.ts';
import { diffReport } from './diff-report.ts';
import { gateProblems, gateVerdict } from './release-gate.ts';

export async function diffOutput(
  project: Project,
  base: OpenApiDocument,
  head: OpenApiDocument,
  baseName: string,
  options: { gate?: boolean; format?: string },
): Promise<{ stdout: string; stderr: string[]; code: number }> {
  const comparison = compareBundles(base, head);
  const [baseVersion, headVersion] = [String(base.info?.version), String(head.info?.version)];
  const [from, to] = [`${baseName} (${baseVersion})`, `working tree (${headVersion})`];
  const changelog = options.gate ? await fs.readFile(project.changelog, 'utf8').catch(() => '') : '';
  const problems = options.gate ? gateProblems(comparison, baseVersion, headVersion, changelog) : [];
  const gate = options.gate ? { problems, verdict: gateVerdict(comparison, problems) } : undefined;
  const stderr = problems.map((problem) => `diff: gate: ${problem}`);
  if (options.format === 'markdown') return { stdout: diffMarkdown(comparison, from, to, gate), stderr, code: problems.length > 0 ? 1 : 0 };
  const lines = diffReport(comparison, from, to).split('\n').map(forTerminal);
  if (gate && problems.length === 0) lines.push(`diff: gate: ${gate.verdict}`);
  return { stdout: `${lines.join('\n')}\n`, stderr, code: problems.length > 0 ? 1 : 0 };
}
