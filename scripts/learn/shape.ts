// The shape of the JSON values seen at one place of a body, merged over every exchange: which JSON
// types, which fields (by name, each a shape), the items of a list, the values of a map. Only
// types and names are kept, never a value. Merging is commutative and associative (counts add,
// types and flags are unions), so the exchanges give the same shape in any order; whether an
// object is a map is decided per value (a key that looks like a value or is not a plain name,
// field-names.ts, or more than learnLimits.fields keys) and an object seen as a map anywhere is
// written as one: from then on the place is kept as a map only, its fields folded into its values,
// so that no place holds more than learnLimits.fields names however many exchanges come.
//
// A body holds at most learnLimits.bodyPlaces places while it is read, all levels together: each
// field is counted as the traffic shows it (its path of names from the body's root, an object keyed
// by values as one `*`), by a hash of that path, level by level; past the bound, the deepest level
// learned is left open until the rest fit. Those paths are a function of the exchanges alone, never
// of their order, so the level a body is learned to is too; and a shape learned to a level is the
// shape learned to a deeper one, cut there: what is kept is the same in any order.
import { learnLimits } from './learn-limits.ts';
import { keysShareValueShape, nameVerdict, reservedNames, shownDropped } from './field-names.ts';
import { compare, KeptCounts } from './smallest-keys.ts';

export const jsonType = { null: 1, boolean: 2, integer: 4, number: 8, string: 16, array: 32, object: 64 } as const;

export interface Shape {
  /** Values seen here. */
  count: number;
  /** The JSON types seen, as jsonType bits. */
  types: number;
  /** Fields of the objects seen here, by name (never beside `map`). */
  fields?: Map<string, Shape>;
  /** The values of the objects seen here as maps (their keys looked like values, or there were too many). */
  map?: Shape;
  /** Items of the lists seen here. */
  items?: Shape;
  /** Keys of the objects seen here, all counted (for a map: how many were folded into its values). */
  keys?: number;
  /** Keys seen here that a message names (reserved, or code by its offending characters: shownDropped), with how often: the first learnLimits.kept in name order, the rest counted. */
  dropped?: KeptCounts;
  /** Whether values here were below the depth learned. */
  deep?: boolean;
  /** The hash of this place's path as the traffic shows it, where it has one path (no map above it). */
  path?: number;
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

/** The items of a list, and the values of a map, that are learned: the first 1000 (their order is the exchange's own). */
const itemsLearned = 1000;

/** Whether an object with these keys is a map: too many, ids side by side, or one that is a value or not a plain name. */
const isMapKeyed = (keys: string[]) =>
  keys.length > learnLimits.fields ||
  keysShareValueShape(keys) ||
  keys.some((key) => {
    const verdict = nameVerdict(key);
    return verdict === 'value' || verdict === 'code';
  });

/** Letters, digits, `_` and `-`, starting with a letter or `_`: never code. */
const plainCharacters = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** Notes a key a message may name (reserved, or code by its offending characters: shownDropped), the first learnLimits.kept in that order; a value's or text's is never kept. True for a reserved one. */
function noteKey(shape: Shape, key: string): boolean {
  // Plain characters: never code, and reserved only where it is one of those names (a map's keys are many, and each new).
  if (plainCharacters.test(key) && !reservedNames.has(key)) return false;
  const verdict = nameVerdict(key);
  if (verdict === 'reserved' || verdict === 'code') (shape.dropped ??= new KeptCounts(learnLimits.kept)).add(shownDropped(key, verdict));
  return verdict === 'reserved';
}

/** One body place (an operation's success, error or request body): its shape, the level it is learned to, its fields' paths counted by level. */
export interface BodyShape {
  shape: Shape;
  /** How deep values are learned: objects and lists at this depth are left open (learnLimits.depth, or less past learnLimits.bodyPlaces). */
  level: number;
  /** The hashes of the fields' paths, by depth (1: the root's fields), to that level; `places` counts them all. */
  paths: Set<number>[];
  places: number;
}

export const emptyBody = (): BodyShape => ({ shape: { ...emptyShape(), path: 0 }, level: learnLimits.depth, paths: [], places: 0 });

/**
 * The hash of the path of `name` under the path `parent`: 53 bits (an FNV-1a of 32 and a second
 * mix of 21), the same on every machine; two paths of one body share one once in billions.
 */
function childPath(parent: number, name: string): number {
  let low = (parent >>> 0) ^ 0x811c9dc5;
  let high = Math.floor(parent / 0x100000000) ^ 0x9e3779b9;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    low = Math.imul(low ^ code, 16777619);
    high = Math.imul(high ^ code, 0x5bd1e995);
    high ^= high >>> 15;
  }
  return (high >>> 11) * 0x100000000 + (low >>> 0);
}

