// Redocly, driven through its programmatic API (@redocly/openapi-core): lint the split source and
// bundle it. One resolver is shared so that each source file is read and parsed once.
// Plain JavaScript (typed by JSDoc, checked by tsc): `npm run lint` loads it; see scripts/lint.js.
/** @import { Config, NormalizedProblem } from '@redocly/openapi-core' */
import { BaseResolver, bundle, formatProblems, getTotals, lint, loadConfig, YamlParseError } from '@redocly/openapi-core';
import { ReportedError, redoclyConfigFile, root, shown, sourceEntry } from './project.js';

/** @import { LintFormat } from './lint-description.js' */
/** @typedef {{ config: Config, resolver: BaseResolver }} RedoclySession */

/** @returns {Promise<RedoclySession>} */
export async function openRedocly() {
  // The `source` API in redocly.yaml adds the file layout rules to the shared ones.
  const config = (await loadConfig({ configPath: redoclyConfigFile })).forAlias('source');
  return { config, resolver: new BaseResolver(config.resolve) };
}

/**
 * Lints the source; prints the problems in `format`; returns the number of problems.
 * @param {RedoclySession} session
 * @param {LintFormat} format
 * @returns {Promise<number>}
 */
export async function lintSource(session, format) {
  const problems = await lint({ ref: sourceEntry, config: session.config, externalRefResolver: session.resolver }).catch(explainYamlError);
  report(problems, format);
  return problems.length;
}

/**
 * Bundles the source into one document whose only `$ref`s point into its own `components`.
 * @param {RedoclySession} session
 * @returns {Promise<Record<string, unknown>>}
 */
export async function bundleSource(session, { quiet = false } = {}) {
  const result = await bundle({ ref: sourceEntry, config: session.config, externalRefResolver: session.resolver }).catch(explainYamlError);
  const problems = result.problems.filter((problem) => problem.severity === 'error');
  if (problems.length > 0) {
    if (!quiet) report(problems, 'stylish');
    throw new ReportedError(`bundling ${shown(sourceEntry)} failed with ${problems.length} problem(s)`);
  }
  return /** @type {Record<string, unknown>} */ (result.bundle.parsed);
}

/**
 * @param {NormalizedProblem[]} problems
 * @param {LintFormat} format
 */
function report(problems, format) {
  if (problems.length === 0) return;
  formatProblems(problems, { format, totals: getTotals(problems), cwd: root, color: false, command: 'lint' });
}

/**
 * Redocly reports YAML errors in referenced files as lint problems, but throws on the root file.
 * @param {unknown} error
 * @returns {never}
 */
function explainYamlError(error) {
  if (error instanceof YamlParseError) {
    const reason = error.message.replace(/ in ".*" \(\d+:\d+\)$/, '');
    throw new ReportedError(`${shown(error.source.absoluteRef)}:${error.line}:${error.col}: YAML syntax error: ${reason}`);
  }
  throw error;
}
