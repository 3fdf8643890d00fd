// `npm run verify`: checks a running service against the description, GET requests only unless told
// otherwise (scripts/verify/verify.ts). Its definition (usage, parser, `--help`) is verifyCommand
// in scripts/verify/verify-options.ts.
const { checkout } = require('./start.ts');

async function main() {
  const [{ commandLine }, { verifyCommand }] = await Promise.all([import('../command-line.ts'), import('../verify/verify-options.ts')]);
  const args = process.argv.slice(2);
  // --help ends here; everything else, bad usage included, is verify's own (one line, exit 2, nothing sent).
  if (args.includes('--help') || args.includes('-h')) {
    const parsed = commandLine(verifyCommand, args);
    if (typeof parsed === 'number') return parsed;
  }
  const [{ openProject }, { verify }] = await Promise.all([import('../project.ts'), import('../verify/verify.ts')]);
  return verify(openProject(checkout), args, {
    out: (text) => console.log(text),
    err: (text) => console.error(text),
    // npm runs scripts in the package's folder; the user's paths are relative to where they ran npm.
    cwd: process.env.INIT_CWD || process.cwd(),
  });
}

main().then((code) => (process.exitCode = code));