/** Counts the field at `path`, `depth` levels down the body, if it was not counted yet. */
function countPlace(body: BodyShape, path: number, depth: number): void {
  const paths = (body.paths[depth] ??= new Set());
  if (paths.has(path)) return;
  paths.add(path);
  body.places++;
}

/** Adds a body's `value`, then keeps the body within learnLimits.bodyPlaces (the level learned to, lowered until it fits). */
export function observe(body: BodyShape, value: unknown): void {
  observeAt(body, body.shape, value, 0, undefined);
  while (body.places > learnLimits.bodyPlaces && body.level > 0) {
    body.places -= body.paths[body.level]?.size ?? 0;
    body.paths.length = body.level;
    body.level--;
    cut(body.shape, 0, body.level);
  }
}

/**
 * Adds `value` to `shape`, `depth` levels down `body`. `path` is the hash of its path where the
 * place has many (below a map); elsewhere the place's own (a field's is counted as it is made).
 */
function observeAt(body: BodyShape, shape: Shape, value: unknown, depth: number, path: number | undefined): void {
  shape.count++;
  const type = typeOf(value);
  shape.types |= type;
  if (type !== jsonType.array && type !== jsonType.object) return;
  if (depth >= body.level) {
    shape.deep = true;
    return;
  }
  const here = path ?? shape.path!;
  if (Array.isArray(value)) {
    if (!shape.items) shape.items = path === undefined ? { ...emptyShape(), path: childPath(here, '[]') } : emptyShape();
    const items = path === undefined ? undefined : childPath(path, '[]');
    for (let i = 0; i < value.length && i < itemsLearned; i++) observeAt(body, shape.items, value[i], depth + 1, items);
    return;
  }
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  shape.keys = (shape.keys ?? 0) + keys.length;
  const mapKeyed = isMapKeyed(keys);
  if (shape.map || mapKeyed) {
    shape.map ??= emptyShape();
    // This object's keys are values (one path, `*`), or it is a plain object at a place written as a map (a path for each of its fields).
    const values = mapKeyed ? childPath(here, '*') : undefined;
    for (let i = 0; i < keys.length && i < itemsLearned; i++) {
      // A reserved key's value is dropped with it, in a map as among fields.
      if (noteKey(shape, keys[i])) continue;
      let field = values;
      if (field === undefined) countPlace(body, (field = childPath(here, keys[i])), depth + 1);
      observeAt(body, shape.map, object[keys[i]], depth + 1, field);
    }
    settle(shape);
    return;
  }
  shape.fields ??= new Map();
  for (const key of keys) {
    if (noteKey(shape, key)) continue;
    let field = shape.fields.get(key);
    if (path === undefined) {
      if (!field) {
        shape.fields.set(key, (field = { ...emptyShape(), path: childPath(here, key) }));
        countPlace(body, field.path!, depth + 1);
      }
      observeAt(body, field, object[key], depth + 1, undefined);
    } else {
      if (!field) shape.fields.set(key, (field = emptyShape()));
      const fieldPath = childPath(path, key);
      countPlace(body, fieldPath, depth + 1);
      observeAt(body, field, object[key], depth + 1, fieldPath);
    }
  }
  settle(shape);
}

