// Reads an Overlay document (Overlay Specification 1.0.x or 1.1.x, YAML or JSON) that the user
// named, within the same limits as the description's own files, and checks its shape before
// anything is applied: every action has a target and exactly one of `update`, `remove` or `copy`.
// An overlay references nothing: a `$ref` in an update may only point into the description
// (`#/...`), and `extends` is never read or fetched. An update names nothing JavaScript objects
// have already (`hasOwnProperty`, `toString`: reservedNames).
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import { forTerminal } from '../escape.ts';
import { isRecord } from '../openapi-document.ts';
import { ReportedError } from '../project.ts';
import { sourceLimits } from '../lint/source-boundary.ts';
import { closestName } from '../closest-name.ts';
import { jsonSize, overlayLimits, readBounded } from './overlay-limits.ts';

export type ActionKind = 'update' | 'remove' | 'copy';

export interface OverlayAction {
  /** The action's position in `actions`, from 0. */
  index: number;
  /** Where the action starts in its file, from 1. */
  line: number;
  target: string;
  kind: ActionKind;
  /** The value to merge (`update`), or the JSONPath of the node to copy (`copy`). */
  value?: unknown;
  copyFrom?: string;
  /**
   * For `update`: the line of each key inside the value, by its JSON pointer below the target
   * (`/type` for `update: {type: int}`), so that a problem with one names the key's line.
   */
  valueLines?: Map<string, number>;
}

export interface Overlay {
  /** The file as messages show it. */
  file: string;
  /** `overlay`: the specification version, 1.0.x or 1.1.x. */
  version: string;
  title: string;
  /** The overlay's own version (`info.version`). */
  overlayVersion: string;
  actions: OverlayAction[];
}

/** The Overlay Specification versions this tool applies; `copy` came with 1.1.0. */
export const supportedVersions = /^1\.[01]\.\d+$/;

const actionFields = new Set(['target', 'description', 'update', 'remove', 'copy']);
const documentFields = new Set(['overlay', 'info', 'extends', 'actions']);
/** "; did you mean `update`?" for a field close to one of `fields`, else nothing. */
const meant = (key: string, fields: Set<string>) => {
  const name = closestName(key, fields);
  return name ? `; did you mean \`${name}\`?` : '';
};

/** A problem in an overlay file, at a line: `file:line: message`. */
export class OverlayError extends ReportedError {
  constructor(file: string, line: number | undefined, message: string) {
    // Targets, names and values come from the overlay: escaped for the terminal, on one line.
    super(forTerminal(`${file}${line ? `:${line}` : ''}: ${message}`));
  }
}

/** A parsed overlay file: its data, its YAML document, and the line of a node or a top-level key. */
interface ParsedOverlay {
  data: unknown;
  root: unknown;
  lineOf: (node: unknown) => number | undefined;
  at: (key: string) => number | undefined;
}

