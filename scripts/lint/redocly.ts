// Redocly, driven through its programmatic API (@redocly/openapi-core): lint the split source and
// bundle it. One resolver per session, so that each source file is read and parsed once, and the
// project's source overlay (text held in memory) stands in for the files it names.
import { BaseResolver, bundle, type Config, lint, loadConfig, type NormalizedProblem, Source, YamlParseError } from '@redocly/openapi-core';
import { type Project, ReportedError, shown } from '../project.ts';

export interface RedoclySession {
  project: Project;
  config: Config;
  resolver: BaseResolver;
}

/** Reads source files from the project's overlay where it has them, else from disk. */
class OverlayResolver extends BaseResolver {
  readonly overlay: ReadonlyMap<string, string>;
  constructor(config: Config['resolve'], overlay: ReadonlyMap<string, string>) {
    super(config);
    this.overlay = overlay;
  }
  override async loadExternalRef(absoluteRef: string): Promise<Source> {
    const text = this.overlay.get(absoluteRef);
    return text === undefined ? super.loadExternalRef(absoluteRef) : new Source(absoluteRef, text);
  }
}

/** Loads redocly.yaml once; `session` makes a fresh resolver over it for each lint. */
export async function loadRedoclyConfig(project: Project): Promise<Config> {
  // The `source` API in redocly.yaml adds the file layout rules to the shared ones.
  const config = await loadConfig({ configPath: project.redoclyConfig }).catch((error) => explainYamlError(project, error));
  return config.forAlias('source');
}

export function redoclySession(project: Project, config: Config): RedoclySession {
  return { project, config, resolver: new OverlayResolver(config.resolve, project.sourceOverlay) };
}

/** Lints the source; returns the problems (printing is the caller's: see `printProblems`). */
export async function lintSource(session: RedoclySession): Promise<NormalizedProblem[]> {
  return lint({ ref: session.project.sourceEntry, config: session.config, externalRefResolver: session.resolver }).catch((error) =>
    explainYamlError(session.project, error),
  );
}

/** Bundles the source into one document whose only `$ref`s point into its own `components`. */
export async function bundleSource(session: RedoclySession): Promise<{ bundle: Record<string, unknown>; problems: NormalizedProblem[] }> {
  const result = await bundle({ ref: session.project.sourceEntry, config: session.config, externalRefResolver: session.resolver }).catch((error) =>
    explainYamlError(session.project, error),
  );
  return { bundle: result.bundle.parsed as Record<string, unknown>, problems: result.problems.filter((problem) => problem.severity === 'error') };
}

/** Redocly reports YAML errors in referenced files as lint problems, but throws on the root file. */
function explainYamlError(project: Project, error: unknown): never {
  if (error instanceof YamlParseError) {
    const reason = error.message.replace(/ in ".*" \(\d+:\d+\)$/, '');
    throw new ReportedError(`${shown(project, error.source.absoluteRef)}:${error.line}:${error.col}: YAML syntax error: ${reason}`);
  }
  throw error;
}
