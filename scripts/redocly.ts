// Redocly, driven through its programmatic API (@redocly/openapi-core): lint the split source and
// bundle it. One resolver is shared so that each source file is read and parsed once.
import { BaseResolver, bundle, type Config, formatProblems, getTotals, lint, loadConfig, type NormalizedProblem, YamlParseError } from '@redocly/openapi-core';
import type { LintFormat } from './lint-description.ts';
import { ReportedError, redoclyConfigFile, root, shown, sourceEntry } from './project.ts';

export interface RedoclySession {
  config: Config;
  resolver: BaseResolver;
}

export async function openRedocly(): Promise<RedoclySession> {
  // The `source` API in redocly.yaml adds the file layout rules to the shared ones.
  const config = (await loadConfig({ configPath: redoclyConfigFile })).forAlias('source');
  return { config, resolver: new BaseResolver(config.resolve) };
}

/** Lints the source; prints the problems in `format`; returns the number of problems. */
export async function lintSource(session: RedoclySession, format: LintFormat): Promise<number> {
  const problems = await lint({ ref: sourceEntry, config: session.config, externalRefResolver: session.resolver }).catch(explainYamlError);
  report(problems, format);
  return problems.length;
}

/** Bundles the source into one document whose only `$ref`s point into its own `components`. */
export async function bundleSource(session: RedoclySession, { quiet = false } = {}): Promise<Record<string, unknown>> {
  const result = await bundle({ ref: sourceEntry, config: session.config, externalRefResolver: session.resolver }).catch(explainYamlError);
  const problems = result.problems.filter((problem) => problem.severity === 'error');
  if (problems.length > 0) {
    if (!quiet) report(problems, 'stylish');
    throw new ReportedError(`bundling ${shown(sourceEntry)} failed with ${problems.length} problem(s)`);
  }
  return result.bundle.parsed as Record<string, unknown>;
}

function report(problems: NormalizedProblem[], format: LintFormat): void {
  if (problems.length === 0) return;
  formatProblems(problems, { format, totals: getTotals(problems), cwd: root, color: false, command: 'lint' });
}

/** Redocly reports YAML errors in referenced files as lint problems, but throws on the root file. */
function explainYamlError(error: unknown): never {
  if (error instanceof YamlParseError) {
    const reason = error.message.replace(/ in ".*" \(\d+:\d+\)$/, '');
    throw new ReportedError(`${shown(error.source.absoluteRef)}:${error.line}:${error.col}: YAML syntax error: ${reason}`);
  }
  throw error;
}
