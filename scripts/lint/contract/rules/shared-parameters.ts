// faithful/shared-parameters: the shared `id` and open query parameters exactly as the description
// encodes rule 1: a required string, not empty, not `.` or `..`; any name=value pairs, sent as plain pairs.
import { isDeepStrictEqual } from 'node:util';
import type { Location, Oas3Rule, UserContext } from '@redocly/openapi-core';
import { type Parameter, pointer } from '../../../openapi-document.ts';
import { componentAt, reportAt } from '../visit.ts';

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

function check(parameter: Parameter, location: Location, ctx: UserContext): void {
  const component = componentAt(location);
  if (component?.kind !== 'parameters' || !(component.name in expected)) return;
  const { what, value } = expected[component.name];
  // The keys of a parameter's serialization are this rule's; any other key is faithful/closed-world's.
  const found = Object.fromEntries(owned.map((key) => [key, parameter[key]]));
  const want = Object.fromEntries(owned.map((key) => [key, value[key]]));
  if (!isDeepStrictEqual(found, want))
    reportAt(ctx, location, `${what}: expected ${JSON.stringify(want)}, found ${JSON.stringify(found)}`, pointer('components', 'parameters', component.name));
}

export const SharedParameters: Oas3Rule = () => ({
  Parameter(parameter, ctx: UserContext) {
    check(parameter as Parameter, ctx.location, ctx);
  },
});
