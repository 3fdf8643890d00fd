// `npm run build`: lint, then every generation step, into a staging folder that replaces
// generated/ only when all steps have passed; with --overlay, the same with the user's overlays
// applied, into --out instead (docs/overlays.md).
import path from 'node:path';
import { type CommandDefinition, type CommandIo, commandLine } from '../command-line.ts';
import { forTerminal } from '../escape.ts';
import { outputPlacementProblem } from '../overlay/output-folder.ts';
import { openProject, toolsCache } from '../project.ts';

export const definition: CommandDefinition = {
  name: 'build',
  summary: [
    'Lints, then bundles and makes the variants, types, client, Markdown reference and docs,',
    'independent steps at once, into a staging folder that replaces generated/ only when every step',
    "passed, then server.json (the MCP registry's entry) beside it. With --overlay, the same with your",
    'overlays applied, strictly, into --out (never generated/), with overlay-changes.md saying what they',
    'change. Paths are relative to where you run npm.',
  ].join('\n'),
  options: {
    overlay: { type: 'string', value: '<file>', multiple: true, default: [], description: 'an overlay to apply, in order (needs --out)' },
    out: { type: 'string', value: '<folder>', description: 'where the build with overlays goes' },
    name: { type: 'string', value: '<package>', description: 'the package name of --out (default: email-delivery-api-with-overlays)' },
    'allow-operation-changes': { type: 'boolean', description: 'build even when an overlay removes, renames or moves an operation' },
  },
  examples: ['npm run build', 'npm run build -- --overlay examples/overlays/auth.yaml --out build/acme --name acme-email-api'],
  exits: [
    [0, 'built'],
    [1, 'a step failed (generated/ or --out unchanged)'],
    [2, 'bad arguments'],
  ],
};

export async function run(args: string[], io: CommandIo): Promise<number> {
  const parsed = commandLine(definition, args, io);
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const withOverlays = values.overlay.length > 0;
  const project = openProject(io.root);
  const log = { info: io.out, error: io.err };
  const out = path.resolve(io.cwd, values.out ?? '');
  const problem =
    withOverlays && !values.out
      ? '--overlay needs --out <folder>: the build with overlays never writes generated/'
      : !withOverlays && (values.out || values.name !== undefined || values['allow-operation-changes'])
        ? `${values.out ? '--out' : values.name !== undefined ? '--name' : '--allow-operation-changes'} is for a build with --overlay`
        : values.name !== undefined
          ? await nameProblem(values.name)
          : // Where --out may not be is a bad argument too, found before anything is read.
            withOverlays
            ? outputPlacementProblem(project, out, values.out)
            : undefined;
  if (problem) {
    io.err(`build: ${forTerminal(problem)}: see \`npm run build -- --help\``);
    return 2;
  }
  // The build's steps load only now: `--help` and a usage error need none of them.
  if (!withOverlays) return (await (await import('../pipeline/build.ts')).build(project, log, { rootOutputs: true })) ? 0 : 1;
  const { buildOverlaid } = await import('../overlay/build-overlaid.ts');
  const typed = new Map([...values.overlay, values.out].map((file: string) => [path.resolve(io.cwd, file), file]));
  const ok = await buildOverlaid(project, log, {
    overlays: values.overlay.map((file: string) => path.resolve(io.cwd, file)),
    out,
    allowOperationChanges: values['allow-operation-changes'],
    packageName: values.name,
    // A path as the user typed it: an absolute one as given, else relative to where npm was run.
    shownAs: (file) => typed.get(file) ?? (path.relative(io.cwd, file) || '.'),
    tools: toolsCache(io.env),
  });
  return ok ? 0 : 1;
}

/** Why `name` cannot name the package of the output folder, if it cannot. */
async function nameProblem(name: string): Promise<string | undefined> {
  const { checkPackageName } = await import('../overlay/overlay-package.ts');
  try {
    checkPackageName(name);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