/** `shape` at `depth`, learned to `level`: what lies below it there is dropped, as if never read (objects and lists there left open). */
function cut(shape: Shape, depth: number, level: number): void {
  if (depth >= level) {
    if (shape.types & (jsonType.array | jsonType.object)) shape.deep = true;
    delete shape.fields;
    delete shape.map;
    delete shape.items;
    delete shape.keys;
    delete shape.dropped;
    return;
  }
  for (const field of shape.fields?.values() ?? []) cut(field, depth + 1, level);
  if (shape.map) cut(shape.map, depth + 1, level);
  if (shape.items) cut(shape.items, depth + 1, level);
}

/**
 * Keeps `shape` within its bounds, in place: a place with a map, or with more than
 * learnLimits.fields names over all the objects seen there (its names are values), has its fields
 * folded into the map's values.
 */
function settle(shape: Shape): Shape {
  if (shape.fields && (shape.map || shape.fields.size > learnLimits.fields)) {
    const fields = shape.fields;
    delete shape.fields;
    shape.map = merged(shape.map ?? emptyShape(), fields.values());
  }
  return shape;
}

function copyCounts(counts: KeptCounts): KeptCounts {
  const copy = new KeptCounts(learnLimits.kept);
  for (const [name, count] of counts.sorted()) copy.add(name, count);
  copy.others = counts.others;
  return copy;
}

/** `into` with every shape of `from` merged in (a new shape; the arguments are left as they were), within the bounds observe keeps. */
export function merged(into: Shape, from: Iterable<Shape>): Shape {
  const result: Shape = { ...into, ...(into.fields ? { fields: new Map(into.fields) } : {}) };
  if (into.dropped) result.dropped = copyCounts(into.dropped);
  for (const shape of from) {
    result.count += shape.count;
    result.types |= shape.types;
    if (shape.keys) result.keys = (result.keys ?? 0) + shape.keys;
    if (shape.deep) result.deep = true;
    if (shape.items) result.items = merged(result.items ?? emptyShape(), [shape.items]);
    if (shape.map) result.map = merged(result.map ?? emptyShape(), [shape.map]);
    if (shape.dropped) {
      result.dropped ??= new KeptCounts(learnLimits.kept);
      for (const [name, count] of shape.dropped.sorted()) result.dropped.add(name, count);
      result.dropped.others += shape.dropped.others;
    }
    for (const [name, field] of shape.fields ?? []) {
      result.fields ??= new Map();
      const had = result.fields.get(name);
      result.fields.set(name, had ? merged(had, [field]) : field);
    }
    settle(result);
  }
  return result;
}

/** What a shape says that is not written as a field: names dropped, maps, places left open; each with its place. */
export interface ShapeNotes {
  /** Names a message may show, as shownDropped shows them, with how often and where; `others` counts those past the first at a place. */
  dropped: { at: string; name: string; count: number }[];
  others: number;
  /** Places whose objects are written as maps (their keys look like values, are not plain names, or are too many), with how many keys were seen there. */
  maps: { at: string; keys: number }[];
  /** Places below which nothing is learned (deeper than learnLimits.depth). */
  deep: string[];
  /** Places seen with more than one JSON type besides `null` (a string here, a number there: a type that changed?), with those types. */
  mixed: { at: string; types: string[] }[];
  /** Fields not written past the body's bound (learnLimits.bodyFields): how many, and how deep fields are written. */
  unwritten: number;
  writtenDepth?: number;
}

export const emptyNotes = (): ShapeNotes => ({ dropped: [], others: 0, maps: [], mixed: [], deep: [], unwritten: 0 });

