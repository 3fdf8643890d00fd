// The layout of scripts/ that keeps it legible: no two files share a name (the commands of
// scripts/commands/ aside, each named after its npm script), every folder says what it holds in a
// README, and the flow goes one way: scripts/languages/ imports only its own folder and the top of
// scripts/, and the pipeline nothing of scripts/sdk/ (read from the files' text).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shortestEchoedSecret } from '../../scripts/credential-echoes.ts';
import { shortestEchoedSecret as clientShortestEchoedSecret } from '../../scripts/pipeline/client-runtime.ts';
import { root } from '../support/helpers.ts';

const scripts = path.join(root, 'scripts');
const entries = fs.readdirSync(scripts, { recursive: true, withFileTypes: true });

describe('scripts/', () => {
  it('holds no two files of the same name outside scripts/commands/', () => {
    const byName = new Map<string, string[]>();
    for (const entry of entries.filter((e) => e.isFile() && e.name.endsWith('.ts'))) {
      const file = path.relative(scripts, path.join(entry.parentPath, entry.name));
      if (file.startsWith(`commands${path.sep}`)) continue;
      byName.set(entry.name, [...(byName.get(entry.name) ?? []), file]);
    }
    expect([...byName.values()].filter((files) => files.length > 1)).toEqual([]);
  });

  it('has a README in every folder', () => {
    const folders = [scripts, ...entries.filter((e) => e.isDirectory()).map((e) => path.join(e.parentPath, e.name))];
    expect(folders.filter((folder) => !fs.existsSync(path.join(folder, 'README.md'))).map((folder) => path.relative(root, folder))).toEqual([]);
  });

  it('keeps scripts/languages/ low in the flow: its files import only their own folder and the top of scripts/', () => {
    const languages = path.join(scripts, 'languages');
    const allowed = (target: string) => target.startsWith(languages + path.sep) || path.dirname(target) === scripts;
    const broken = tsFilesUnder(languages).flatMap((file) =>
      relativeImports(file)
        .filter((specifier) => !allowed(path.resolve(path.dirname(file), specifier)))
        .map((specifier) => `${path.relative(root, file)} imports ${specifier}`),
    );
    expect(broken).toEqual([]);
  });

  it('keeps the pipeline below npm run sdk: scripts/pipeline/ imports nothing of scripts/sdk/', () => {
    const sdk = path.join(scripts, 'sdk') + path.sep;
    const pipeline = path.join(scripts, 'pipeline');
    const broken = tsFilesUnder(pipeline).flatMap((file) =>
      relativeImports(file)
        .filter((specifier) => path.resolve(path.dirname(file), specifier).startsWith(sdk))
        .map((specifier) => `${path.relative(root, file)} imports ${specifier}`),
    );
    expect(broken).toEqual([]);
  });

  it('finds every form of import the rules above read', () => {
    const text = [
      "import a from './a.ts';",
      "import type { B } from '../b.ts';",
      "export { c } from '../../c.ts';",
      "await import('./d.ts');",
      "import './e.ts';",
    ];
    expect(importSpecifiers(text.join('\n'))).toEqual(['./a.ts', '../b.ts', '../../c.ts', './d.ts', './e.ts']);
  });

  it('holds the same shortest echoed secret in the typed client, which is copied alone into the package, as in credential-echoes.ts', () => {
    expect(clientShortestEchoedSecret).toBe(shortestEchoedSecret);
  });
});

/** The .ts files under `folder`, at any depth. */
function tsFilesUnder(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** What a module's text imports or re-exports, statically or with import(). */
function importSpecifiers(text: string): string[] {
  return [...text.matchAll(/(?:^|[\s;}])(?:from|import)\s*\(?\s*(['"])([^'"\n]+)\1/g)].map((match) => match[2]!);
}

/** The relative imports of `file` (a package's, `node:`'s, are no folder of scripts/). */
function relativeImports(file: string): string[] {
  return importSpecifiers(fs.readFileSync(file, 'utf8')).filter((specifier) => specifier.startsWith('.'));
}
