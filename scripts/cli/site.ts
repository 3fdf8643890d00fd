// `npm run site -- --out <folder>`: the static site of every release (its `v*` tag, or where the
// clone has none, its dated CHANGELOG.md section) and of the current commit, built from the git
// history into <folder>, which is replaced whole (scripts/site/site.ts). The definition below is
// the usage, the parser and `--help` (scripts/command-line.ts).
const { checkout } = require('./start.ts');

const command = {
  name: 'site',
  summary: [
    'Builds the static site of every release (its v* tag, or where the clone has none, its dated',
    'CHANGELOG.md section) and of the current commit (next/), each from its own commit read from git:',
    'docs, Markdown reference, llms.txt, the bundle and its variants with SHA256SUMS, a root page and',
    'versions.json. The folder is replaced whole; its path is relative to where you run npm.',
  ].join('\n'),
  options: {
    out: { type: 'string', value: '<folder>', required: true, description: 'where the site goes (new, empty, or a site this command built)' },
  },
  examples: ['npm run site -- --out site'],
  exits: [
    [0, 'built'],
    [1, 'a tag, a release or the folder was refused; the folder is unchanged'],
    [2, 'bad arguments'],
  ],
};

async function main() {
  const { commandLine } = await import('../command-line.ts');
  const parsed = commandLine(command, process.argv.slice(2));
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const path = await import('node:path');
  const [{ openProject }, { buildSite }, { forTerminal }] = await Promise.all([import('../project.ts'), import('../site/site.ts'), import('../escape.ts')]);
  // npm runs scripts in the package's folder; the user's path is relative to where they ran npm.
  const from = process.env.INIT_CWD || process.cwd();
  const ok = await buildSite(
    openProject(checkout),
    { info: (line) => console.log(line), error: (line) => console.error(line) },
    { out: path.resolve(from, values.out), shownAs: forTerminal(values.out) },
  );
  return ok ? 0 : 1;
}

main().then((code) => (process.exitCode = code));
