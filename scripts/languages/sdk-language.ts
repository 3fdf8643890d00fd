// What one language's SDK writer is. The `npm run sdk` command asks it for its tools
// before anything is written, then has it write the SDK of a description (the bundle, or the bundle
// with the user's overlays applied) into an empty staging folder, which the command swaps in whole.
// A language keeps its hand-written runtime as real source of that language (copied, never
// templated) and has the field's generator make what depends on the description.
import type { Operation } from '../bundle-operations.ts';
import type { OpenApiDocument } from '../openapi-document.ts';
import type { LanguageTools } from './language-tools.ts';
import type { SdkSampleFacts } from './sample-values.ts';

export interface SdkContext {
  /** The project's root (the runtime sources and the pins are found from it). */
  root: string;
  /** The pinned tools, where .ci/install-languages puts them. */
  tools: LanguageTools;
  /** The environment the generators run with. */
  env: NodeJS.ProcessEnv;
  /** The package's and module's version: the description's info.version. */
  version: string;
  /** The repository's URL (package.json's `repository`), when the project sets one. */
  repository?: string;
  /** One progress line, for a step that takes more than a moment. */
  progress(line: string): void;
  signal?: AbortSignal;
}

export interface SdkLanguage {
  /** The name --lang takes, the `lang` of its x-codeSamples and its fence in the Markdown reference: `python`, `go`. */
  readonly name: string;
  /** Its name as the docs show it: `Python`, `PHP`. */
  readonly label: string;
  /** Its sample of `operation` for the reference (x-codeSamples and the Markdown reference): a short, complete program against `baseUrl`, each line within sampleLineWidth. */
  sample(document: OpenApiDocument, operation: Operation, baseUrl: string, facts: SdkSampleFacts): string;
  /** Whether a release tags the committed SDK's folder too (`generated/sdk/<name>/vX.Y.Z`): Go's modules resolve a version by such a tag. */
  readonly tagsReleases?: boolean;
  /**
   * What the language's own tools leave in an SDK's folder when it is used from there (pip's build/
   * and *.egg-info/, bytecode), as paths with `/`: `npm run sdk` replaces them with the rest, where
   * a file it did not write otherwise keeps it from replacing the folder.
   */
  readonly leftovers?: RegExp;
  /** What is missing to write this language's SDK (a command and what installs it, in one line), or undefined when nothing is. */
  missing(context: Pick<SdkContext, 'tools' | 'env'>): string | undefined;
  /** Writes the SDK of `document` into `folder`, an empty folder of its own. */
  write(document: OpenApiDocument, folder: string, context: SdkContext): Promise<void>;
}

/** What an SDK's README says of the header its first call sends (`X-Api-Key`): a stand-in, since the interface document states no auth scheme. */
export const credentialStandIn =
  '`X-Api-Key` stands for the header that carries your credentials: the interface document states no auth scheme, so send whatever your service takes.';
