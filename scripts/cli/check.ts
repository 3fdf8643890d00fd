// `npm run check`: fails, naming each file, when anything under generated/ differs from what
// openapi/ builds. Never writes generated/. Exit 0: in step; 1: drifted, or the build failed.
const { checkout } = require('./start.ts');

async function main() {
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