const typeOrder: [keyof typeof jsonType, number][] = Object.entries(jsonType).map(([name, bit]) => [name as keyof typeof jsonType, bit]);

/** The `type` of a schema for `bits`: one name, or a list of them (`integer` within `number` is `number`). */
function typeKeyword(bits: number): string | string[] | undefined {
  const own = bits & jsonType.number ? bits & ~jsonType.integer : bits;
  const names = ['object', 'array', 'string', 'number', 'integer', 'boolean', 'null'].filter((name) =>
    typeOrder.some(([key, bit]) => key === name && own & bit),
  );
  return names.length === 0 ? undefined : names.length === 1 ? names[0] : names;
}

/** How many fields `shape` has at each depth (0: its own), over its fields, items and map values. */
function fieldsByDepth(shape: Shape, depth = 0, counts: number[] = []): number[] {
  if (shape.fields) {
    counts[depth] = (counts[depth] ?? 0) + shape.fields.size;
    for (const field of shape.fields.values()) fieldsByDepth(field, depth + 1, counts);
  }
  if (shape.items) fieldsByDepth(shape.items, depth + 1, counts);
  if (shape.map) fieldsByDepth(shape.map, depth + 1, counts);
  return counts;
}

/**
 * The JSON Schema of a body's `shape` (types, fields, items, map values; never a value), with its
 * notes. At most learnLimits.bodyFields fields are written, level by level: the fields of every
 * depth whose fields, with those above them, are within the bound; the objects below are left open.
 */
export function bodySchema(shape: Shape, notes: ShapeNotes): Record<string, unknown> {
  const counts = fieldsByDepth(shape);
  let written = 0;
  let depth = 0;
  for (; depth < counts.length && written + (counts[depth] ?? 0) <= learnLimits.bodyFields; depth++) written += counts[depth] ?? 0;
  if (depth < counts.length) {
    notes.writtenDepth = depth;
    notes.unwritten = counts.reduce((sum, count) => sum + (count ?? 0), 0) - written;
  }
  return schemaOf(shape, notes, '$', 0, depth);
}

/** The JSON Schema of `shape` at `at` (`depth` levels of fields down), with fields written above `fieldDepth` only. */
function schemaOf(shape: Shape, notes: ShapeNotes, at: string, depth: number, fieldDepth: number): Record<string, unknown> {
  const schema: Record<string, unknown> = {};
  const type = typeKeyword(shape.types);
  if (type !== undefined) schema.type = type;
  const types = Array.isArray(type) ? type.filter((name) => name !== 'null') : [];
  if (types.length > 1) notes.mixed.push({ at, types });
  if (shape.deep) notes.deep.push(at);
  for (const [name, count] of shape.dropped?.sorted() ?? []) notes.dropped.push({ at, name, count });
  notes.others += shape.dropped?.others ?? 0;
  if (shape.map) {
    // Seen as a map anywhere: every object here is one (settle keeps no fields beside it).
    notes.maps.push({ at, keys: shape.keys ?? 0 });
    schema.additionalProperties = shape.map.types === 0 ? {} : schemaOf(shape.map, notes, `${at}.*`, depth + 1, fieldDepth);
  } else if (shape.fields && shape.fields.size > 0 && depth < fieldDepth) {
    const properties: Record<string, unknown> = {};
    for (const name of [...shape.fields.keys()].sort(compare))
      properties[name] = schemaOf(shape.fields.get(name)!, notes, `${at}.${name}`, depth + 1, fieldDepth);
    schema.properties = properties;
  }
  // A list seen only empty: its items are not known, and a list schema names its items (`{}`: any).
  if (shape.types & jsonType.array) schema.items = shape.items && shape.items.types !== 0 ? schemaOf(shape.items, notes, `${at}[]`, depth + 1, fieldDepth) : {};
  return schema;
}

/** Code-unit order, the same on every machine (no locale). */
export { compare } from './smallest-keys.ts';

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
