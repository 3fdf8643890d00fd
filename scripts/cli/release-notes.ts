// `npm run -s release-notes -- vX.Y.Z`: prints the notes of that release, its CHANGELOG.md section
// (scripts/site/release-notes.ts), for the GitHub release the release workflow creates.
// Exit 0: printed; 1: not a release, or the changelog has no section for it; 2: bad arguments.
const { checkout } = require('./start.ts');

const usage = 'release-notes: usage: npm run -s release-notes -- vX.Y.Z';

async function main() {
  const { parseArgs } = await import('node:util');
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length !== 1) {
    console.error(`release-notes: give exactly one release tag\n${usage}`);
    return 2;
  }
  const [{ openProject, ReportedError }, { releaseNotes }] = await Promise.all([import('../project.ts'), import('../site/release-notes.ts')]);
  try {
    process.stdout.write(await releaseNotes(openProject(checkout), positionals[0]));
    return 0;
  } catch (error) {
    if (!(error instanceof ReportedError)) throw error;
    console.error(error.message);
    return 1;
  }
}

main().then((code) => (process.exitCode = code));
