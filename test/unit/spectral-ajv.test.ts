// Spectral's schema checks with the Ajv instances shared across lints (spectral-ajv.ts): each
// document's examples are checked against its own schemas, whatever was linted before it or
// alongside it, and a schema that names itself (`$id`) is never seen by another document.
import { describe, expect, it } from 'vitest';
import { runSpectral } from '../../scripts/lint/spectral.ts';
import { standardRuleset } from '../../scripts/lint/spectral-ruleset.ts';

/** A description with one component schema: `n` of `type`, and an example of it holding `value`. */
function description(type: string, value: unknown, extra: Record<string, unknown> = {}): string {
  const thing = { ...extra, type: 'object', properties: { n: { type } }, example: { n: value } };
  return JSON.stringify({ openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: {}, components: { schemas: { Thing: thing } } }, null, 2);
}

/** What `oas3-valid-schema-example` says of `json`. */
async function exampleFindings(json: string): Promise<string[]> {
  const found = await runSpectral(standardRuleset(), json, 'openapi.json');
  return found.filter((d) => d.code === 'oas3-valid-schema-example').map((d) => `${d.path.join('.')}: ${d.message}`);
}

describe("Spectral's schema checks across lints", () => {
  const integerWrong = ['components.schemas.Thing.example.n: "n" property type must be integer'];
  const stringWrong = ['components.schemas.Thing.example.n: "n" property type must be string'];

  it('checks each document against its own schemas, in turn and interleaved', async () => {
    expect(await exampleFindings(description('integer', 'x'))).toEqual(integerWrong);
    expect(await exampleFindings(description('string', 1))).toEqual(stringWrong);
    expect(await exampleFindings(description('string', 'x'))).toEqual([]);
    const interleaved = await Promise.all([0, 1, 2, 3].map((i) => exampleFindings(i % 2 ? description('string', 1) : description('integer', 'x'))));
    expect(interleaved).toEqual([integerWrong, stringWrong, integerWrong, stringWrong]);
  });

  it("keeps a schema with an `$id` to its document: the same `$id` in the next one is that one's schema", async () => {
    const id = { $id: 'https://example.com/thing' };
    expect(await exampleFindings(description('integer', 'x', id))).toEqual(integerWrong);
    expect(await exampleFindings(description('string', 1, id))).toEqual(stringWrong);
    expect(await exampleFindings(description('string', 'x', id))).toEqual([]);
  });
});
