// A release's section of CHANGELOG.md: its date and its text, as the site lists it and as the
// GitHub release's notes give it (scripts/commands/release-notes.ts). Its own few lines, not a
// changelog library's: the notes are the section's text as written, which keep-a-changelog re-renders.
import { changelogLines } from '../release/changelog-text.ts';

export interface ChangelogSection {
  version: string;
  /** YYYY-MM-DD, from the heading `## [X.Y.Z] - YYYY-MM-DD`. */
  date: string;
  /** The section's text below its heading, up to the next `## ` heading, trimmed. */
  text: string;
}

/** The dated section of `version` (X.Y.Z) in `changelog`, or undefined when there is none. */
export function changelogSection(changelog: string, version: string): ChangelogSection | undefined {
  const lines = changelogLines(changelog);
  const heading = new RegExp(`^## \\[${version.replaceAll('.', '\\.')}\\] - (\\d{4}-\\d{2}-\\d{2})$`);
  const start = lines.findIndex((line) => heading.test(line));
  if (start < 0) return undefined;
  const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  const text = lines
    .slice(start + 1, end < 0 ? undefined : end)
    .join('\n')
    .trim();
  return { version, date: heading.exec(lines[start])![1], text };
}
