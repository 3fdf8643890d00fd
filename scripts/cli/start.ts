// Every command starts here. On a Node older than the toolchain's it stops at once with one line
// that says what to run instead; otherwise it turns on Node's compile cache and names the checkout.
//
// Why the entries in this folder look like JavaScript: they must still parse on an older Node,
// which has no type stripping, to print that line instead of a stack trace. So this folder is
// CommonJS (its package.json) and its files use only the JavaScript subset of TypeScript, with
// no static import: each entry requires this file first, then imports the stage it runs.
const path = require('node:path');

const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  const entry = path.relative(process.cwd(), process.argv[1] ?? 'scripts/cli/<command>.ts');
  const script = process.env.npm_lifecycle_event || path.basename(entry, '.ts');
  console.error(
    `${script}: needs Node 24 (this is Node ${process.versions.node}): run \`npm run ${script}\`, or \`node_modules/.bin/node ${entry}\` after \`npm ci\``,
  );
  process.exit(1);
}
require('node:module').enableCompileCache?.();

/** The root of the checkout these commands belong to. */
exports.checkout = path.resolve(__dirname, '..', '..');
