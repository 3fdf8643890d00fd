// `npm run mock`: the Prism mock server on 127.0.0.1 behind its front door (its own Host only, CORS
// without credentials: scripts/serve/), from generated/openapi.json or, with --overlay, that
// description with the user's overlays applied in memory. Runs until stopped (Ctrl-C: a clean stop).
// The definition below is the usage, the parser and `--help` (scripts/command-line.ts).
const { checkout } = require('./start.ts');

const command = {
  name: 'mock',
  summary: [
    'Serves the Prism mock of the description on 127.0.0.1, in --errors mode: a request that breaks',
    'the description gets an error response. Port 4010 is the `{base_url}` default, so the client',
    'reaches it with no configuration. It answers only for 127.0.0.1:<port> and localhost:<port>',
    '(421 otherwise), and allows any origin without credentials. With --overlay, it serves the',
    'description with your overlays (docs/overlays.md). Runs until Ctrl-C.',
  ].join('\n'),
  options: {
    port: { type: 'string', value: '<n>', integer: { min: 1, max: 65535 }, default: '4010', description: 'the port on 127.0.0.1' },
    overlay: { type: 'string', value: '<file>', multiple: true, default: [], description: 'an overlay to apply, in order (relative to where you run npm)' },
    verbose: { type: 'boolean', description: "print Prism's log" },
  },
  examples: ['npm run mock -- --port 4010 --overlay examples/overlays/auth.yaml'],
  exits: [
    [0, 'stopped (Ctrl-C)'],
    [1, 'Prism failed to start or stopped on its own, or an overlay was refused'],
    [2, 'bad arguments'],
  ],
};

async function main() {
  const { commandLine } = await import('../command-line.ts');
  const parsed = commandLine(command, process.argv.slice(2));
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const port = Number(values.port);
  const [{ openProject }, { startMockServer }, { mockDescription }, { forTerminal, forTerminalLines }] = await Promise.all([
    import('../project.ts'),
    import('../serve/mock-server.ts'),
    import('../serve/mock-description.ts'),
    import('../escape.ts'),
  ]);
  // What to remove when the mock stops or fails: the overlaid description's temporary folder.
  const cleanup = { remove: () => Promise.resolve() };
  try {
    // npm runs scripts in the package's folder; the user's paths are relative to where they ran npm.
    const served = await mockDescription(openProject(checkout), values.overlay, process.env.INIT_CWD || process.cwd());
    cleanup.remove = served.remove;
    console.log(forTerminal(`mock: starting Prism from ${served.shown} on 127.0.0.1:${port}...`));
    const server = await startMockServer({ bundleFile: served.file, port, onLog: values.verbose ? (line) => console.log(forTerminal(line)) : undefined });
    console.log(`mock: listening on ${server.url} (Prism pid ${server.process.pid}; Ctrl-C to stop; --verbose shows Prism's log)`);
    let stopping = false;
    const shutdown = () => {
      stopping = true;
      void Promise.all([server.stop(), served.remove()]).then(() => {
        console.log('mock: stopped');
        process.exit(0);
      });
    };
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
    const { stopWithParent } = await import('../serve/stop-with-parent.ts');
    stopWithParent(() => stopping || shutdown());
    // Ctrl-C reaches Prism too (the terminal signals the whole process group): that is a stop, not a failure.
    server.process.once('exit', (code, signal) => {
      if (stopping || signal === 'SIGINT' || signal === 'SIGTERM') return void (stopping || shutdown());
      console.error(`mock: Prism stopped on its own (${signal ?? `exit code ${code}`})`);
      void Promise.all([server.stop(), served.remove()]).then(() => process.exit(1));
    });
    return undefined;
  } catch (error) {
    await cleanup.remove();
    // Prism's failure holds its last log lines, read line by line: printed as lines, each escaped.
    // The port is taken or not ours to use (EADDRINUSE, EACCES): say what to do about it.
    const hint = error instanceof Error && 'syscall' in error && error.syscall === 'listen' ? ': give another --port' : '';
    console.error(`mock: ${forTerminalLines(error instanceof Error ? error.message : String(error)).join('\n')}${hint}`);
    return 1;
  }
}

main().then((code) => (process.exitCode = code));
