// `npm run check`: fails, naming each file, when anything under generated/ differs from what
// openapi/ builds. Never writes generated/. The definition below is the usage, the parser and
// `--help` (scripts/command-line.ts).
const { checkout } = require('./start.ts');

const command = {
  name: 'check',
  summary: [
    'Builds openapi/ into a scratch folder and fails, naming each file, when anything under generated/',
    'differs from it (the drift check). Never writes generated/.',
  ].join('\n'),
  options: {},
  examples: ['npm run check'],
  exits: [
    [0, 'generated/ is in step with openapi/'],
    [1, 'drifted, or the build failed'],
    [2, 'bad arguments'],
  ],
};

async function main() {
  const { commandLine } = await import('../command-line.ts');
  const parsed = commandLine(command, process.argv.slice(2));
  if (typeof parsed === 'number') return parsed;
  const [{ openProject }, { checkDrift }] = await Promise.all([import('../project.ts'), import('../pipeline/check.ts')]);
  try {
    const drifted = await checkDrift(openProject(checkout));
    if (drifted.length === 0) {
      console.log('check: generated/ matches what openapi/ builds');
      return 0;
    }
    console.error('check: generated/ is out of step with openapi/ (run `npm run build` and commit the result):');
    for (const line of drifted) console.error(`  ${line}`);
  } catch (error) {
    console.error(`check: the build failed, so generated/ cannot be compared: ${error instanceof Error ? error.message : String(error)}`);
  }
  return 1;
}

main().then((code) => (process.exitCode = code));
