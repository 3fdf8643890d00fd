// `npm run site -- --out <folder>`: the static site of every release (its `v*` tag, or where the
// clone has none, its dated CHANGELOG.md section) and of the current commit, built from the git
// history into <folder>, which is replaced whole (scripts/site/site.ts). The path is relative to
// where npm was run. Exit 0: built; 1: a tag, a release or the folder was refused, the folder is
// unchanged; 2: bad arguments.
const { checkout } = require('./start.ts');

const usage = 'site: usage: npm run site -- --out <folder>';

async function main() {
  const { parseArgs } = await import('node:util');
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' }, help: { type: 'boolean', default: false } } });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const problem = positionals.length > 0 ? `unexpected argument ${JSON.stringify(positionals[0])}` : !values.out ? '--out <folder> is required' : undefined;
  if (problem) {
    console.error(`site: ${problem}\n${usage}`);
    return 2;
  }
  const path = await import('node:path');
  const [{ openProject }, { buildSite }, { forTerminal }] = await Promise.all([import('../project.ts'), import('../site/site.ts'), import('../escape.ts')]);
  // npm runs scripts in the package's folder; the user's path is relative to where they ran npm.
  const from = process.env.INIT_CWD || process.cwd();
  const out = path.resolve(from, values.out ?? '');
  const ok = await buildSite(
    openProject(checkout),
    { info: (line) => console.log(line), error: (line) => console.error(line) },
    { out, shownAs: forTerminal(values.out ?? '') },
  );
  return ok ? 0 : 1;
}

main().then((code) => (process.exitCode = code));
