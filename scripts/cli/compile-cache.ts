// The folder of Node's compile cache for every command (main.ts turns it on). CommonJS, in the
// JavaScript subset of TypeScript, as main.ts is (README.md).
const path = require('node:path');
const fs = require('node:fs');

/**
 * The folder of Node's compile cache: under the user's cache folder, only the user's (mode 0700),
 * never Node's default, a folder in the shared /tmp that another user could seed with compiled
 * code. Undefined (the cache stays off) when another user owns it or group or others may write to it.
 */
function privateCompileCache(env = process.env) {
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
exports.privateCompileCache = privateCompileCache;
