// One place per fact: a count the READMEs and docs state (operations, areas, parts of the interface
// document, mutations) is the count of the table it comes from, so a page that goes stale when an
// operation is added fails here. (docs/speed.md is left out: its figures are measurements of a
// given commit. CHANGELOG.md too: each section is history.)
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mutations } from '../../scripts/dev/mutations.ts';
import { areas, operations } from '../../scripts/stated/operations.ts';
import { documentParts } from '../../scripts/stated/overview.ts';
import { root } from '../support/helpers.ts';
import { filesNotIgnored } from '../support/files-not-ignored.ts';

const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const tens = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
/** `29`, `twenty-nine`, `Ten` -> the number. */
function numberOf(text: string): number {
  if (/^\d+$/.test(text)) return Number(text);
  const [ten, unit] = text.toLowerCase().split('-');
  if (unit !== undefined) return tens.indexOf(ten) * 10 + words.indexOf(unit);
  return words.includes(ten) ? words.indexOf(ten) : tens.indexOf(ten) * 10;
}

const number = `(\\d+|(?:${[...tens.filter(Boolean), ...words].join('|')})(?:-(?:${words.join('|')}))?)`;
/** What each count is: its pattern (the number is the first group) and its value from the table. */
const counts: { what: string; pattern: RegExp; value: number }[] = [
  { what: 'operations', pattern: new RegExp(`\\b${number} operations\\b`, 'gi'), value: operations.length },
  { what: 'areas', pattern: new RegExp(`\\b${number} areas\\b`, 'gi'), value: areas.length },
  { what: 'parts', pattern: new RegExp(`\\b${number} parts\\b`, 'gi'), value: documentParts.length },
  { what: 'mistakes', pattern: new RegExp(`\\b${number} small mistakes\\b`, 'gi'), value: mutations.filter((m) => !m.neutral).length },
  { what: 'rewordings', pattern: new RegExp(`\\b${number} neutral rewordings\\b`, 'gi'), value: mutations.filter((m) => m.neutral).length },
];

/** The Markdown pages that state facts about the project: the READMEs and docs/, but for docs/speed.md. */
function pages(): string[] {
  return filesNotIgnored().filter((file) => {
    const relative = path.relative(root, file);
    return !relative.startsWith(`generated${path.sep}`) && relative.endsWith('.md') && !['CHANGELOG.md', 'speed.md'].includes(path.basename(file));
  });
}

/** Each count in `text` that is not the table's. */
function staleCounts(text: string): string[] {
  return counts.flatMap(({ what, pattern, value }) =>
    [...text.matchAll(pattern)].filter((match) => numberOf(match[1]) !== value).map((match) => `"${match[0]}" (the table has ${value} ${what})`),
  );
}

describe('counts in the READMEs and docs', () => {
  it('are the counts of the tables they come from', () => {
    const stale = pages().flatMap((file) => staleCounts(fs.readFileSync(file, 'utf8')).map((count) => `${path.relative(root, file)}: ${count}`));
    expect(stale).toEqual([]);
  });

  it('are read, in digits and in words', () => {
    expect(staleCounts(`its ${operations.length} operations in ${words[areas.length]} areas`)).toEqual([]);
    // The areas' count in words, capitalised: right whatever the table holds.
    const areasInWords = `${words[areas.length].charAt(0).toUpperCase()}${words[areas.length].slice(1)}`;
    expect(staleCounts(`its ${operations.length + 1} operations, ${areasInWords} areas and twenty-nine parts`)).toEqual([
      `"${operations.length + 1} operations" (the table has ${operations.length} operations)`,
      `"twenty-nine parts" (the table has ${documentParts.length} parts)`,
    ]);
  });
});
