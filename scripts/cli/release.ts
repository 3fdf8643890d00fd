// `npm run release [-- --dry-run] [--bump major|minor|patch]`: the next release, its version from
// the comparison with the last one (scripts/release/release.ts): sets info.version and the
// package's version, moves [Unreleased] into a dated CHANGELOG.md section, rebuilds, commits and
// tags vX.Y.Z locally. Exit 0: released (or the dry run's plan); 1: refused, nothing changed; 2: bad arguments.
const { checkout } = require('./start.ts');

const usage = 'release: usage: npm run release [-- --dry-run] [--bump major|minor|patch]';

async function main() {
  const { parseArgs } = await import('node:util');
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'dry-run': { type: 'boolean', default: false }, bump: { type: 'string' } },
  });
  if (positionals.length > 0 || (values.bump !== undefined && !['major', 'minor', 'patch'].includes(values.bump))) {
    console.error(usage);
    return 2;
  }
  const [{ openProject }, { release }] = await Promise.all([import('../project.ts'), import('../release/release.ts')]);
  const ok = await release(
    openProject(checkout),
    { info: (line) => console.log(line), error: (line) => console.error(line) },
    { dryRun: values['dry-run'], bump: values.bump },
  );
  return ok ? 0 : 1;
}

main().then((code) => (process.exitCode = code));
