// faithful/shared-parameters: the shared `id` and open query parameters exactly as the description
// encodes rule 1: a required string, not empty, not `.` or `..`; any name=value pairs, sent as plain pairs.
import { isDeepStrictEqual } from 'node:util';
import { isRecord, type Parameter, pointer } from '../../../openapi-document.ts';
import { viewRule } from '../view.ts';

/** What each shared parameter must be, its description aside. */
const expected: Record<string, { what: string; value: Partial<Parameter> }> = {
  Id: {
    what: 'the shared id parameter: a required string, not empty, not . or ..',
    value: { name: 'id', in: 'path', required: true, schema: { type: 'string', minLength: 1, not: { enum: ['.', '..'] } } },
  },
  OpenQuery: {
    what: 'the open query pairs: any name=value pairs, sent as plain pairs',
    value: { name: 'pairs', in: 'query', required: false, style: 'form', explode: true, schema: { type: 'object', additionalProperties: { type: 'string' } } },
  },
};

/** The keys this rule holds: what a parameter is called, where it goes and how it is serialized. */
const owned = ['name', 'in', 'required', 'style', 'explode', 'schema'] as const;

/** The first place below where `found` differs from `want`: its keys, and the two values there. */
function firstDifference(found: unknown, want: unknown, keys: string[] = []): { keys: string[]; found: unknown; want: unknown } | undefined {
  if (isDeepStrictEqual(found, want)) return undefined;
  if (isRecord(found) && isRecord(want))
    for (const key of new Set([...Object.keys(want), ...Object.keys(found)])) {
      const difference = firstDifference(found[key], want[key], [...keys, key]);
      if (difference) return difference;
    }
  return { keys, found, want };
}

export const SharedParameters = viewRule((view) => {
  const parameters = (view.document.components?.parameters ?? {}) as Record<string, Parameter>;
  for (const [name, { what, value }] of Object.entries(expected)) {
    if (!parameters[name] || typeof parameters[name] !== 'object') continue;
    // The keys of a parameter's serialization are this rule's; any other key is faithful/closed-world's.
    const found = Object.fromEntries(owned.flatMap((key) => (parameters[name][key] === undefined ? [] : [[key, parameters[name][key]]])));
    const difference = firstDifference(found, value);
    if (!difference) continue;
    const { keys, found: is, want } = difference;
    view.report(
      pointer('components', 'parameters', name, ...keys),
      want === undefined
        ? `${what}: ${keys.join('.')} is ${JSON.stringify(is)}, which the interface document does not state (a fact of your service goes in an overlay: docs/overlays.md)`
        : `${what}: ${keys.join('.')} must be ${JSON.stringify(want)}, not ${JSON.stringify(is) ?? 'missing'}`,
    );
  }
});
