// `npm run mock`: the Prism mock server on 127.0.0.1 behind its front door (its own Host only, CORS
// without credentials: scripts/serve/), from generated/openapi.json or, with --overlay, that
// description with the user's overlays applied in memory. Serves until `io.signal` stops it.
import { type CommandDefinition, type CommandIo, commandLine } from '../command-line.ts';
import { forTerminal, forTerminalLines } from '../escape.ts';
import { openProject } from '../project.ts';
import { mockDescription } from '../serve/mock-description.ts';
import { startMockServer } from '../serve/mock-server.ts';

export const serves = true;

export const definition: CommandDefinition = {
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

export async function run(args: string[], io: CommandIo): Promise<number> {
  const parsed = commandLine(definition, args, io);
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const port = Number(values.port);
  // What to remove when the mock stops or fails: the overlaid description's temporary folder.
  let remove = () => Promise.resolve();
  try {
    const served = await mockDescription(openProject(io.root), values.overlay, io.cwd);
    remove = served.remove;
    io.out(forTerminal(`mock: starting Prism from ${served.shown} on 127.0.0.1:${port}...`));
    const server = await startMockServer({ bundleFile: served.file, port, onLog: values.verbose ? (line) => io.out(forTerminal(line)) : undefined });
    io.out(`mock: listening on ${server.url} (Prism pid ${server.process.pid}; Ctrl-C to stop; --verbose shows Prism's log)`);
    // Ctrl-C reaches Prism too (the terminal signals the whole process group): that is a stop, not a failure.
    const ended = await new Promise<string | undefined>((resolve) => {
      io.signal.addEventListener('abort', () => resolve(undefined), { once: true });
      if (io.signal.aborted) resolve(undefined);
      server.process.once('exit', (code, signal) =>
        resolve(signal === 'SIGINT' || signal === 'SIGTERM' || io.signal.aborted ? undefined : (signal ?? `exit code ${code}`)),
      );
    });
    await Promise.all([server.stop(), served.remove()]);
    if (ended === undefined) {
      io.out('mock: stopped');
      return 0;
    }
    io.err(`mock: Prism stopped on its own (${ended})`);
    return 1;
  } catch (error) {
    await remove();
    // Prism's failure holds its last log lines, read line by line: printed as lines, each escaped.
    // The port is taken or not ours to use (EADDRINUSE, EACCES): say what to do about it.
    const hint = error instanceof Error && 'syscall' in error && error.syscall === 'listen' ? ': give another --port' : '';
    io.err(`mock: ${forTerminalLines(error instanceof Error ? error.message : String(error)).join('\n')}${hint}`);
    return 1;
  }
}
