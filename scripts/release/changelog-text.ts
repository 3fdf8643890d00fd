// CHANGELOG.md as the release, the gate and the site read it: lines end at \n (or \r\n, \r) only,
// so that every reader sees the same lines; a line may hold no invisible or control character (a
// U+2028 after a heading made it a heading to one reader and not to another, and could hide a
// release or date a false one, with a diff that shows nothing); a version is dated once.
// Kept over keep-a-changelog 3.1.0 and changelog-parser 4.1.0: both split lines their own way and
// neither refuses a hidden character, so the gate, the release and the site could read one file two ways.
import { codePoint, invisibleCharacter } from '../invisible-characters.ts';

/** The changelog's lines. */
export const changelogLines = (changelog: string): string[] => changelog.split(/\r\n|\r|\n/);

/** A dated section's heading, the whole line: `## [X.Y.Z] - YYYY-MM-DD`. */
export const datedHeading = /^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$/;

/** What is wrong with the changelog's text, one line each, naming `file` and the line. */
export function changelogProblems(changelog: string, file = 'CHANGELOG.md'): string[] {
  const problems: string[] = [];
  const dated = new Map<string, number>();
  for (const [index, line] of changelogLines(changelog).entries()) {
    const hidden = invisibleCharacter.exec(line);
    if (hidden) problems.push(`${file}:${index + 1}: holds ${codePoint(hidden[0])}, a character a reader does not see as written: write plain text`);
    const version = datedHeading.exec(line)?.[1];
    if (version === undefined) continue;
    const first = dated.get(version);
    if (first !== undefined) problems.push(`${file}:${index + 1}: ${version} is dated a second time (first at line ${first})`);
    else dated.set(version, index + 1);
  }
  return problems;
}
