// `npm run build`: lint, then every generation step, into a staging folder that replaces
// generated/ only when all steps have passed. Exit 0: built; 1: a step failed, generated/ unchanged.
//
// `npm run build -- --overlay <file> [--overlay <file> ...] --out <folder> [--name <package>] [--allow-operation-changes]`:
// the same with the user's overlays applied, into <folder> instead (docs/overlays.md), which is
// then a package named <package>; generated/ is not touched. Paths are relative to where npm was
// run. Exit 2: bad arguments.
const { checkout } = require('./start.ts');

const usage = 'build: usage: npm run build [-- --overlay <file> ... --out <folder> [--name <package>] [--allow-operation-changes]]';

async function main() {
  const { parseArgs } = await import('node:util');
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      overlay: { type: 'string', multiple: true, default: [] },
      out: { type: 'string' },
      name: { type: 'string' },
      'allow-operation-changes': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const withOverlays = values.overlay.length > 0;
  const problem =
    positionals.length > 0
      ? `unexpected argument ${JSON.stringify(positionals[0])}`
      : withOverlays && !values.out
        ? '--overlay needs --out <folder>: the build with overlays never writes generated/'
        : !withOverlays && (values.out || values.name !== undefined || values['allow-operation-changes'])
          ? `${values.out ? '--out' : values.name !== undefined ? '--name' : '--allow-operation-changes'} is for a build with --overlay`
          : values.name !== undefined
            ? await nameProblem(values.name)
            : undefined;
  if (problem) {
    console.error(`build: ${problem}\n${usage}`);
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
  const { buildOverlaid } = await import('../overlay/build-overlaid.ts');
  const ok = await buildOverlaid(
    project,
    { info: (line) => console.log(line), error: (line) => console.error(line) },
    {
      overlays: values.overlay.map((file) => path.resolve(from, file)),
      out: path.resolve(from, values.out ?? ''),
      allowOperationChanges: values['allow-operation-changes'],
      packageName: values.name,
      shownAs: (file) => path.relative(from, file) || '.',
    },
  );
  return ok ? 0 : 1;
}

/** Why `name` cannot name the package of the output folder, if it cannot. */
async function nameProblem(name: string) {
  const { checkPackageName } = await import('../overlay/overlay-package.ts');
  try {
    checkPackageName(name);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

main().then((code) => (process.exitCode = code));
