// Where a sentence of a text value starts in its source file: the engine locates the value (a
// description in a path item's file, a component's file or openapi.yaml), and the sentence's first
// words are found within it, wherever the value's lines wrap them. A problem about one sentence
// (the prose rules', an overview row's) is reported there, not at the start of the text.
import { getLineColLocation, type LineColLocationObject, type Location } from '@redocly/openapi-core';

const lineStarts = (body: string): number[] => [0, ...[...body.matchAll(/\n/g)].map((match) => match.index + 1)];

/** The location of `sentence` within the text value at `location`; the value's own where it is not found. */
export function sentenceLocation(location: Location, sentence: string): LineColLocationObject | Location {
  const { start, end } = getLineColLocation(location) as LineColLocationObject;
  const body = location.source.body;
  const starts = lineStarts(body);
  const offset = (line: number, col: number) => (starts[line - 1] ?? 0) + col - 1;
  const from = offset(start.line, start.col);
  const to = end ? offset(end.line, end.col) : body.length;
  const words = sentence.split(/\s+/).filter(Boolean).slice(0, 6);
  const pattern = new RegExp(words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+'));
  const found = pattern.exec(body.slice(from, to));
  if (!found) return location;
  const at = from + found.index;
  const line = starts.findLastIndex((lineStart) => lineStart <= at);
  return { source: location.source, pointer: undefined, start: { line: line + 1, col: at - starts[line] + 1 } };
}
