// faithful/shared-parameters: the shared `id` and open query parameters exactly as the description
// encodes rule 1: a required string, not empty, not `.` or `..`; any name=value pairs, sent as plain pairs.
import { isDeepStrictEqual } from 'node:util';
import { type Parameter, pointer } from '../../../openapi-document.ts';
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

export const SharedParameters = viewRule((view) => {
  const parameters = (view.document.components?.parameters ?? {}) as Record<string, Parameter>;
  for (const [name, { what, value }] of Object.entries(expected)) {
    if (!parameters[name] || typeof parameters[name] !== 'object') continue;
    // The keys of a parameter's serialization are this rule's; any other key is faithful/closed-world's.
    const found = Object.fromEntries(owned.map((key) => [key, parameters[name][key]]));
    const want = Object.fromEntries(owned.map((key) => [key, value[key]]));
    if (!isDeepStrictEqual(found, want))
      view.report(pointer('components', 'parameters', name), `${what}: expected ${JSON.stringify(want)}, found ${JSON.stringify(found)}`);
  }
});
