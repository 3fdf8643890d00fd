// `npm run build`: lint, then every generation step, into a staging folder that replaces
// generated/ only when all steps have passed; with --overlay, the same with the user's overlays
// applied, into --out instead (docs/overlays.md). The definition below is the usage, the parser and
// `--help` (scripts/command-line.ts).
const { checkout } = require('./start.ts');

const command = {
  name: 'build',
  summary: [
    'Lints, then bundles and makes the variants, types, client, Markdown reference and docs,',
    'independent steps at once, into a staging folder that replaces generated/ only when every step',
    'passed. With --overlay, the same with your overlays applied, strictly, into --out (never',
    'generated/), with overlay-changes.md saying what they change. Paths are relative to where you run npm.',
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

async function main() {
  const { commandLine } = await import('../command-line.ts');
  const parsed = commandLine(command, process.argv.slice(2));
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const withOverlays = values.overlay.length > 0;
  const problem =
    withOverlays && !values.out
      ? '--overlay needs --out <folder>: the build with overlays never writes generated/'
      : !withOverlays && (values.out || values.name !== undefined || values['allow-operation-changes'])
        ? `${values.out ? '--out' : values.name !== undefined ? '--name' : '--allow-operation-changes'} is for a build with --overlay`
        : values.name !== undefined
          ? await nameProblem(values.name)
          : undefined;
  if (problem) {
    console.error(`build: ${problem}: see \`npm run build -- --help\``);
    return 2;
  }
  const { openProject } = await import('../project.ts');
  const project = openProject(checkout);
  if (!withOverlays) {
    const { build } = await import('../pipeline/build.ts');
    return (await build(project, { info: (line) => console.log(line), error: (line) => console.error(line) })) ? 0 : 1;
  }
  // npm runs scripts in the package's folder; the user's paths are relative to where they ran npm.
  const path = await import('node:path');
  const from = process.env.INIT_CWD || process.cwd();
  const typed = new Map([...values.overlay, values.out ?? ''].map((file = '') => [path.resolve(from, file), file]));
  // Where --out may not be is a bad argument (exit 2), found before anything is read.
  const { outputPlacementProblem } = await import('../overlay/output-folder.ts');
  const { forTerminal } = await import('../escape.ts');
  const misplaced = outputPlacementProblem(project, path.resolve(from, values.out ?? ''), values.out ?? '');
  if (misplaced) {
    console.error(`build: ${forTerminal(misplaced)}: see \`npm run build -- --help\``);
    return 2;
  }
  const { buildOverlaid } = await import('../overlay/build-overlaid.ts');
  const ok = await buildOverlaid(
    project,
    { info: (line) => console.log(line), error: (line) => console.error(line) },
    {
      overlays: values.overlay.map((file = '') => path.resolve(from, file)),
      out: path.resolve(from, values.out ?? ''),
      allowOperationChanges: values['allow-operation-changes'],
      packageName: values.name,
      // A path as the user typed it: an absolute one as given, else relative to where npm was run.
      shownAs: (file) => typed.get(file) ?? (path.relative(from, file) || '.'),
    },
  );
  return ok ? 0 : 1;
}

/** Why `name` cannot name the package of the output folder, if it cannot. */
async function nameProblem(name = '') {
  const { checkPackageName } = await import('../overlay/overlay-package.ts');
  try {
    checkPackageName(name);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

main().then((code) => (process.exitCode = code));
