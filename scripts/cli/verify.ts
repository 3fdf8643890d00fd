// `npm run verify -- --base-url <url> [--header "Name: value"] ... [--overlay <file>] ... [--id <operationId>=<id>] ...
// [--write <operationId> ... --allow-writes] [--dry-run] [--format text|markdown] [--junit <file>] [--strict]`:
// checks a running service against the description, GET requests only unless told otherwise
// (scripts/verify/verify.ts). Exit 0: nothing contradicts; 1: the verification failed; 2: bad usage, nothing sent.
const { checkout } = require('./start.ts');

async function main() {
  const [{ openProject }, { verify }] = await Promise.all([import('../project.ts'), import('../verify/verify.ts')]);
  return verify(openProject(checkout), process.argv.slice(2), {
    out: (text) => console.log(text),
    err: (text) => console.error(text),
    // npm runs scripts in the package's folder; the user's paths are relative to where they ran npm.
    cwd: process.env.INIT_CWD || process.cwd(),
  });
}

main().then((code) => (process.exitCode = code));
