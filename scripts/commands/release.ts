// `npm run release`: the next release, its version from the comparison with the last one
// (scripts/release/release.ts).
import { type CommandDefinition, type CommandIo, commandLine } from '../command-line.ts';
import { openProject } from '../project.ts';

export const definition: CommandDefinition = {
  name: 'release',
  summary: [
    'Makes the next release, on the target branch after the merge: the version from the comparison',
    'with the last release reachable from HEAD (major when anything breaks callers or the client no',
    'longer exports a name, minor when anything is added, a name the client exports included, patch',
    'otherwise), shown first; then every check that blocks it (HEAD not on --branch, a dirty tree,',
    'versions out of step, a tag that exists, a bump too low, an [Unreleased] section that is empty or',
    "misses an affected operation, the gate, drift). Then it sets info.version and the package's",
    'version, moves [Unreleased] into a dated section, rebuilds, commits and tags vX.Y.Z. Pushing is',
    'yours: git push --follow-tags.',
  ].join('\n'),
  options: {
    'dry-run': { type: 'boolean', description: 'show the version, why, the changelog section and what blocks it; write nothing' },
    bump: {
      type: 'string',
      value: 'major|minor|patch',
      choices: ['major', 'minor', 'patch'],
      description: 'ask for more than the comparison needs, never less',
    },
    branch: { type: 'string', value: '<name>', default: 'main', description: 'the target branch, which HEAD must be on (not detached)' },
  },
  examples: ['npm run release -- --dry-run'],
  exits: [
    [0, 'released (with --dry-run: nothing blocks the release)'],
    [1, 'blocked: nothing was changed'],
    [2, 'bad arguments'],
  ],
};

export async function run(args: string[], io: CommandIo): Promise<number> {
  const parsed = commandLine(definition, args, io);
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  // The comparison and the build load only now: `--help` and a usage error need neither.
  const { release } = await import('../release/release.ts');
  const ok = await release(
    openProject(io.root),
    { info: io.out, error: io.err },
    { dryRun: values['dry-run'], bump: values.bump, branch: values.branch, env: io.env },
  );
  return ok ? 0 : 1;
}
