// The linters' own command-line tools, as a maintainer or an editor plug-in runs them, agree with
// `npm run lint`: nothing to report on the source (Redocly, with the house rules and the file
// layout plugin) or on the committed bundle (Redocly and Spectral, both serialisations).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../support/helpers.ts';
import { run } from '../support/run-command.ts';

const quiet = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
const cli = (pkg: string, file: string) => path.join(root, 'node_modules', pkg, file);
const redocly = (args: string[]) => run(process.execPath, [cli('@redocly/cli', 'bin/cli.js'), ...args], root, quiet);
const spectral = (args: string[]) => run(process.execPath, [cli('@stoplight/spectral-cli', 'dist/index.js'), ...args], root);

describe("the linters' own CLIs", () => {
  it('redocly lint passes the source with the source rules (house plugin included)', async () => {
    const result = await redocly(['lint', 'source']);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Your API description is valid/);
    expect(result.output).not.toMatch(/You have \d+ warnings?/);
  });

  it('redocly lint passes the bundle', async () => {
    const result = await redocly(['lint', 'generated/openapi.json']);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Your API description is valid/);
  });

  it.each(['generated/openapi.json', 'generated/openapi.yaml'])('spectral lint passes %s with no finding at any severity', async (file) => {
    const result = await spectral(['lint', file, '--ruleset', '.spectral.yaml', '--fail-severity', 'hint']);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/No results with a severity of 'hint' or higher found/);
  });
});
