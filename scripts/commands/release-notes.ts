// `npm run -s release-notes -- vX.Y.Z`: prints the notes of that release, its CHANGELOG.md section
// (scripts/site/release-notes.ts), for the GitHub release the release workflow creates.
import { type CommandDefinition, type CommandIo, commandLine } from '../command-line.ts';
import { openProject, ReportedError } from '../project.ts';
import { releaseNotes } from '../site/release-notes.ts';

export const definition: CommandDefinition = {
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

export async function run(args: string[], io: CommandIo): Promise<number> {
  const parsed = commandLine(definition, args, io);
  if (typeof parsed === 'number') return parsed;
  try {
    io.write(await releaseNotes(openProject(io.root), parsed.positionals[0]));
    return 0;
  } catch (error) {
    if (!(error instanceof ReportedError)) throw error;
    io.err(error.message);
    return 1;
  }
}
