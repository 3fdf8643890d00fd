// The package's public names, for the release's bump (scripts/release/package-exports.ts): what a
// module's text exports, what package.json's `exports` names, and the names gone and new between
// two releases, in words.
import { describe, expect, it } from 'vitest';
import { compareExports, exportChangesInWords, exportedNames, packageEntries } from '../../scripts/release/package-exports.ts';

describe('exportedNames', () => {
  it('declarations, re-exports (by their exported name), namespaces and default; imports and local names are not exports', () => {
    const source = [
      "import { hidden } from './a.js';",
      "export { RedirectRefusedError, serializeQuery as serialize } from './client-runtime.js';",
      "export type { CallOptions } from './client-runtime.js';",
      "export * as schema from './schema.js';",
      "export * from './more.js';",
      'export declare const packageVersion = "1.0.0", defaultBaseUrl = "x";',
      'export declare function listWebhooks(): void;',
      'export declare function listWebhooks(a: string): void;',
      'export interface ParameterStyle { name: string }',
      'export type OperationId = string;',
      'export declare class ResponseBodyError extends Error {}',
      'export declare enum Kind { A }',
      'declare const local = 1;',
      'function notExported() {}',
      'export default local;',
    ].join('\n');
    expect(exportedNames(source)).toEqual(
      [
        '* from ./more.js',
        'CallOptions',
        'Kind',
        'OperationId',
        'ParameterStyle',
        'RedirectRefusedError',
        'ResponseBodyError',
        'default',
        'defaultBaseUrl',
        'listWebhooks',
        'packageVersion',
        'schema',
        'serialize',
      ].sort(),
    );
  });
});

describe('packageEntries', () => {
  it("the subpaths of `exports` and the `.` entry's types file", () => {
    const packageJson = JSON.stringify({
      exports: { '.': { types: './generated/dist/client.d.ts', default: './generated/dist/client.js' }, './openapi.json': './generated/openapi.json' },
    });
    expect(packageEntries(packageJson)).toEqual({ subpaths: ['.', './openapi.json'], client: 'generated/dist/client.d.ts' });
  });

  it('a single target is `.`; no exports falls back to types or main; a file outside the package is no entry', () => {
    expect(packageEntries(JSON.stringify({ exports: './index.js' }))).toEqual({ subpaths: ['.'], client: 'index.js' });
    expect(packageEntries(JSON.stringify({ exports: { import: './a.mjs', types: './a.d.ts' } }))).toEqual({ subpaths: ['.'], client: 'a.d.ts' });
    expect(packageEntries(JSON.stringify({ types: 'lib/index.d.ts', main: 'lib/index.js' }))).toEqual({ subpaths: ['.'], client: 'lib/index.d.ts' });
    expect(packageEntries(JSON.stringify({}))).toEqual({ subpaths: [], client: undefined });
    expect(packageEntries('null')).toEqual({ subpaths: [], client: undefined });
    expect(() => packageEntries('{')).toThrow(SyntaxError);
    expect(packageEntries(JSON.stringify({ exports: { '.': '../../etc/passwd' } })).client).toBeUndefined();
    expect(packageEntries(JSON.stringify({ exports: { '.': '/etc/passwd' } })).client).toBeUndefined();
  });
});

describe('compareExports and exportChangesInWords', () => {
  it('names gone and names new, each said; the same names are no change', () => {
    const base = exportedNames("export { RedirectRefusedError } from './r.js';\nexport declare function serializeQuery(): string;");
    const head = exportedNames("export { RedirectRefusedError, CookieParameterError } from './r.js';\nexport interface ParameterStyle {}");
    const changes = compareExports([...base, './openapi.yaml'], [...head, './openapi.json']);
    expect(changes).toEqual({ removed: ['serializeQuery', './openapi.yaml'], added: ['CookieParameterError', 'ParameterStyle', './openapi.json'] });
    expect(exportChangesInWords(changes)).toEqual([
      'the client no longer exports serializeQuery',
      'the client exports CookieParameterError, ParameterStyle, new',
      'the package no longer exports ./openapi.yaml',
      'the package exports ./openapi.json, new',
    ]);
    expect(exportChangesInWords(compareExports(base, [...base].reverse()))).toEqual([]);
  });

  it('escapes what it says: a subpath with control characters cannot rewrite the terminal', () => {
    expect(exportChangesInWords({ removed: [], added: ['./x\u001b[2J'] })).toEqual(['the package exports ./x\\u001b[2J, new']);
  });
});
