// What an overlay states reaches generated source (the client, its types' header, the code
// samples) as data, never as code: a summary that closes a comment, a default or a base URL with a
// quote, a path with shell syntax. Each hostile value below would run `pwned` if it broke out; the
// generated TypeScript is tokenized and must hold no identifier `pwned` outside strings and
// comments, and the curl sample must quote the path.
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { withCodeSamples } from '../../scripts/pipeline/code-samples.ts';
import { generateClient } from '../../scripts/pipeline/generate-client.ts';
import { generatedHeader } from '../../scripts/pipeline/generate-types.ts';
import { type Json, loadBundle } from '../support/helpers.ts';

/** The identifiers of `source` as TypeScript reads it (strings, templates and comments are not identifiers). */
function identifiers(source: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, source);
  const found: string[] = [];
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan())
    if (token === ts.SyntaxKind.Identifier) found.push(scanner.getTokenText());
  return found;
}

const syntaxErrors = (source: string) =>
  (ts.transpileModule(source, { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.ESNext } }).diagnostics ?? []).map((d) =>
    ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  );

async function hostileBundle(): Promise<Json> {
  const bundle = structuredClone(await loadBundle());
  bundle.servers[0].variables.base_url.default = "https://api.example/'+(globalThis.pwned=1)+'";
  const webhooks = bundle.paths['/v1/webhooks'].get;
  webhooks.summary = 'List */ globalThis.pwned = 1; /* webhooks';
  webhooks.parameters = [{ name: 'order', in: 'query', description: 'Order.', schema: { type: 'string', default: "x'); globalThis.pwned = 1; ('" } }];
  return bundle;
}

describe('generated source holds what an overlay states as data', () => {
  it('the client: a summary that closes a comment, a base URL with a quote', async () => {
    const client = generateClient(await hostileBundle());
    expect(syntaxErrors(client)).toEqual([]);
    expect(identifiers(client)).not.toContain('pwned');
  });

  it('the TypeScript sample: a default and a base URL with quotes', async () => {
    const samples: Json = withCodeSamples(await hostileBundle());
    const typescript = samples.paths['/v1/webhooks'].get['x-codeSamples'].find((s: Json) => s.lang === 'typescript').source;
    expect(syntaxErrors(typescript)).toEqual([]);
    expect(identifiers(typescript)).not.toContain('pwned');
  });

  it('the curl sample: a base URL and a path with what a shell expands are single-quoted', async () => {
    const bundle = await hostileBundle();
    bundle.paths['/v1/$(touch pwned)'] = bundle.paths['/v1/scopes'];
    delete bundle.paths['/v1/scopes'];
    const samples: Json = withCodeSamples(bundle);
    const curl = samples.paths['/v1/$(touch pwned)'].get['x-codeSamples'].find((s: Json) => s.lang === 'bash').source;
    expect(curl).toContain("BASE_URL='https://api.example/'\\''+(globalThis.pwned=1)+'\\'''");
    expect(curl).toContain(`"$BASE_URL"'/v1/$(touch pwned)'`);
  });

  it("a generated file's header stays one comment line whatever the title holds", () => {
    const header = generatedHeader('Typed client of the Acme\nglobalThis.pwned = 1 // API');
    expect(
      header
        .split('\n')
        .filter(Boolean)
        .every((line) => line.startsWith('//')),
    ).toBe(true);
  });
});
