// `npm run docs`: builds, serves generated/docs/ on 127.0.0.1 with the Markdown reference beside
// it, and rebuilds when openapi/ or a lint config changes. Serves until `io.signal` stops it.
import { type CommandDefinition, type CommandIo, commandLine } from '../command-line.ts';
import { forTerminal } from '../escape.ts';
import { openProject } from '../project.ts';
import type { DocsServer } from '../serve/docs-server.ts';

export const serves = true;

export const definition: CommandDefinition = {
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

export async function run(args: string[], io: CommandIo): Promise<number> {
  const parsed = commandLine(definition, args, io);
  if (typeof parsed === 'number') return parsed;
  let server: DocsServer;
  // The server and the build load only now: `--help` and a usage error need neither.
  const { serveDocs } = await import('../serve/docs-server.ts');
  try {
    server = await serveDocs(openProject(io.root), Number(parsed.values.port), { info: io.out, error: io.err });
  } catch (error) {
    // The port is taken or not ours to use (EADDRINUSE, EACCES): one line, nothing left listening or watching.
    if (!(error instanceof Error) || !('syscall' in error)) throw error;
    io.err(`docs: ${forTerminal(error.message)}${error.syscall === 'listen' ? ': give another --port (0: any free port)' : ''}`);
    return 1;
  }
  io.out(`docs: building; ${server.url} shows a page that reloads when the build is done`);
  const stopped = new Promise<void>((resolve) => {
    io.signal.addEventListener('abort', () => resolve(), { once: true });
    if (io.signal.aborted) resolve();
  });
  // Stopped during the first build: no serving lines, straight to the stop.
  if ((await Promise.race([server.firstBuild.then(() => 'built'), stopped.then(() => 'stopped')])) === 'built') {
    io.out(`docs: serving ${server.url}, with ${server.url}llms.txt and ${server.url}reference/ beside it`);
    io.out('docs: rebuilds when openapi/ changes and reloads the open page after a good rebuild; Ctrl-C to stop');
    await stopped;
  }
  await server.close();
  io.out('docs: stopped');
  return 0;
}