/** Reads `file` within its bounds and parses it, aliases expanded within theirs. */
function parseOverlayFile(file: string, shownAs: string): ParsedOverlay {
  const text = readBounded(file, shownAs);
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const lineOf = (node: unknown) => {
    const range = (node as Node | undefined)?.range;
    return range ? lines.linePos(range[0]).line : undefined;
  };
  if (document.errors.length > 0) {
    const [first] = document.errors;
    throw new OverlayError(shownAs, lines.linePos(first.pos[0]).line, `not YAML or JSON: ${first.message.split('\n')[0]}`);
  }
  let data: unknown;
  try {
    data = document.toJS({ maxAliasCount: sourceLimits.yamlAliases });
  } catch (error) {
    throw new OverlayError(shownAs, undefined, `refused: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (jsonSize(data, overlayLimits.expandedBytes) === Infinity)
    throw new OverlayError(
      shownAs,
      undefined,
      `refused: with its YAML aliases expanded it is more than ${overlayLimits.expandedBytes} bytes; write each value once, or fewer aliases of a large one`,
    );
  const root = document.contents;
  // A field's line is its key's: a block value (a list of actions) starts on the line after it.
  const keyOf = (key: string) => (isMap(root) ? root.items.find((pair) => isScalar(pair.key) && pair.key.value === key)?.key : undefined);
  return { data, root, lineOf, at: (key) => (isMap(root) ? lineOf((keyOf(key) as Node | undefined) ?? root.get(key, true)) : undefined) };
}

/** The overlay's version and info, checked; its top-level fields and its list of actions, checked. */
function checkHeader(
  { data, root, lineOf, at }: ParsedOverlay,
  shownAs: string,
): { version: string; info: { title: string; version: string }; actions: unknown[] } {
  if (!isRecord(data)) throw new OverlayError(shownAs, lineOf(root) ?? 1, 'not an overlay: the file is not a YAML or JSON object');
  if (!('overlay' in data)) {
    const what = 'openapi' in data ? ' (it is an OpenAPI description: an overlay says what to change in one)' : '';
    throw new OverlayError(shownAs, 1, `not an overlay: it has no \`overlay:\` version${what}`);
  }
  const version = String(data.overlay);
  if (typeof data.overlay === 'number') {
    const written = isMap(root) ? String((root.get('overlay', true) as { source?: unknown } | undefined)?.source ?? version) : version;
    throw new OverlayError(
      shownAs,
      at('overlay'),
      `\`overlay: ${written}\` is a YAML number (${version}), not a version; quote it, major.minor.patch: \`overlay: "1.0.0"\` or \`overlay: "1.1.0"\``,
    );
  }
  if (!supportedVersions.test(version))
    throw new OverlayError(
      shownAs,
      at('overlay'),
      /^1\.[01]$/.test(version)
        ? `overlay version ${JSON.stringify(version)} needs all three numbers: write "${version}.0"`
        : `overlay version ${JSON.stringify(version)} is not supported: use 1.0.0 or 1.1.0`,
    );
  const info = data.info;
  if (!isRecord(info) || typeof info.title !== 'string' || typeof info.version !== 'string')
    throw new OverlayError(shownAs, at('info') ?? 1, '`info` must have a `title` and a `version`, both strings');
  for (const key of Object.keys(data))
    if (!documentFields.has(key) && !key.startsWith('x-'))
      throw new OverlayError(shownAs, at(key), `\`${key}\` is not a field of an Overlay ${version} document${meant(key, documentFields)}`);
  if (!Array.isArray(data.actions) || data.actions.length === 0)
    throw new OverlayError(shownAs, at('actions') ?? 1, '`actions` must be a list of at least one action');
  return { version, info: { title: info.title, version: info.version }, actions: data.actions };
}

/** Action `index` (at `line`), checked: one kind, a JSONPath target, no reference outside the description. */
function readAction(action: unknown, index: number, line: number, version: string, shownAs: string): OverlayAction {
  const fail = (message: string): never => {
    throw new OverlayError(shownAs, line, `action ${index + 1}: ${message}`);
  };
  if (!isRecord(action)) return fail('an action must be an object');
  for (const key of Object.keys(action))
    if (!actionFields.has(key) && !key.startsWith('x-')) fail(`\`${key}\` is not a field of an action${meant(key, actionFields)}`);
  if (typeof action.target !== 'string' || !action.target.startsWith('$')) return fail('`target` must be a JSONPath expression starting with `$`');
  if ('remove' in action && typeof action.remove !== 'boolean') fail('`remove` must be true or false');
  if ('copy' in action && version.startsWith('1.0.')) fail('`copy` needs overlay version 1.1.0');
  const kinds = (['update', 'copy'] as const).filter((kind) => kind in action);
  if (action.remove === true) kinds.unshift('remove' as never);
  if (kinds.length === 0) fail('it has no `update`, `remove: true` or `copy`');
  if (kinds.length > 1) fail(`it has ${kinds.map((k) => `\`${k}\``).join(' and ')}; an action does one thing: ${twoActions(kinds)}`);
  const kind: ActionKind = action.remove === true ? 'remove' : kinds[0];
  if (kind === 'copy' && (typeof action.copy !== 'string' || !action.copy.startsWith('$'))) fail('`copy` must be a JSONPath expression starting with `$`');
  if (kind === 'update') {
    const outside = externalRef(action.update);
    if (outside !== undefined)
      fail(
        `\`$ref: ${JSON.stringify(outside)}\` points outside the description: an overlay's references may only be local (\`#/...\`); nothing is read or fetched`,
      );
  }
  return {
    index,
    line,
    target: action.target,
    kind,
    ...(kind === 'update' ? { value: action.update } : {}),
    ...(kind === 'copy' ? { copyFrom: action.copy as string } : {}),
  };
}

