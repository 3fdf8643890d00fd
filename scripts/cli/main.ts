// Every command's process starts here (`node scripts/cli/main.ts <command> [args]`, as package.json's
// scripts run it). On a Node older than the toolchain's it stops at once with one line that says
// what to run instead; otherwise it turns on Node's compile cache (in a folder only the user can
// write), then runs scripts/commands/<command>.ts with this process as its io: the checkout, npm's
// INIT_CWD, the environment, stdout and stderr, and, for a command that serves, Ctrl-C, SIGTERM and
// a parent that is gone as its stop signal. Tests call the same `run` in their own process.
//
// Why this file looks like JavaScript: it must still parse on an older Node, which has no type
// stripping, to print that line instead of a stack trace. So this folder is CommonJS (its
// package.json) and this file uses only the JavaScript subset of TypeScript, with no static import.
const path = require('node:path');
const fs = require('node:fs');

const name = process.argv[2] ?? '';
const file = path.join(__dirname, '..', 'commands', `${name}.ts`);
if (!/^[a-z][a-z-]*$/.test(name) || !fs.existsSync(file)) {
  console.error(`main: no command ${JSON.stringify(name).slice(0, 60)}: run one of package.json's scripts (npm run)`);
  process.exit(2);
}

const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  const script = process.env.npm_lifecycle_event || name;
  console.error(
    `${script}: needs Node 24 (this is Node ${process.versions.node}): run \`npm run ${script}\`, or \`node_modules/.bin/node scripts/cli/main.ts ${name}\` after \`npm ci\``,
  );
  process.exit(1);
}

const compileCache = require('./compile-cache.ts').privateCompileCache();
if (compileCache) require('node:module').enableCompileCache?.(compileCache);

// A reader that stops reading (`npm run learn ... | head`) closes the pipe: the output ends there,
// quietly, as a Unix command's does, instead of a stack trace for an unhandled EPIPE.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });

async function main() {
  const command = await import(file);
  const stop = new AbortController();
  if (command.serves) {
    process.once('SIGINT', () => stop.abort());
    process.once('SIGTERM', () => stop.abort());
    const { stopWithParent } = await import('../serve/stop-with-parent.ts');
    stopWithParent(() => stop.abort());
  }
  const io = {
    root: path.resolve(__dirname, '..', '..'),
    // npm runs scripts in the package's folder; the user's paths are relative to where they ran npm.
    cwd: process.env.INIT_CWD || process.cwd(),
    env: process.env,
    out: (line = '') => console.log(line),
    err: (line = '') => console.error(line),
    write: (text = '') => void process.stdout.write(text),
    signal: stop.signal,
  };
  process.exitCode = await command.run(process.argv.slice(3), io);
  // A server stopped by a signal ends now, whatever its children or timers still hold open.
  if (stop.signal.aborted) process.exit();
}

main();
