// What to say when an action's target selects nothing: the target is followed, segment by segment,
// as long as its segments are names, indices or wildcards (or a filter `?@.key == 'value'`); at the
// segment that selects nothing, the closest existing name (or value) is suggested, with the target
// as it would read with it.
import parse from 'jsonpath-rfc9535/parser';
import { closeEnough, closestName } from '../closest-name.ts';
import { isRecord } from '../openapi-document.ts';

interface Selector {
  type: string;
  value?: unknown;
}
interface Segment {
  type: string;
  node: Selector & { selectors?: Selector[] };
}
/** A node of a parsed filter expression: a query (its segments) or a literal (its value). */
interface QueryNode {
  type?: string;
  value?: unknown;
  segments?: Segment[];
}

/** A sentence that helps the user fix `expression`, which selects nothing in `document`. */
export function nothingSelectedHint(document: unknown, expression: string): string {
  const generic = 'the target selects nothing in the description; check it against docs/overlays.md';
  let segments: Segment[];
  try {
    segments = (parse(expression) as unknown as { segments: Segment[] }).segments;
  } catch {
    return generic;
  }
  let nodes: unknown[] = [document];
  let prefix = '$';
  for (const segment of segments) {
    if (segment.type !== 'ChildSegment') return generic;
    const selectors = segment.node.type === 'BracketedSelection' ? (segment.node.selectors ?? []) : [segment.node];
    const next = selectors.flatMap((selector) => step(nodes, selector));
    if (next.some((item) => item === undefined)) return generic;
    if (next.length === 0) return suggestion(nodes, selectors, prefix, expression) ?? generic;
    nodes = next;
    prefix += segmentText(selectors);
  }
  return generic;
}

/** The children `selector` selects in `nodes`; [undefined] for a selector this does not follow. */
function step(nodes: unknown[], selector: Selector): unknown[] {
  if (selector.type === 'MemberNameShorthand' || selector.type === 'NameSelector')
    return nodes.filter(isRecord).flatMap((node) => (Object.hasOwn(node, String(selector.value)) ? [node[String(selector.value)]] : []));
  if (selector.type === 'IndexSelector')
    return nodes.filter(Array.isArray).flatMap((node) => (Number(selector.value) < node.length ? [node.at(Number(selector.value))] : []));
  if (selector.type === 'WildcardSelector') return nodes.flatMap((node) => (Array.isArray(node) ? node : isRecord(node) ? Object.values(node) : []));
  const filter = keyFilter(selector);
  if (filter) return nodes.filter(Array.isArray).flatMap((node) => node.filter((item) => isRecord(item) && item[filter.key] === filter.value));
  return [undefined];
}

/** `?@.key == 'value'` as its key and value. */
function keyFilter(selector: Selector): { key: string; value: unknown } | undefined {
  const expression = selector.type === 'FilterSelector' ? (selector.value as { type?: string; op?: string; left?: QueryNode; right?: QueryNode }) : undefined;
  if (expression?.type !== 'ComparisonExpr' || expression.op !== '==' || expression.right?.type !== 'Literal') return undefined;
  const path = expression.left?.type === 'RelSingularQuery' ? (expression.left.segments ?? []) : [];
  if (path.length !== 1 || path[0].node.type !== 'MemberNameShorthand') return undefined;
  return { key: String(path[0].node.value), value: expression.right.value };
}

/** The closest existing name or value to the one that selects nothing, as a sentence; undefined when none is close. */
function suggestion(nodes: unknown[], selectors: Selector[], prefix: string, expression: string): string | undefined {
  const [selector] = selectors;
  const filter = keyFilter(selector);
  const wanted = filter ? String(filter.value) : String(selector.value);
  const existing = filter
    ? nodes
        .filter(Array.isArray)
        .flatMap((node) => node.flatMap((item) => (isRecord(item) && typeof item[filter.key] === 'string' ? [item[filter.key] as string] : [])))
    : nodes.filter(isRecord).flatMap((node) => Object.keys(node));
  if (selectors.length !== 1 || existing.length === 0) return undefined;
  // Bounded: names close in length only, and a limited number of them (closestName bounds `wanted`).
  const most = closeEnough(wanted);
  const closest = closestName(wanted, existing.filter((name) => Math.abs(name.length - wanted.length) <= most).slice(0, 2000));
  const where = filter ? `no item of ${prefix} has ${filter.key} ${JSON.stringify(wanted)}` : `${prefix} has no ${JSON.stringify(wanted)}`;
  if (closest === undefined) {
    const some = [...new Set(existing)]
      .slice(0, 8)
      .map((name) => (name.length > 60 ? `${name.slice(0, 60)}...` : name))
      .join(', ');
    return `the target selects nothing: ${where}; it has ${some}${existing.length > 8 ? ', ...' : ''}`;
  }
  const at = expression.lastIndexOf(wanted);
  const corrected = at >= 0 ? `${expression.slice(0, at)}${closest}${expression.slice(at + wanted.length)}` : undefined;
  return `the target selects nothing: ${where}; did you mean ${JSON.stringify(closest)}${corrected ? ` (target: ${corrected})` : ''}?`;
}

function segmentText(selectors: Selector[]): string {
  const one = (selector: Selector) =>
    selector.type === 'WildcardSelector' ? '*' : selector.type === 'IndexSelector' ? String(selector.value) : `'${String(selector.value)}'`;
  if (selectors.length === 1 && (selectors[0].type === 'MemberNameShorthand' || selectors[0].type === 'NameSelector')) {
    const name = String(selectors[0].value);
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return `.${name}`;
  }
  return `[${selectors.map(one).join(',')}]`;
}
