// What a learned schema adds to the schema the description (with the user's overlays) already has
// at that place: the update an overlay action merges in, holding only what is not stated yet. A
// field, a type, the items of a list or the values of a map already stated are kept as they are
// stated, and not written twice; where the traffic contradicts what is stated (another type), the
// stated one is kept and the difference is reported, never written over it. The overlay's merge
// appends lists and replaces plain values, so a `type` is written only where none is stated.
import { isRecord, isRef, type OpenApiDocument } from '../openapi-document.ts';

/** Who states what `value` reads from a document: `the description`, or `the overlay <file as typed>` that last changed it (learn.ts' statedSource). */
export type StatedSource = (value: (document: OpenApiDocument) => unknown) => string;

/** Where the traffic and a stated schema differ: the place (a JSON path in the body, and the JSON pointer below the schema) and what each says. */
export interface Difference {
  at: string;
  /** The stated schema's place below the schema compared (`/properties/score`; '' for itself). */
  pointer: string;
  observed: string;
  stated: string;
}

/** A name as one segment of a JSON pointer. */
const segment = (name: string) => name.replaceAll('~', '~0').replaceAll('/', '~1');

const typeList = (type: unknown): string[] => (Array.isArray(type) ? type.map(String) : type === undefined ? [] : [String(type)]);

/** Whether every observed type is one the stated types allow (a whole number is a number). */
function typesFit(observed: unknown, stated: unknown): boolean {
  const allowed = new Set(typeList(stated));
  return typeList(observed).every((type) => allowed.has(type) || (type === 'integer' && allowed.has('number')));
}

/** The additions of `learned` (a schemaOf result) to `stated` at `at`, or undefined when it adds nothing; differences go to `differences`. */
export function schemaAdditions(
  stated: unknown,
  learned: Record<string, unknown>,
  differences: Difference[],
  at = '$',
  pointer = '',
): Record<string, unknown> | undefined {
  if (stated === undefined) return learned;
  // `true` (or an empty schema) accepts anything: all that is learned is new.
  if (stated === true) return learned;
  if (!isRecord(stated) || isRef(stated)) {
    differences.push({
      at,
      pointer,
      observed: 'fields',
      stated: isRef(stated) ? `a $ref (${stated.$ref}): update what it references` : 'a schema that is not an object',
    });
    return undefined;
  }
  const out: Record<string, unknown> = {};
  if (learned.type !== undefined) {
    if (stated.type === undefined) out.type = learned.type;
    else if (!typesFit(learned.type, stated.type)) {
      differences.push({ at, pointer, observed: typeList(learned.type).join(' or '), stated: typeList(stated.type).join(' or ') });
      return undefined;
    }
  }
  const properties = nested(stated.properties, learned.properties, differences, (name) => [`${at}.${name}`, `${pointer}/properties/${segment(name)}`]);
  if (properties) out.properties = properties;
  if (learned.items !== undefined) {
    const items = schemaAdditions(stated.items, learned.items as Record<string, unknown>, differences, `${at}[]`, `${pointer}/items`);
    if (items) out.items = items;
  }
  if (learned.additionalProperties !== undefined && stated.additionalProperties !== true) {
    const values = schemaAdditions(
      stated.additionalProperties,
      learned.additionalProperties as Record<string, unknown>,
      differences,
      `${at}.*`,
      `${pointer}/additionalProperties`,
    );
    if (values && stated.additionalProperties !== false) out.additionalProperties = values;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The additions to each named schema of `learned` (properties), where `stated` has one by that name or not. */
function nested(
  stated: unknown,
  learned: unknown,
  differences: Difference[],
  place: (name: string) => [at: string, pointer: string],
): Record<string, unknown> | undefined {
  if (!isRecord(learned)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(learned)) {
    const had = isRecord(stated) && Object.hasOwn(stated, name) ? stated[name] : undefined;
    const added = schemaAdditions(had, schema as Record<string, unknown>, differences, ...place(name));
    if (added) out[name] = added;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
