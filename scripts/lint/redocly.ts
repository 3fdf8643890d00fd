// Redocly, driven through its programmatic API (@redocly/openapi-core): lint the split source and
// bundle it. One resolver per session, which serves only the files the source boundary read
// (source-boundary.ts: the project's overlay included), so Redocly reads no other file and
// fetches nothing.
import {
  BaseResolver,
  bundle,
  type Config,
  getLineColLocation,
  createConfig,
  lint,
  makeDocumentFromString,
  type NormalizedProblem,
  parseYaml,
  type RawUniversalConfig,
  ResolveError,
  Source,
  YamlParseError,
} from '@redocly/openapi-core';
import { forTerminal } from '../escape.ts';
import { escapePointerSegment, type OpenApiDocument } from '../openapi-document.ts';
import { type Project, ReportedError, shown } from '../project.ts';
import { checkRedoclyConfig, readConfig } from './config-boundary.ts';
import { faithfulPlugin, faithfulRuleSettings } from './faithful.ts';
import { ownProblemLine } from './own-problem.ts';
import { readSource } from './source-boundary.ts';

export interface RedoclySession {
  project: Project;
  config: Config;
  resolver: BaseResolver;
}

/** Serves the files the source boundary read, and refuses every other reference. */
class BoundedResolver extends BaseResolver {
  readonly files: ReadonlyMap<string, string>;
  constructor(config: Config['resolve'], files: ReadonlyMap<string, string>) {
    super(config);
    this.files = files;
  }
  override async loadExternalRef(absoluteRef: string): Promise<Source> {
    const text = this.files.get(absoluteRef);
    if (text !== undefined) return new Source(absoluteRef, text.replace(/\r\n/g, '\n'));
    throw new ResolveError(new Error(`ENOENT: no such file or directory, open '${absoluteRef}' (only files inside openapi/ are read)`));
  }
}

/**
 * Checks redocly.yaml within the config boundary (config-boundary.ts), as Redocly's parser reads
 * it: before the lint loads it, and before build-docs does (the build with overlays has no lint step).
 */
export async function checkRedoclyConfigFile(project: Pick<Project, 'root' | 'redoclyConfig'>): Promise<void> {
  const text = await readConfig(project, project.redoclyConfig);
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch {
    return; // a syntax error is Redocly's to report, when it loads the config
  }
  const source = new Source(project.redoclyConfig, text);
  const pointer = (at: (string | number)[]) => `#/${at.map(escapePointerSegment).join('/')}`;
  const locate = (at: (string | number)[]) => getLineColLocation({ source, pointer: pointer(at), reportOnKey: typeof at.at(-1) === 'string' }).start;
  checkRedoclyConfig(project, { file: project.redoclyConfig, text, data, locate });
}

/**
 * Loads redocly.yaml once, with the faithfulness contract's rules (faithful.ts) added to its own:
 * one engine lints the source with both. `session` makes a fresh resolver over it for each lint.
 */
export async function loadRedoclyConfig(project: Project): Promise<Config> {
  // What redocly.yaml may hold and name is checked first.
  await checkRedoclyConfigFile(project);
  const text = await readConfig(project, project.redoclyConfig);
  const raw = (() => {
    try {
      return makeDocumentFromString<RawUniversalConfig>(text, project.redoclyConfig).parsed;
    } catch (error) {
      return explainYamlError(project, error);
    }
  })();
  const withContract = { ...raw, rules: { ...faithfulRuleSettings(), ...raw.rules } };
  const config = await createConfig(withContract, { configPath: project.redoclyConfig, plugins: [faithfulPlugin] }).catch((error) =>
    explainYamlError(project, error),
  );
  // The `source` API in redocly.yaml adds the file layout rules to the shared ones.
  return config.forAlias('source');
}

/** A session over `files`, the description's files as the source boundary read them. */
export function redoclySession(project: Project, config: Config, files: ReadonlyMap<string, string>): RedoclySession {
  return { project, config, resolver: new BoundedResolver(config.resolve, files) };
}

/** Lints the source; returns the problems (printing is the caller's: see `printProblems`). */
export async function lintSource(session: RedoclySession): Promise<NormalizedProblem[]> {
  return lint({ ref: session.project.sourceEntry, config: session.config, externalRefResolver: session.resolver }).catch((error) =>
    explainYamlError(session.project, error),
  );
}

/** Bundles the source into one document whose only `$ref`s point into its own `components`. */
export async function bundleSource(session: RedoclySession): Promise<{ bundle: OpenApiDocument; problems: NormalizedProblem[] }> {
  const result = await bundle({ ref: session.project.sourceEntry, config: session.config, externalRefResolver: session.resolver }).catch((error) =>
    explainYamlError(session.project, error),
  );
  return { bundle: result.bundle.parsed as OpenApiDocument, problems: result.problems.filter((problem) => problem.severity === 'error') };
}

/**
 * Bundles `project`'s description as read within the source boundary, without linting it (the
 * diff's two sides); what the boundary refuses is a ReportedError naming each file and line.
 */
export async function bundleWithinBoundary(project: Project, config: Config): ReturnType<typeof bundleSource> {
  const source = await readSource(project);
  if (source.problems.length > 0)
    throw new ReportedError(
      `the source boundary refused what the description references:\n${source.problems.map((p) => `  ${forTerminal(ownProblemLine(p))}`).join('\n')}`,
    );
  return bundleSource(redoclySession(project, config, source.files));
}

/**
 * Redocly reports YAML errors in referenced files as lint problems, but throws on the root file;
 * it throws on what it cannot resolve at all, too: each becomes one line, not a stack trace.
 */
function explainYamlError(project: Project, error: unknown): never {
  if (error instanceof YamlParseError) {
    const reason = error.message.replace(/ in ".*" \(\d+:\d+\)$/, '');
    throw new ReportedError(`${shown(project, error.source.absoluteRef)}:${error.line}:${error.col}: YAML syntax error: ${reason}`);
  }
  if (error instanceof Error && !(error instanceof ReportedError))
    throw new ReportedError(
      `Redocly could not read the description from ${shown(project, project.sourceEntry)}: ${error.message.replaceAll(`${project.root}/`, '')}`,
    );
  throw error;
}
