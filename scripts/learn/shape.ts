// The shape of the JSON values seen at one place of a body, merged over every exchange: which JSON
// types, which fields (by name, each a shape), the items of a list, the values of a map. Only
// types and names are kept, never a value. Merging is commutative and associative (counts add,
// types and flags are unions), so the exchanges give the same shape in any order; whether an
// object is a map is decided per value (its keys look like values, field-names.ts) and an object
// seen as a map anywhere is written as one.
import { learnLimits } from './learn-limits.ts';
import { nameVerdict } from './field-names.ts';

export const jsonType = { null: 1, boolean: 2, integer: 4, number: 8, string: 16, array: 32, object: 64 } as const;

export interface Shape {
  /** Values seen here. */
  count: number;
  /** The JSON types seen, as jsonType bits. */
  types: number;
  /** Fields of the objects seen here, by name. */
  fields?: Map<string, Shape>;
  /** The values of the objects seen here as maps (their keys looked like values, or there were too many). */
  map?: Shape;
  /** Items of the lists seen here. */
  items?: Shape;
  /** Names seen here that were not written (unsafe), with how often. */
  dropped?: Map<string, number>;
  /** Whether an object here had keys that look like values. */
  valueKeyed?: boolean;
  /** Whether values here were below the depth learned. */
  deep?: boolean;
}

export const emptyShape = (): Shape => ({ count: 0, types: 0 });

/** The JSON type bit of `value`. */
function typeOf(value: unknown): number {
  if (value === null) return jsonType.null;
  if (Array.isArray(value)) return jsonType.array;
  switch (typeof value) {
    case 'boolean':
      return jsonType.boolean;
    case 'number':
      return Number.isInteger(value) ? jsonType.integer : jsonType.number;
    case 'string':
      return jsonType.string;
    default:
      return jsonType.object;
  }
}

/** The items of a list that are learned: a list's first 1000 (its order is the exchange's own). */
const itemsLearned = 1000;

/** Adds `value` to `shape`, `depth` levels down the body. */
export function observe(shape: Shape, value: unknown, depth = 0): void {
  shape.count++;
  const type = typeOf(value);
  shape.types |= type;
  if (type !== jsonType.array && type !== jsonType.object) return;
  if (depth >= learnLimits.depth) {
    shape.deep = true;
    return;
  }
  if (Array.isArray(value)) {
    shape.items ??= emptyShape();
    for (const item of value.slice(0, itemsLearned)) observe(shape.items, item, depth + 1);
    return;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > learnLimits.fields || entries.some(([key]) => nameVerdict(key) === 'value')) {
    shape.valueKeyed ||= entries.length <= learnLimits.fields;
    shape.map ??= emptyShape();
    for (const [, item] of entries.slice(0, itemsLearned)) observe(shape.map, item, depth + 1);
    return;
  }
  shape.fields ??= new Map();
  for (const [key, item] of entries) {
    if (nameVerdict(key) !== undefined) {
      shape.dropped ??= new Map();
      shape.dropped.set(key, (shape.dropped.get(key) ?? 0) + 1);
      continue;
    }
    let field = shape.fields.get(key);
    if (!field) shape.fields.set(key, (field = emptyShape()));
    observe(field, item, depth + 1);
  }
  // Too many distinct names over all the objects seen here: a map too (its names are values).
  if (shape.fields.size > learnLimits.fields) {
    shape.map = merged(shape.map ?? emptyShape(), ...shape.fields.values());
    shape.fields = undefined;
  }
}

