// How the languages tier reads OpenAPI Generator's `batch` output (test/support/openapi-generator.ts):
// each client's warnings are its generating thread's, from the end of that thread's last generation
// (a client's spec is read, and may warn, before its "Generating" line), counted once each, the 3.1
// beta notice left out; the main thread's go to every client. And which clients the tier's
// globalSetup makes: those whose test files are in the run (a pull-request leg runs some).
import { describe, expect, it } from 'vitest';
import { clientsOf } from '../support/languages-setup.ts';
import { warningsByOutput } from '../support/openapi-generator.ts';

const beta =
  'WARN  o.o.codegen.DefaultCodegen - OpenAPI 3.1 support is still in beta. To report an issue related to 3.1 spec, please kindly open an issue in the Github repo: https://github.com/openAPITools/openapi-generator.';
const schemaName = 'WARN  o.o.codegen.utils.ModelUtils - Failed to get the schema name: null';

describe('warningsByOutput', () => {
  it("gives each generation its own thread's warnings, those logged before its Generating line included, each once", () => {
    const output = [
      '[pool-1-thread-1] Generating java (outputs to /w/java-openapi.json)…',
      `[pool-1-thread-2] ${beta}`,
      `[pool-1-thread-2] WARN  o.o.codegen.utils.ModelUtils - read before its line`,
      '[pool-1-thread-2] Generating python (outputs to /w/python-openapi.json)…',
      '####################################',
      '# Thanks for using OpenAPI Generator. #',
      `[pool-1-thread-2] ${schemaName}`,
      `[pool-1-thread-2] ${schemaName}`,
      '[pool-1-thread-2] Finished generating python…',
      '[pool-1-thread-1] Finished generating java…',
      // Thread 2 again: its next generation starts clean.
      '[pool-1-thread-2] Generating go (outputs to /w/go-openapi.json)…',
      '[pool-1-thread-2] Finished generating go…',
      '[SUCCESS] Batch generation finished 3 generators successfully.',
    ].join('\n');
    expect(Object.fromEntries(warningsByOutput(output))).toEqual({
      '/w/java-openapi.json': [],
      '/w/python-openapi.json': ['WARN  o.o.codegen.utils.ModelUtils - read before its line', schemaName],
      '/w/go-openapi.json': [],
    });
  });

  it("gives the main thread's warnings to every generation, and none to one that did not finish", () => {
    const output = [
      '[main] WARN  o.o.c.config.CodegenConfigurator - an unknown key',
      '[pool-1-thread-1] Generating kotlin (outputs to /w/kotlin-openapi.json)…',
      '[pool-1-thread-1] Finished generating kotlin…',
      '[pool-1-thread-2] Generating java (outputs to /w/java-openapi.json)…',
    ].join('\n');
    expect(Object.fromEntries(warningsByOutput(output))).toEqual({ '/w/kotlin-openapi.json': ['WARN  o.o.c.config.CodegenConfigurator - an unknown key'] });
  });
});

describe('clientsOf', () => {
  it("names the clients whose test files the run holds, and no other language's", () => {
    const files = [
      '/repo/test/languages/openapi-generator-python.test.ts',
      '/repo/test/languages/openapi-generator-typescript-fetch.test.ts',
      '/repo/test/languages/openapi-python-client.test.ts',
      '/repo/test/languages/oapi-codegen.test.ts',
      '/repo/test/unit/lint.test.ts',
    ];
    expect(clientsOf(files)).toEqual(['python', 'typescript-fetch']);
  });
});
