// `npm run docs`: builds, serves generated/docs/ on 127.0.0.1 with the Markdown reference beside
// it, and rebuilds when openapi/ or a lint config changes. The definition below is the usage, the
// parser and `--help` (scripts/command-line.ts).
const { checkout } = require('./start.ts');

const command = {
  name: 'docs',
  summary: [
    'Serves the docs on 127.0.0.1 with /llms.txt, /llms-full.txt and /reference/ beside them (during the',
    'first build, a page that reloads when it is done); rebuilds when openapi/ or a lint config changes and reloads the open page after a good',
    'rebuild (a failed one keeps the last good docs). Answers only GET and HEAD, for its own host.',
    'Runs until Ctrl-C.',
  ].join('\n'),
  options: {
    port: { type: 'string', value: '<n>', integer: { min: 0, max: 65535 }, default: '8080', description: 'the port on 127.0.0.1 (0: any free port)' },
  },
  examples: ['npm run docs -- --port 8081'],
  exits: [
    [0, 'stopped (Ctrl-C)'],
    [1, 'the server failed, or the port is taken'],
    [2, 'bad arguments'],
  ],
};

async function main() {
  const { commandLine } = await import('../command-line.ts');
  const parsed = commandLine(command, process.argv.slice(2));
  if (typeof parsed === 'number') return parsed;
  const port = Number(parsed.values.port);
  const [{ openProject }, { serveDocs }, { forTerminal }] = await Promise.all([
    import('../project.ts'),
    import('../serve/docs-server.ts'),
    import('../escape.ts'),
  ]);
  let server;
  try {
    server = await serveDocs(openProject(checkout), port, { info: (line) => console.log(line), error: (line) => console.error(line) });
  } catch (error) {
    // The port is taken or not ours to use (EADDRINUSE, EACCES): one line, nothing left listening or watching.
    if (!(error instanceof Error) || !('syscall' in error)) throw error;
    const port = error.syscall === 'listen';
    console.error(`docs: ${forTerminal(error.message)}${port ? ': give another --port (0: any free port)' : ''}`);
    // Not the port: the server may be listening already, so nothing keeps the process alive but it.
    if (!port) process.exit(1);
    return 1;
  }
  console.log(`docs: building; ${server.url} shows a page that reloads when the build is done`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void server.close().then(() => {
      console.log('docs: stopped');
      process.exit(0);
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const { stopWithParent } = await import('../serve/stop-with-parent.ts');
  stopWithParent(stop);
  await server.firstBuild;
  console.log(`docs: serving ${server.url}, with ${server.url}llms.txt and ${server.url}reference/ beside it`);
  console.log('docs: rebuilds when openapi/ changes and reloads the open page after a good rebuild; Ctrl-C to stop');
  return undefined;
}

main().then((code) => (process.exitCode = code));
