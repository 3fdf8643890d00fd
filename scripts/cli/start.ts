// Every command starts here. On a Node older than the toolchain's it stops at once with one line
// that says what to run instead; otherwise it turns on Node's compile cache (in a folder only the
// user can write) and names the checkout.
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

/**
 * The folder of Node's compile cache: under the user's cache folder, only the user's (mode 0700),
 * never Node's default, a folder in the shared /tmp that another user could seed with compiled
 * code. Undefined (the cache stays off) when another user owns it or group or others may write to it.
 */
function privateCompileCache(env = process.env) {
  const fs = require('node:fs');
  const base = env.XDG_CACHE_HOME || path.join(require('node:os').homedir(), '.cache');
  const dir = path.join(base, 'email-delivery-api', 'node-compile-cache');
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = fs.lstatSync(dir);
    if (!stat.isDirectory() || stat.uid !== process.getuid?.() || (stat.mode & 0o022) !== 0) return undefined;
    if ((stat.mode & 0o777) !== 0o700) fs.chmodSync(dir, 0o700);
    return dir;
  } catch {
    return undefined;
  }
}
const compileCache = privateCompileCache();
if (compileCache) require('node:module').enableCompileCache?.(compileCache);

/** The root of the checkout these commands belong to. */
exports.checkout = path.resolve(__dirname, '..', '..');
