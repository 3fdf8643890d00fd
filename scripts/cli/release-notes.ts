// `npm run -s release-notes -- vX.Y.Z`: prints the notes of that release, its CHANGELOG.md section
// (scripts/site/release-notes.ts), for the GitHub release the release workflow creates. The
// definition below is the usage, the parser and `--help` (scripts/command-line.ts).
const { checkout } = require('./start.ts');

const command = {
  name: 'release-notes',
  summary: "Prints a release's CHANGELOG.md section, the notes of its GitHub release.",
  positionals: { usage: 'vX.Y.Z', min: 1, max: 1, description: 'the release tag' },
  options: {},
  examples: ['npm run release-notes -- v1.0.0', 'npm run -s release-notes -- v1.0.0 > notes.md'],
  exits: [
    [0, 'printed'],
    [1, 'not a release tag, or CHANGELOG.md has no section for it'],
    [2, 'bad arguments: no release tag, or more than one'],
  ],
};

async function main() {
  const { commandLine } = await import('../command-line.ts');
  const parsed = commandLine(command, process.argv.slice(2));
  if (typeof parsed === 'number') return parsed;
  const [{ openProject, ReportedError }, { releaseNotes }] = await Promise.all([import('../project.ts'), import('../site/release-notes.ts')]);
  try {
    process.stdout.write(await releaseNotes(openProject(checkout), parsed.positionals[0]));
    return 0;
  } catch (error) {
    if (!(error instanceof ReportedError)) throw error;
    console.error(error.message);
    return 1;
  }
}

main().then((code) => (process.exitCode = code));
