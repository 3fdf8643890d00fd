// `npm run diff`: compares the description at a git ref (by default the newest release reachable
// from the target branch) with the working tree's, operation by operation; with --gate, fails a
// breaking change without a CHANGELOG.md entry marked BREAKING that names each affected operationId.
import { type CommandDefinition, type CommandIo, commandLine } from '../command-line.ts';
import { forTerminal } from '../escape.ts';
import { openProject, ReportedError } from '../project.ts';

export const definition: CommandDefinition = {
  name: 'diff',
  summary: [
    'Compares the description at <git-ref> with the working tree: operations added, removed and changed',
    '(what changed in each: parameters, request bodies, responses), and each breaking change by kind.',
    'Without <git-ref>, the base is the newest release reachable from --base-branch: its v* tag, or',
    'where the clone has no tag, the commit on that branch that dated its CHANGELOG.md section; never',
    "the working tree's own commits. --gate fails a breaking change unless CHANGELOG.md's [Unreleased]",
    'holds an entry marked **BREAKING** naming each affected operationId (versions are left to',
    '`npm run release`). A <git-ref> that names no commit but a version (v1.0.0 or 1.0.0) is that',
    'release: its tag, or where the clone has none, the commit that dated its CHANGELOG.md section.',
  ].join('\n'),
  positionals: {
    usage: '<git-ref>',
    max: 1,
    description: 'the base to compare with, instead of the newest release on --base-branch; a version names a release',
  },
  options: {
    'base-branch': {
      type: 'string',
      value: '<ref>',
      default: 'main',
      description: "the target branch, whose newest release is the base (CI: origin/<the pull request's base>)",
    },
    gate: { type: 'boolean', description: 'fail a breaking change without its changelog entry' },
    format: {
      type: 'string',
      value: 'text|markdown',
      choices: ['text', 'markdown'],
      default: 'text',
      description: "markdown: for a pull request's job summary, the gate's verdict included",
    },
  },
  examples: ['npm run diff -- --gate --base-branch origin/main', 'npm run diff -- v1.0.0'],
  exits: [
    [0, 'compared (and with --gate, the gate passed)'],
    [1, 'the gate failed'],
    [2, 'bad arguments, or a ref that names no commit (nor a release: a tag or a dated CHANGELOG.md section)'],
  ],
};

export async function run(args: string[], io: CommandIo): Promise<number> {
  const parsed = commandLine(definition, args, io);
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const project = openProject(io.root);
  // Redocly and the comparison load only now: `--help` and a usage error need neither.
  const [{ bundleWithinBoundary, loadRedoclyConfig }, { bundleAt, defaultBase, namedBase }, { diffOutput }] = await Promise.all([
    import('../lint/redocly.ts'),
    import('../release/bundle-at-ref.ts'),
    import('../release/diff-output.ts'),
  ]);
  try {
    const { ref, shown } = positionals[0] !== undefined ? await namedBase(project, positionals[0]) : await defaultBase(project, values['base-branch']);
    const working = async () => (await bundleWithinBoundary(project, await loadRedoclyConfig(project))).bundle;
    const [base, head] = await Promise.all([bundleAt(project, ref), working()]);
    const output = await diffOutput(project, base, head, shown, values);
    if (output.stdout) io.write(output.stdout);
    for (const line of output.stderr) io.err(forTerminal(line));
    return output.code;
  } catch (error) {
    io.err(`diff: ${forTerminal(error instanceof ReportedError ? error.message : error instanceof Error ? String(error.stack) : String(error))}`);
    return 2;
  }
}
