// The one reading of "a changelog entry names the operations it affects", which the gate of a pull
// request (release-gate.ts) and the release after its merge (next-release.ts) both apply, so that
// the gate refuses before the merge what the release would refuse after it. An operation is named
// by its operationId alone in a code span (`getReputationScore`, not a word that contains it); all
// of them only by the fixed sentence "Affects every operation." (not "every operation" in passing),
// which covers the operations there were: an operation added is named, whatever else an entry says.

/** The sentence an entry says when it affects every operation. */
export const everyOperationSentence = 'Affects every operation.';

/** The section's entries: each `- ` item with the lines that continue it. */
export function changelogEntries(section: string): string[] {
  const found: string[] = [];
  for (const line of section.split('\n')) {
    if (/^[-*] /.test(line)) found.push(line);
    else if (found.length > 0 && /^\s+\S/.test(line)) found[found.length - 1] += `\n${line}`;
  }
  return found;
}

/** The code spans of an entry, each as written between its backticks. */
const codeSpans = (entry: string): Set<string> => new Set([...entry.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]));

/** Whether `entry` names `operationId` (alone in a code span) or, unless `added`, says it affects every operation. */
export function entryNames(entry: string, operationId: string, added = false): boolean {
  return (!added && entry.replace(/\s+/g, ' ').includes(everyOperationSentence)) || codeSpans(entry).has(operationId);
}

/** The operations of `affected` that no entry of `section` names, in order; those in `added` only by their operationId. */
export function unnamedOperations(section: string, affected: string[], added: readonly string[] = []): string[] {
  const entries = changelogEntries(section);
  return affected.filter((operationId) => !entries.some((entry) => entryNames(entry, operationId, added.includes(operationId))));
}
