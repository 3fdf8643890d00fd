// `npm run docs [-- --port N]`: builds, serves generated/docs/ on 127.0.0.1 (port 8080 by
// default) with the Markdown reference beside it, and rebuilds when openapi/ or a lint config
// changes; the open page reloads after a good rebuild, and a failed one keeps the last good docs.
// Runs until stopped. Exit 2: bad arguments.
const { checkout } = require('./start.ts');

async function main() {
  const { parseArgs } = await import('node:util');
  const { values } = parseArgs({ options: { port: { type: 'string', default: '8080' } } });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`docs: --port must be a whole number from 0 to 65535, not '${values.port}'`);
    return 2;
  }
  const [{ openProject }, { serveDocs }] = await Promise.all([import('../project.ts'), import('../serve/docs-server.ts')]);
  const server = await serveDocs(openProject(checkout), port, { info: (line) => console.log(line), error: (line) => console.error(line) });
  console.log(`docs: serving ${server.url}, with ${server.url}llms.txt and ${server.url}reference/README.md beside it`);
  console.log('docs: rebuilds when openapi/ changes and reloads the open page after a good rebuild; Ctrl-C to stop');
  return undefined;
}

main().then((code) => (process.exitCode = code));