/** `into` with every shape of `from` merged in (a new shape; the arguments are left as they were). */
export function merged(into: Shape, ...from: Shape[]): Shape {
  const result: Shape = { ...into, fields: into.fields && new Map(into.fields), dropped: into.dropped && new Map(into.dropped) };
  for (const shape of from) {
    result.count += shape.count;
    result.types |= shape.types;
    result.valueKeyed ||= shape.valueKeyed;
    result.deep ||= shape.deep;
    if (shape.items) result.items = merged(result.items ?? emptyShape(), shape.items);
    if (shape.map) result.map = merged(result.map ?? emptyShape(), shape.map);
    for (const [name, count] of shape.dropped ?? []) (result.dropped ??= new Map()).set(name, (result.dropped.get(name) ?? 0) + count);
    for (const [name, field] of shape.fields ?? []) {
      result.fields ??= new Map();
      const had = result.fields.get(name);
      result.fields.set(name, had ? merged(had, field) : field);
    }
  }
  for (const key of ['fields', 'dropped', 'items', 'map', 'valueKeyed', 'deep'] as const) if (result[key] === undefined) delete result[key];
  return result;
}

/** What a shape says that is not written as a field: names dropped, maps, values below the depth learned; each with its place. */
export interface ShapeNotes {
  /** Unsafe names, shown (field-names.ts' shownName), with how often and where. */
  dropped: { at: string; name: string; count: number }[];
  /** Places whose objects are written as maps (their keys look like values). */
  maps: string[];
  /** Places below which nothing is learned (deeper than learnLimits.depth). */
  deep: string[];
}

const typeOrder: [keyof typeof jsonType, number][] = Object.entries(jsonType).map(([name, bit]) => [name as keyof typeof jsonType, bit]);

/** The `type` of a schema for `bits`: one name, or a list of them (`integer` within `number` is `number`). */
function typeKeyword(bits: number): string | string[] | undefined {
  const own = bits & jsonType.number ? bits & ~jsonType.integer : bits;
  const names = ['object', 'array', 'string', 'number', 'integer', 'boolean', 'null'].filter((name) =>
    typeOrder.some(([key, bit]) => key === name && own & bit),
  );
  return names.length === 0 ? undefined : names.length === 1 ? names[0] : names;
}

/** The JSON Schema of `shape` (types, fields, items, map values; never a value), with its notes at `at`. */
export function schemaOf(shape: Shape, notes: ShapeNotes, at = '$'): Record<string, unknown> {
  const schema: Record<string, unknown> = {};
  const type = typeKeyword(shape.types);
  if (type !== undefined) schema.type = type;
  if (shape.deep) notes.deep.push(at);
  for (const [name, count] of [...(shape.dropped ?? [])].sort(([a], [b]) => compare(a, b))) notes.dropped.push({ at, name, count });
  if (shape.map) {
    // Seen as a map anywhere: every object here is one, its fields' values among the map's values.
    notes.maps.push(at);
    const values = merged(shape.map, ...(shape.fields?.values() ?? []));
    schema.additionalProperties = values.types === 0 ? {} : schemaOf(values, notes, `${at}.*`);
  } else if (shape.fields && shape.fields.size > 0) {
    const properties: Record<string, unknown> = {};
    for (const name of [...shape.fields.keys()].sort(compare)) properties[name] = schemaOf(shape.fields.get(name)!, notes, `${at}.${name}`);
    schema.properties = properties;
  }
  // A list seen only empty: its items are not known, and a list schema names its items (`{}`: any).
  if (shape.types & jsonType.array) schema.items = shape.items && shape.items.types !== 0 ? schemaOf(shape.items, notes, `${at}[]`) : {};
  return schema;
}

/** Code-unit order, the same on every machine (no locale). */
export const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The scalar kind of a query or header value, as jsonType bits: a whole number, a number, true or false, else a string. */
export function scalarKind(value: string): number {
  if (/^-?(0|[1-9]\d{0,15})$/.test(value)) return jsonType.integer;
  if (/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(value) && value.length <= 32) return jsonType.number;
  if (value === 'true' || value === 'false') return jsonType.boolean;
  return jsonType.string;
}

/** The one `type` of a parameter whose values were of `bits` kinds: any string makes it a string. */
export function scalarType(bits: number): string {
  if (bits & jsonType.string || bits === 0) return 'string';
  if (bits & jsonType.boolean) return bits === jsonType.boolean ? 'boolean' : 'string';
  return bits & jsonType.number ? 'number' : 'integer';
}
