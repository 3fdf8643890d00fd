// Comments and READMEs name only files that exist: every repository path that a comment (in code,
// YAML and scripts) or a Markdown file names, and every relative Markdown link, must be there. A
// path counts as a repository path when its first folder exists at the root or beside the file that
// names it (so `application/json` or `owner/repo` are not paths, and `lint/contract/` in
// scripts/README.md is scripts/lint/contract/); it must then exist from the root or from that folder.
// A root folder that .gitignore ignores (`build/`, which the overlays recipe makes) is a run's
// output, not the repository's: what the docs name in it is there or not as the user last ran.
// A path that leads outside the checkout (as a refusal's example in docs/robustness.md does) is not the
// repository's either, and is never looked at: whether it exists depends on where the checkout is.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../support/helpers.ts';
import { filesNotIgnored, ignoredByGit } from '../support/files-not-ignored.ts';

/**
 * Paths named on purpose though no file is there: what the build makes and does not commit, and the
 * example files in the bad-input tables of docs/robustness.md (the messages a refusal prints name them).
 */
const namedOnPurpose = new Set([
  'generated/docs/',
  'generated/docs/index.html',
  'generated/docs/interface-document.html',
  'docs/index.html', // in a build's output folder: `<out>/docs/index.html`
  'docs/interface-document.html',
  'generated/acme', // `--out generated/acme`, refused
  'openapi/components/schemas/PascalCase.yaml',
  'openapi/components/schemas/ListScopesResponse.yaml',
  'openapi/components/schemas/Pipe.yaml',
  'openapi/aaa.../b.yaml',
  'openapi/components/link.yaml', // a release's symbolic link, refused by the site
  'generated/site', // `--out generated/site`, refused
  '../acme/build', // a folder as a user types it in docs/, outside the checkout
  '../acme/out', // the same, in docs/robustness.md's bad-input table
  './dist/client.js', // in an overlaid build's output folder
  'examples/overlays/missing.yaml', // an overlay that does not exist, refused by the mock
  'generated/sdk/go/vX.Y.Z', // a release tag of the Go SDK's module, as docs/sdks.md names it
]);

/**
 * The text a file's readers take as prose: a Markdown file whole, comments of code, YAML and scripts.
 * The changelog's released sections are history: they name files as they were at that release.
 */
function proseOf(file: string, text: string): string {
  if (path.basename(file) === 'CHANGELOG.md') return text.split(/^## \[\d/m)[0];
  if (file.endsWith('.md')) return text;
  if (/\.(ts|js|go|java|kt)$/.test(file)) return [...text.matchAll(/\/\*[\s\S]*?\*\/|(?:^|[ \t])\/\/[^\n]*/gm)].map((match) => match[0]).join('\n');
  if (/\.(ya?ml|py|sh|ini|env)$/.test(file) || /^\.ci\//.test(path.relative(root, file)))
    return [...text.matchAll(/(?:^|[ \t])#[^\n]*/gm)].map((match) => match[0]).join('\n');
  return '';
}

/** Whether `target` is `root` or inside it. */
function inRepository(target: string): boolean {
  const relative = path.relative(root, target);
  return relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
}

/** Each repository path `prose` (in `file`) names that is not there. */
function missingPaths(file: string, prose: string): string[] {
  const dir = path.dirname(file);
  const candidates = (named: string) => [path.join(root, named), path.join(dir, named)].filter(inRepository);
  const there = (named: string) => candidates(named).some((candidate) => fs.existsSync(candidate));
  // A folder of that name at the root or beside the file, which .gitignore does not ignore.
  const repositoryFolder = (first: string) =>
    [root, dir].some(
      (base) => fs.existsSync(path.join(base, first)) && !ignoredByGit(`${path.relative(root, path.join(base, first)).split(path.sep).join('/')}/`),
    );
  const missing: string[] = [];
  for (const match of prose.matchAll(/(?<![\w@/.:~$-])((?:\.{1,2}\/)*(?:[\w-][\w.-]*\/)+[\w.-]*)/g)) {
    const named = match[1].replace(/[.,:;]+$/, '');
    const first = named.replace(/^(\.{1,2}\/)+/, '').split('/')[0];
    if (!/^\.{1,2}\//.test(named) && !repositoryFolder(first)) continue; // not a repository path
    if (candidates(named).length === 0) continue; // outside the checkout: not a repository path
    if (!there(named) && !namedOnPurpose.has(named)) missing.push(named);
  }
  if (file.endsWith('.md'))
    for (const [, target] of prose.matchAll(/\]\(([^)#\s]+)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      if (!inRepository(path.join(dir, target))) missing.push(`a link outside the repository to ${target}`);
      else if (!fs.existsSync(path.join(dir, target))) missing.push(`a link to ${target}`);
    }
  return missing;
}

describe('comments and READMEs', () => {
  it('name only repository files that exist', () => {
    const problems = filesNotIgnored()
      .filter((file) => !path.relative(root, file).startsWith(`generated${path.sep}`))
      .flatMap((file) => missingPaths(file, proseOf(file, fs.readFileSync(file, 'utf8'))).map((named) => `${path.relative(root, file)} names ${named}`));
    expect(problems).toEqual([]);
  });

  it("read the changelog's unreleased section only: a released one names files as they were", () => {
    const changelog = '# Changelog\n\n## [Unreleased]\n\n- in scripts/now-gone.ts\n\n## [1.0.0] - 2026-11-22\n\n- in scripts/old-name.ts\n';
    expect(missingPaths(path.join(root, 'CHANGELOG.md'), proseOf(path.join(root, 'CHANGELOG.md'), changelog))).toEqual(['scripts/now-gone.ts']);
  });

  it('are read: a stale path in a comment is found', () => {
    expect(missingPaths(path.join(root, 'scripts/x.ts'), '// see scripts/lint/no-such-file.ts and test/unit/lint.test.ts')).toEqual([
      'scripts/lint/no-such-file.ts',
    ]);
    // node_modules/ is there and ignored: a run's output, like build/ after the overlays recipe.
    expect(missingPaths(path.join(root, 'README.md'), 'see node_modules/no-such-package/ and scripts/no-such-folder/')).toEqual(['scripts/no-such-folder/']);
    // Outside the checkout: never looked at, whatever is there; a link there is refused.
    expect(missingPaths(path.join(root, 'README.md'), 'never read (`../../etc/passwd`, `../acme/out`); [x](../../etc/passwd)')).toEqual([
      'a link outside the repository to ../../etc/passwd',
    ]);
    expect(missingPaths(path.join(root, 'scripts/README.md'), 'the stages: `lint/contract/`, `lint/gone/`; [docs](../docs/none.md)')).toEqual([
      'lint/gone/',
      '../docs/none.md',
      'a link to ../docs/none.md',
    ]);
  });
});
