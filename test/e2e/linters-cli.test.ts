// The linters' own command-line tools, as a maintainer or an editor plug-in runs them, agree with
// `npm run lint`: nothing to report on the source (Redocly, with the house rules and the file
// layout plugin) or on the committed bundle (Redocly and Spectral, both serialisations). Run by
// the toolchain's Node: the house plugin is TypeScript.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../support/helpers.ts';
import { run } from '../support/run-command.ts';

const cli = (pkg: string, file: string) => path.join(root, 'node_modules', pkg, file);

describe("the linters' own CLIs", () => {
  it('redocly lint passes the source with the source rules (house plugin included) and the bundle', async () => {
    const result = await run(process.execPath, [cli('@redocly/cli', 'bin/cli.js'), 'lint', 'source', 'generated/openapi.json'], root, {
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
    });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain("validating openapi/openapi.yaml using lint rules for api 'source'...");
    expect(result.output).toContain('validating generated/openapi.json...');
    expect(result.output).toMatch(/Your API descriptions are valid/);
    expect(result.output).not.toMatch(/warnings?/);
  });

  it('spectral lint passes both serialisations of the bundle with no finding at any severity', async () => {
    const files = ['generated/openapi.json', 'generated/openapi.yaml'];
    const result = await run(
      process.execPath,
      [cli('@stoplight/spectral-cli', 'dist/index.js'), 'lint', ...files, '--ruleset', '.spectral.yaml', '--fail-severity', 'hint'],
      root,
    );
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/No results with a severity of 'hint' or higher found/);
  });
});
