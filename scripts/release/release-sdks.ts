// The committed SDKs at a release (generated/sdk/<language>): each carries the description's
// version, so `npm run release` remakes each after it sets the new one, with the same writer as
// `npm run sdk` and the pinned tools it needs (a language whose tools are missing blocks the
// release before anything is written), and tags the folder of each language whose releases are
// found by a tag (Go: `generated/sdk/go/vX.Y.Z`, what `go get <module>@vX.Y.Z` resolves).
import fs from 'node:fs';
import path from 'node:path';
import { type Project, ReportedError } from '../project.ts';
import { languageTools } from '../languages/language-tools.ts';
import { sdkLanguages } from '../languages/languages.ts';
import type { SdkLanguage } from '../languages/sdk-language.ts';
import { committedSdkFolder, writeSdk } from '../sdk/write-sdk.ts';
import { git } from './git.ts';

/** The languages whose SDK the project commits (a clone without generated/sdk/ has none to remake). */
const committedSdks = (project: Project, languages: readonly SdkLanguage[]): SdkLanguage[] =>
  languages.filter((language) => fs.existsSync(committedSdkFolder(project, language.name)));

/** A committed SDK's folder as git names it: `generated/sdk/go`. */
const folderOf = (project: Project, language: SdkLanguage) => path.relative(project.root, committedSdkFolder(project, language.name)).split(path.sep).join('/');

/** The tags a release of `version` makes besides `v<version>`. */
export const sdkTags = (project: Project, version: string, languages: readonly SdkLanguage[] = sdkLanguages): string[] =>
  committedSdks(project, languages)
    .filter((language) => language.tagsReleases)
    .map((language) => `${folderOf(project, language)}/v${version}`);

/** What blocks remaking the committed SDKs at `version`: a language's missing tools, an SDK's tag taken. */
export async function sdkBlockers(
  project: Project,
  version: string,
  env: NodeJS.ProcessEnv,
  languages: readonly SdkLanguage[] = sdkLanguages,
): Promise<string[]> {
  const blockers: string[] = [];
  for (const language of committedSdks(project, languages)) {
    let missing: string | undefined;
    try {
      missing = language.missing({ tools: languageTools(project.root, env), env });
    } catch (error) {
      missing = `its pinned tools, whose pins cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
    }
    if (missing) blockers.push(`${folderOf(project, language)} is remade at the release with the ${language.name} SDK's tools, and needs ${missing}`);
  }
  for (const tag of sdkTags(project, version, languages)) if (await git(project, 'tag', '--list', tag)) blockers.push(`tag ${tag} already exists`);
  return blockers;
}

/** Remakes every committed SDK from the description as it now is (its version set), as `npm run sdk` writes it. */
export async function remakeSdks(
  project: Project,
  log: { info(line: string): void; error(line: string): void },
  env: NodeJS.ProcessEnv,
  languages: readonly SdkLanguage[] = sdkLanguages,
): Promise<void> {
  for (const language of committedSdks(project, languages)) {
    const out = committedSdkFolder(project, language.name);
    const written = await writeSdk(
      project,
      { progress: log.info, info: log.info, error: log.error },
      { language, out, overlays: [], shownAs: (file) => path.relative(project.root, file), env },
    );
    if (!written) throw new ReportedError(`${folderOf(project, language)} could not be remade (above)`);
  }
}
