// `npm run lint -- --fix`: writes each wording faithful/prose wants (scripts/stated/
// open-wordings.ts) into the source, in place of the text that differs: an operation's description
// after its lead, a payload schema's after its lead, an area's, a shared component's; a missing
// text the contract writes whole is added. Leads are the author's and are never rewritten. Each
// value is spliced into its file's text (the rest of the file stays byte for byte), the file is
// read back to check that it holds exactly the wording, and only then written, by rename
// (scripts/write-atomically.ts, keeping its mode); a file that does not read back is left as it was, and named.
import fs from 'node:fs';
import path from 'node:path';
import { createConfig, lint } from '@redocly/openapi-core';
import { type Document, isMap, isScalar, parseDocument } from 'yaml';
import { pointerSegments } from '../openapi-document.ts';
import { type Project, ReportedError, shown } from '../project.ts';
import { type WordingFix, wordingFixes } from './contract/rules/closed-prose.ts';
import { faithfulPlugin } from './faithful.ts';
import { redoclySession } from './redocly.ts';
import { readSource } from './source-boundary.ts';
import { writeAtomically } from '../write-atomically.ts';

/** The wordings faithful/prose wants where the source differs, from one lint of the source with that rule alone. */
async function collectFixes(project: Project): Promise<WordingFix[]> {
  const source = await readSource(project);
  if (source.problems.length > 0)
    throw new ReportedError('the source boundary refused what the description references: run `npm run lint` for each file and line');
  const fixes: WordingFix[] = [];
  const fixesKey = `${process.pid}-${performance.now()}`;
  wordingFixes.set(fixesKey, fixes);
  try {
    const config = await createConfig({ rules: { 'faithful/prose': { severity: 'error', fixesKey } } }, { plugins: [faithfulPlugin] });
    const session = redoclySession(project, config, source.files);
    await lint({ ref: project.sourceEntry, config, externalRefResolver: session.resolver });
    return fixes;
  } finally {
    wordingFixes.delete(fixesKey);
  }
}

/** `text` as a YAML block scalar whose lines start at `indent`: literal when it has lines of its own, else folded at about 100 columns. */
function blockScalar(text: string, indent: string): string {
  if (text.includes('\n'))
    return `|${text.endsWith('\n') ? '' : '-'}\n${text
      .replace(/\n$/, '')
      .split('\n')
      .map((line) => (line ? `${indent}${line}` : ''))
      .join('\n')}`;
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && indent.length + last.length + 1 + word.length <= 100) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return `>-\n${lines.map((line) => `${indent}${line}`).join('\n')}`;
}

/** Where a fix goes in the file's text: the range of the text it replaces, or, for a missing one, the line to insert its key at. */
type Placed = { text: string; start: number; end: number; insertKey?: string };

/** Finds where `fix` goes in `document` (the file's text parsed): its value (a scalar), or the first key of the mapping that lacks it. */
function place(document: Document, fix: Pick<WordingFix, 'pointer' | 'text'>): Placed | undefined {
  const segments = pointerSegments(fix.pointer);
  const node = document.getIn(segments, true);
  if (isScalar(node) && node.range) {
    // A text that ended in a line break (a `|` block) keeps it.
    const wording = String(node.value).endsWith('\n') && !fix.text.endsWith('\n') ? `${fix.text}\n` : fix.text;
    return { text: wording, start: node.range[0], end: node.range[1] };
  }
  const holder = document.getIn(segments.slice(0, -1), true);
  const firstKey = isMap(holder) ? (holder.items[0]?.key as { range?: [number, number, number] } | undefined) : undefined;
  if (node !== undefined || !firstKey?.range) return undefined;
  return { text: fix.text, start: firstKey.range[0], end: firstKey.range[0], insertKey: segments.at(-1) };
}

/**
 * `text` with the values at `fixes`' pointers replaced by their wordings (or, where a text is
 * missing, added as the first key of its mapping); undefined when one is not a text written as a
 * block or on its key's line with nothing after it (a comment would move), or does not read back.
 * Line breaks stay the file's own (LF or CRLF).
 */
export function spliceWordings(fileText: string, fixes: Pick<WordingFix, 'pointer' | 'text'>[]): string | undefined {
  const crlf = fileText.includes('\r\n');
  const text = crlf ? fileText.replaceAll('\r\n', '\n') : fileText;
  const document = parseDocument(text);
  const found = fixes.flatMap((fix) => place(document, fix) ?? []);
  let result = text;
  // From the end of the file, so that each range still points where it did.
  for (const { start, end, text: wording, insertKey } of found.sort((a, b) => b.start - a.start)) {
    const lineStart = result.lastIndexOf('\n', start - 1) + 1;
    // The key's own column: after the `- ` of a sequence's item (`  - name: x` holds its keys at 4).
    const keyIndent = ' '.repeat(/^(?: *- +)* */.exec(result.slice(lineStart))![0].length);
    if (insertKey !== undefined) {
      result = `${result.slice(0, start)}${insertKey}: ${blockScalar(wording, `${keyIndent}  `)}\n${keyIndent}${result.slice(start)}`;
      continue;
    }
    // A block scalar's range ends after its last line break; a plain or quoted one's before it, and
    // only blanks may follow it on its line.
    const block = result[end - 1] === '\n';
    if (!block && !/^[^\S\n]*(?:\n|$)/.test(result.slice(end))) return undefined;
    const after = block ? result.slice(end) : result.slice(end).replace(/^[^\S\n]*\n?/, '');
    result = `${result.slice(0, start)}${blockScalar(wording, `${keyIndent}  `)}\n${after}`;
  }
  const parsed = parseDocument(result);
  const holds = (fix: Pick<WordingFix, 'pointer' | 'text'>) =>
    String(parsed.getIn(pointerSegments(fix.pointer))).replace(/\n$/, '') === fix.text.replace(/\n$/, '');
  if (parsed.errors.length > 0 || found.length !== fixes.length || !fixes.every(holds)) return undefined;
  return crlf ? result.replaceAll('\n', '\r\n') : result;
}

/**
 * Writes every wording the source lacks, file by file, each file only once it reads back; returns
 * each file it changed (as shown) and the number of texts. A file that cannot be written is left
 * as it was; the error then names it, its texts and the files that were written.
 */
export async function fixWordings(project: Project): Promise<{ files: string[]; texts: number }> {
  const byFile = Map.groupBy(await collectFixes(project), (fix) => fix.file);
  const written: string[] = [];
  const refused: string[] = [];
  let texts = 0;
  for (const [file, fixes] of byFile) {
    if (path.relative(path.dirname(project.sourceEntry), file).startsWith('..')) continue;
    const fixed = spliceWordings(fs.readFileSync(file, 'utf8'), fixes);
    if (fixed === undefined) {
      refused.push(`${shown(project, file)} (at ${fixes.map((fix) => fix.pointer).join(', ')})`);
      continue;
    }
    try {
      await writeAtomically(file, fixed, { shownAs: shown(project, file), mode: fs.statSync(file).mode & 0o777 });
    } catch (error) {
      if (!(error instanceof ReportedError)) throw error;
      throw new ReportedError(`${error.message}, so it is as it was${written.length ? `; wrote ${written.join(', ')}` : ''}`);
    }
    written.push(shown(project, file));
    texts += fixes.length;
  }
  if (refused.length > 0)
    throw new ReportedError(
      `could not write the wordings of ${refused.join(', ')} and read them back (a comment after the text, a flow mapping?), so they are as they were: paste them from \`npm run lint\`${written.length ? `; wrote ${written.join(', ')}` : ''}`,
    );
  return { files: written, texts };
}
