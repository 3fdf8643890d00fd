// `npm run check`: fails, naming each file, when anything under generated/ (or server.json, the
// MCP registry's entry at the root) differs from what openapi/ builds. Never writes either.
import { type CommandDefinition, type CommandIo, commandLine } from '../command-line.ts';
import { openProject } from '../project.ts';

export const definition: CommandDefinition = {
  name: 'check',
  summary: [
    'Builds openapi/ into a scratch folder and fails, naming each file, when anything under generated/,',
    "or server.json (the MCP registry's entry, made from package.json and the tool table), differs from",
    'it (the drift check). Never writes generated/ or server.json.',
  ].join('\n'),
  options: {},
  examples: ['npm run check'],
  exits: [
    [0, 'generated/ is in step with openapi/'],
    [1, 'drifted, or the build failed'],
    [2, 'bad arguments'],
  ],
};

export async function run(args: string[], io: CommandIo): Promise<number> {
  const parsed = commandLine(definition, args, io);
  if (typeof parsed === 'number') return parsed;
  try {
    // The build's steps load only now: `--help` and a usage error need none of them.
    const { checkDrift } = await import('../pipeline/check.ts');
    const drifted = await checkDrift(openProject(io.root));
    if (drifted.length === 0) {
      io.out('check: generated/ matches what openapi/ builds');
      return 0;
    }
    io.err('check: generated/ is out of step with openapi/ (run `npm run build` and commit the result):');
    for (const line of drifted) io.err(`  ${line}`);
  } catch (error) {
    io.err(`check: the build failed, so generated/ cannot be compared: ${error instanceof Error ? error.message : String(error)}`);
  }
  return 1;
}
