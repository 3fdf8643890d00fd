// `npm run build`: lint, then every generation step, into a staging folder that replaces
// generated/ only when all steps have passed. Exit 0: built; 1: a step failed, generated/ unchanged.
const { checkout } = require('./start.ts');

async function main() {
  const [{ openProject }, { build }] = await Promise.all([import('../project.ts'), import('../build/build.ts')]);
  const ok = await build(openProject(checkout), { info: (line) => console.log(line), error: (line) => console.error(line) });
  return ok ? 0 : 1;
}

main().then((code) => (process.exitCode = code));
