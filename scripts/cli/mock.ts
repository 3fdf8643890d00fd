// `npm run mock [-- --port N] [--verbose]`: the Prism mock server on 127.0.0.1, from
// generated/openapi.json. Port 4010 is the `{base_url}` default, so the client reaches it with no
// configuration. Runs until stopped. Exit 1: Prism failed; 2: bad arguments.
const { checkout } = require('./start.ts');

async function main() {
  const [{ parseArgs }, path] = await Promise.all([import('node:util'), import('node:path')]);
  const { values } = parseArgs({ options: { port: { type: 'string', default: '4010' }, verbose: { type: 'boolean', default: false } } });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`mock: --port must be a whole number from 1 to 65535, not '${values.port}'`);
    return 2;
  }
  const [{ openProject }, { startMockServer }] = await Promise.all([import('../project.ts'), import('../serve/mock-server.ts')]);
  const bundleFile = path.join(openProject(checkout).outputDir, 'openapi.json');
  console.log(`mock: starting Prism from generated/openapi.json on 127.0.0.1:${port}...`);
  try {
    const server = await startMockServer({ bundleFile, port, onLog: values.verbose ? (line) => console.log(line) : undefined });
    console.log(`mock: listening on ${server.url} (Ctrl-C to stop; --verbose shows Prism's log)`);
    const shutdown = () => void server.stop().then(() => process.exit(0));
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
    server.process.once('exit', (code) => {
      console.error(`mock: Prism exited (${code})`);
      process.exit(1);
    });
    return undefined;
  } catch (error) {
    console.error(`mock: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

main().then((code) => (process.exitCode = code));
