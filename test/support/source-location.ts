// Where in the split source (openapi/) a JSON pointer into the bundle comes from, as file:line:column:
// a path item comes from the file its `$ref` in openapi.yaml names, a component from
// components/<kind>/<Name>.yaml, the rest from openapi.yaml. Reads through the project's in-memory
// overlay, so a mutant's breach points at the mutated text.
import fs from 'node:fs';
import path from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import { type Project, shown } from '../../scripts/project.ts';

const read = (project: Project, file: string) => project.sourceOverlay.get(file) ?? fs.readFileSync(file, 'utf8');

/** The segments of a JSON pointer (`#/a/b~1c` -> ['a', 'b/c']). */
const segmentsOf = (pointer: string) =>
  pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter((segment, index, all) => segment !== '' || all.length > 1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));

/** The source file a pointer's object comes from, and the rest of the pointer within it. */
function sourceFileOf(project: Project, segments: string[]): { file: string; rest: string[] } {
  const sourceDir = path.dirname(project.sourceEntry);
  if (segments[0] === 'paths' && segments.length >= 2) {
    const entry = parseDocument(read(project, project.sourceEntry)).toJS() as { paths?: Record<string, { $ref?: string }> };
    const ref = entry?.paths?.[segments[1]]?.$ref;
    if (ref) return { file: path.join(sourceDir, ref), rest: segments.slice(2) };
  }
  if (segments[0] === 'components' && segments.length >= 3) {
    const file = path.join(sourceDir, 'components', segments[1], `${segments[2]}.yaml`);
    if (project.sourceOverlay.has(file) || fs.existsSync(file)) return { file, rest: segments.slice(3) };
  }
  return { file: project.sourceEntry, rest: segments };
}

/** `openapi/paths/v1_quotas.yaml:9:3` for the deepest key of `pointer` that the source has. */
export function sourceLocation(project: Project, pointer: string): string {
  const { file, rest } = sourceFileOf(project, segmentsOf(pointer));
  const lineCounter = new LineCounter();
  const document = parseDocument(read(project, file), { lineCounter });
  let node = document.contents as Node | null;
  let offset = node?.range?.[0] ?? 0;
  for (const segment of rest) {
    if (isMap(node)) {
      const pair = node.items.find((item) => (isScalar(item.key) ? String(item.key.value) : String(item.key)) === segment);
      if (!pair) break;
      offset = (pair.key as Node).range?.[0] ?? offset;
      node = pair.value as Node | null;
    } else if (isSeq(node)) {
      const item = node.items[Number(segment)] as Node | undefined;
      if (!item) break;
      offset = item.range?.[0] ?? offset;
      node = item;
    } else break;
  }
  const { line, col } = lineCounter.linePos(offset);
  return `${shown(project, file)}:${line}:${col}`;
}
