// Where in the split source (openapi/) a JSON pointer into the bundle comes from: a path item comes
// from the file its `$ref` in openapi.yaml names, a component from components/<kind>/<Name>.yaml,
// the rest from openapi.yaml. Reads through the project's in-memory overlay, so a mutant's breach
// points at the mutated text. Given a sentence of a text value, it points at that sentence's line.
import fs from 'node:fs';
import path from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import { pointerSegments } from '../openapi-document.ts';
import { type Project, shown } from '../project.ts';

export interface SourceLocation {
  /** The file as messages show it: relative to the project's root. */
  file: string;
  line: number;
  col: number;
}

/** Parses each source file once per locator: a lint with many breaches reads each file once. */
export function sourceLocator(project: Project): (at: string, text?: string) => SourceLocation {
  const parsed = new Map<string, { text: string; document: ReturnType<typeof parseDocument>; lines: LineCounter }>();
  const read = (file: string) => {
    let entry = parsed.get(file);
    if (!entry) {
      const text = project.sourceOverlay.get(file) ?? fs.readFileSync(file, 'utf8');
      const lines = new LineCounter();
      entry = { text, document: parseDocument(text, { lineCounter: lines }), lines };
      parsed.set(file, entry);
    }
    return entry;
  };
  const sourceDir = path.dirname(project.sourceEntry);

  /** The source file a pointer's object comes from, and the rest of the pointer within it. */
  const sourceFileOf = (segments: string[]): { file: string; rest: string[] } => {
    if (segments[0] === 'paths' && segments.length >= 2) {
      const ref = (read(project.sourceEntry).document.toJS() as { paths?: Record<string, { $ref?: unknown }> })?.paths?.[segments[1]]?.$ref;
      if (typeof ref === 'string') return { file: path.join(sourceDir, ref), rest: segments.slice(2) };
    }
    if (segments[0] === 'components' && segments.length >= 3) {
      const file = path.join(sourceDir, 'components', segments[1], `${segments[2]}.yaml`);
      if (project.sourceOverlay.has(file) || fs.existsSync(file)) return { file, rest: segments.slice(3) };
    }
    return { file: project.sourceEntry, rest: segments };
  };

  return (at, text) => {
    const { file, rest } = sourceFileOf(pointerSegments(at));
    const source = read(file);
    let node = source.document.contents as Node | null;
    let offset = node?.range?.[0] ?? 0;
    let reached = true;
    for (const segment of rest) {
      if (isMap(node)) {
        const pair = node.items.find((item) => (isScalar(item.key) ? String(item.key.value) : String(item.key)) === segment);
        if (!pair) {
          reached = false;
          break;
        }
        offset = (pair.key as Node).range?.[0] ?? offset;
        node = pair.value as Node | null;
      } else if (isSeq(node)) {
        const item = node.items[Number(segment)] as Node | undefined;
        if (!item) {
          reached = false;
          break;
        }
        offset = item.range?.[0] ?? offset;
        node = item;
      } else {
        reached = false;
        break;
      }
    }
    // A sentence inside a text value: its first words, wherever the value's lines wrap them.
    if (reached && text && isScalar(node) && node.range) {
      const words = text.split(/\s+/).filter(Boolean).slice(0, 6);
      const pattern = new RegExp(words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+'));
      const found = pattern.exec(source.text.slice(node.range[0], node.range[1]));
      if (found) offset = node.range[0] + found.index;
    }
    const { line, col } = source.lines.linePos(offset);
    return { file: shown(project, file), line, col };
  };
}