/** Reads and checks the overlay at `file`; `shownAs` is how messages name it. */
export function readOverlay(file: string, shownAs: string): Overlay {
  const parsed = parseOverlayFile(file, shownAs);
  const { version, info, actions } = checkHeader(parsed, shownAs);
  const actionsNode: unknown = isMap(parsed.root) ? parsed.root.get('actions', true) : undefined;
  const actionNodes = isSeq(actionsNode) ? actionsNode.items : [];
  return {
    file: shownAs,
    version,
    title: info.title,
    overlayVersion: info.version,
    actions: actions.map((action, index) => {
      const read = readAction(action, index, parsed.lineOf(actionNodes[index]) ?? 1, version, shownAs);
      const node = actionNodes[index];
      if (read.kind === 'update' && isMap(node)) {
        const reserved = reservedNameIn(node.get('update', true), parsed.lineOf);
        if (reserved)
          throw new OverlayError(
            shownAs,
            reserved.line ?? read.line,
            `action ${index + 1}: ${reserved.what} is a name every JavaScript object has already (Object.prototype's), which the generators and the tools would read as that, not as yours: rename it`,
          );
        read.valueLines = keyLines(node.get('update', true), parsed.lineOf);
      }
      return read;
    }),
  };
}

/**
 * The names an overlay may not give a field, a component, a parameter or a header: every name
 * Object.prototype has (`constructor`, `hasOwnProperty`, `toString`, `__proto__`...), which the
 * linters, the type generator and the build's own tables read from plain objects (a field named
 * `hasOwnProperty` crashed the lint, `toString` the MCP tools' table), and `prototype`. A
 * parameter's or a scheme's `name` is compared without case (a header's name has none).
 */
export const reservedNames: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);
const reservedLower = new Set([...reservedNames].map((name) => name.toLowerCase()));

/** The first key of `node`, or `name:` value, that is a reserved name, with its line. */
function reservedNameIn(node: unknown, lineOf: (node: unknown) => number | undefined): { what: string; line?: number } | undefined {
  if (isMap(node))
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      if (reservedNames.has(key)) return { what: `the key \`${key}\``, line: lineOf(pair.key) };
      if (key === 'name' && isScalar(pair.value) && reservedLower.has(String(pair.value.value).toLowerCase()))
        return { what: `the name \`${String(pair.value.value)}\``, line: lineOf(pair.value) };
      const found = reservedNameIn(pair.value, lineOf);
      if (found) return found;
    }
  else if (isSeq(node))
    for (const item of node.items) {
      const found = reservedNameIn(item, lineOf);
      if (found) return found;
    }
  return undefined;
}

/** The line of each key (and list item) inside a YAML node, by its JSON pointer from that node. */
function keyLines(node: unknown, lineOf: (node: unknown) => number | undefined): Map<string, number> {
  const lines = new Map<string, number>();
  const walk = (current: unknown, at: string) => {
    if (isMap(current))
      for (const pair of current.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        const here = `${at}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
        const line = lineOf(pair.key);
        if (line !== undefined) lines.set(here, line);
        walk(pair.value, here);
      }
    else if (isSeq(current))
      current.items.forEach((item, i) => {
        const line = lineOf(item);
        if (line !== undefined) lines.set(`${at}/${i}`, line);
        walk(item, `${at}/${i}`);
      });
  };
  walk(node, '');
  return lines;
}

/** What to write instead of an action with two kinds. */
function twoActions(kinds: ActionKind[]): string {
  if (kinds.includes('remove'))
    return `to replace the node, write one action with \`remove: true\` for it and, after it, one that \`${kinds.find((k) => k !== 'remove')}\`s its parent with the new value`;
  return 'write two actions with the same target, one with `update`, one with `copy`';
}

/** The first `$ref` in `value` that does not point into the document itself. */
function externalRef(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = externalRef(item);
      if (found !== undefined) return found;
    }
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && (typeof item !== 'string' || !item.startsWith('#'))) return String(item);
      const found = externalRef(item);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
