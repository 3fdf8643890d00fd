// `npm run sdk`'s work: the description (the bundle, or the bundle with the user's overlays read,
// applied strictly and linted exactly as `npm run build -- --overlay` does), the language's tools
// checked, then the language's writer into a staging folder beside --out that replaces it whole
// (scripts/pipeline/staging.ts), or nothing at all. --out is the committed SDK of the description
// (generated/sdk/<language>, without overlays), or a folder of the user's that is new, empty, or
// holds exactly what this command wrote there (output-folder.ts' records, kind `sdk-builds`).
import fs from 'node:fs';
import path from 'node:path';
import { forTerminal, forTerminalLines } from '../escape.ts';
import { type OpenApiDocument, overlaidInfo } from '../openapi-document.ts';
import { overlaidDescription, overlaidProblemLine, readOverlays } from '../overlay/build-overlaid.ts';
import { checkOutputFolder, outputPlacementProblem, recordOutputFolder } from '../overlay/output-folder.ts';
import { stagingFolder, swapIn } from '../pipeline/staging.ts';
import { type Project, ReportedError, repositoryUrl, shown, toolsCache } from '../project.ts';
import { type LanguageTools, languageTools } from '../languages/language-tools.ts';
import type { SdkLanguage } from '../languages/sdk-language.ts';

export interface SdkOptions {
  language: SdkLanguage;
  /** The folder to write (absolute). */
  out: string;
  /** The overlay files (absolute), applied in this order. */
  overlays: string[];
  /** Write even when an overlay removes, renames or moves an operation (as the build's option). */
  allowOperationChanges?: boolean;
  /** How messages name a path the user gave. */
  shownAs: (file: string) => string;
  /** The command's environment: the tools cache, PATH, what the generators run with. */
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
}

export interface SdkLog {
  /** A progress line (stderr). */
  progress(line: string): void;
  /** What was made (stdout). */
  info(line: string): void;
  /** Why nothing was (stderr). */
  error(line: string): void;
}

/** Where the SDK of the description itself is committed, per language: generated/sdk/<language>. */
export const committedSdkFolder = (project: Project, language: string): string => path.join(project.outputDir, 'sdk', language);

/** The staging folders' prefix, beside --out. */
const stagingPrefix = '.sdk-staging-';

/** Why `out` cannot be --out, wherever it is (a bad argument: nothing read or written), if it cannot. */
export function sdkOutProblem(project: Project, out: string, outShown: string, language: string, withOverlays: boolean): string | undefined {
  const committed = committedSdkFolder(project, language);
  if (out === committed)
    return withOverlays
      ? `--out ${outShown} is the committed SDK of the description itself, which takes no overlay; write the SDK with overlays to a folder outside generated/`
      : undefined;
  return outputPlacementProblem(project, out, outShown);
}

/** The bundle, as the build wrote it. */
function readBundle(project: Project): OpenApiDocument {
  const file = path.join(project.outputDir, 'openapi.json');
  if (!fs.existsSync(file)) throw new ReportedError('generated/openapi.json is missing: run `npm run build` first');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as OpenApiDocument;
}

/** Where the pinned tools are, or an error naming the pins that cannot be read. */
function pinnedTools(project: Project, env: NodeJS.ProcessEnv): LanguageTools {
  try {
    return languageTools(project.root, env);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new ReportedError(
      `${shown(project, String((error as NodeJS.ErrnoException).path))}, which pins the generators' versions, is missing: an SDK is written from a clone of the whole repository`,
    );
  }
}

/** Writes the SDK `options` asks for; resolves true when --out holds it, false (nothing written) otherwise. */
export async function writeSdk(project: Project, log: SdkLog, options: SdkOptions): Promise<boolean> {
  const started = performance.now();
  const { language, out, shownAs } = options;
  const outShown = `${forTerminal(shownAs(out))}/`;
  const committed = out === committedSdkFolder(project, language.name);
  const records = toolsCache(options.env);
  // A folder of the user's must be new, empty or this command's; the committed one is the project's.
  const checkOut = (contents: string) => {
    if (!committed) checkOutputFolder(project, out, shownAs(out), contents, records, 'sdk-builds', language.leftovers);
  };
  let staging: string | undefined;
  try {
    checkOut(out);
    // The overlays read first (a file that is not one fails at once), then the tools, then the work.
    const overlayOptions = { overlays: options.overlays, out, allowOperationChanges: options.allowOperationChanges, shownAs };
    const overlays = readOverlays(project, overlayOptions);
    const tools = pinnedTools(project, options.env);
    const missing = language.missing({ tools, env: options.env });
    if (missing) throw new ReportedError(`the ${language.name} SDK needs ${missing}; looked in the tools cache ${tools.home} (EMAIL_DELIVERY_TOOLS moves it)`);
    const count = overlays.length;
    log.progress(`sdk: ${language.name} from generated/openapi.json${count ? ` + ${count} ${count === 1 ? 'overlay' : 'overlays'}` : ''} -> ${outShown}`);
    let document = readBundle(project);
    if (count > 0) {
      const overlaid = await overlaidDescription(project, overlayOptions, document, overlays);
      for (const warning of overlaid.warnings) log.progress(`  ${overlaidProblemLine(warning, overlaid.overlays)}`);
      document = overlaid.document;
      log.progress('sdk: overlays applied strictly and linted');
    }
    const info = overlaidInfo(document);
    staging = await stagingFolder(path.dirname(out), stagingPrefix);
    await language.write(document, staging, {
      root: project.root,
      tools,
      env: options.env,
      // An overlaid description's package version names its overlays (the build's x-package).
      version: String(info?.['x-package']?.version ?? info?.version),
      repository: repositoryUrl(project),
      progress: (line) => log.progress(`sdk: ${forTerminal(line)}`),
      signal: options.signal,
    });
    await swapIn(staging, out, checkOut);
    staging = undefined;
  } catch (error) {
    if (staging) await fs.promises.rm(staging, { recursive: true, force: true });
    // A failure the toolchain did not foresee keeps its stack, as the build's does.
    const text =
      error instanceof ReportedError || !(error instanceof Error) ? String(error instanceof Error ? error.message : error) : `${error.message}\n${error.stack}`;
    for (const line of forTerminalLines(text)) log.error(`sdk: ${line}`);
    log.error(`sdk: ${outShown} is unchanged`);
    return false;
  }
  if (!committed)
    try {
      recordOutputFolder(out, 'sdk-builds', records);
    } catch (error) {
      const why = forTerminal(error instanceof Error ? error.message : String(error));
      log.progress(`sdk: warning: the record of ${outShown} could not be written (${why}); writing into it again will refuse it until it is emptied`);
    }
  log.info(`sdk: wrote the ${language.name} SDK to ${outShown} in ${((performance.now() - started) / 1000).toFixed(2)} s`);
  return true;
}
