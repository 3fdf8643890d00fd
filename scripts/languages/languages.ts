// The languages `npm run sdk` writes, one line each: `--lang` takes their names, and the build with
// overlays ends by naming the command line of each. A new language is its writer (an SdkLanguage, in
// a folder of its own) and its line here.
import { goSdk } from './go/go-sdk.ts';
import { javaSdk } from './java/java-sdk.ts';
import { phpSdk } from './php/php-sdk.ts';
import { pythonSdk } from './python/python-sdk.ts';
import { rubySdk } from './ruby/ruby-sdk.ts';
import type { SdkLanguage } from './sdk-language.ts';

export const sdkLanguages: readonly SdkLanguage[] = [pythonSdk, goSdk, javaSdk, phpSdk, rubySdk];

/** A path as one shell word: as it is when it needs no quotes, else in single quotes. */
const shellWord = (text: string) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`);

/**
 * The `npm run sdk` command line of each language for the same overlays (as the user named them),
 * into the folder `outFor` names for it, with `options` (`--allow-operation-changes`) after.
 */
export function sdkCommandLines(overlays: string[], outFor: (language: string) => string, options: string[] = []): string[] {
  return sdkLanguages.map((language) =>
    [
      `npm run sdk -- --lang ${language.name}`,
      ...overlays.map((file) => `--overlay ${shellWord(file)}`),
      `--out ${shellWord(outFor(language.name))}`,
      ...options,
    ].join(' '),
  );
}
