// The source boundary, in this process on temporary projects: each way a pull request's source or
// configs could make the lint read, fetch or expand something outside the description is refused
// by name, at the referring file and line, before any linter runs, and the build writes nothing.
// Outside files are planted beside the project, with a marker that must never be printed.
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../scripts/pipeline/build.ts';
import { committedSteps } from '../../scripts/pipeline/pipeline.ts';
import { lintDescription, type LintOptions } from '../../scripts/lint/lint-description.ts';
import { lintSummary, problemLines } from '../../scripts/lint/lint-problems.ts';
import { inThreadSpectral } from '../../scripts/lint/spectral.ts';
import { strictlyWithin, within } from '../../scripts/project.ts';
import { loadRuleset } from '../../scripts/lint/spectral-ruleset.ts';
import { checkoutLinters, edit, fingerprint, recordingLog, type TemporaryProject, withTemporaryProject } from '../support/helpers.ts';
import { makeScratchFolder } from '../support/scratch-folder.ts';

const secret = 'OUTSIDE-THE-REPOSITORY-7f3a';
let linters: Required<LintOptions>;
let requests = 0;
const server = http.createServer((_request, response) => {
  requests += 1;
  response.end(`description: ${secret}\n`);
});
let url = '';
/** Where the outside files are planted: beside the temporary projects, removed after the file. */
let outside = '';
beforeAll(async () => {
  linters = await checkoutLinters();
  outside = await makeScratchFolder('outside');
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/schema.yaml`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await fs.rm(outside, { recursive: true, force: true });
});

const webhooks = 'openapi/paths/v1_webhooks.yaml';
const toSchema = 'ListWebhooksResponseBody.yaml';
/** Points listWebhooks's response schema at `target` instead. */
const refTo = (temporary: TemporaryProject, target: string) => edit(temporary.dir, webhooks, `../components/schemas/${toSchema}`, target);
/** A file outside the project, holding the marker. */
const plantOutside = async (temporary: TemporaryProject) => {
  const file = path.join(outside, `${path.basename(temporary.dir)}.yaml`);
  await fs.writeFile(file, `description: ${secret}\n`);
  return file;
};

/**
 * What each test here copies of generated/: the committed bundle alone. Every build here fails in
 * its lint step, and "writes nothing" is checked on the folder it would replace, whatever it holds.
 */
const outputs = { outputs: ['openapi.json'] };

const cases: [string, { given: (temporary: TemporaryProject) => Promise<unknown>; want: RegExp }][] = [
  [
    'a $ref to an absolute path',
    {
      given: async (t) => refTo(t, await plantOutside(t)),
      want: /^openapi\/paths\/v1_webhooks\.yaml:17:19 error source\/ref-absolute: \$ref ".*" is an absolute path/,
    },
  ],
  [
    'a $ref that climbs out of openapi/',
    {
      given: async (t) => refTo(t, path.relative(path.join(t.dir, 'openapi/paths'), await plantOutside(t))),
      want: /^openapi\/paths\/v1_webhooks\.yaml:17:19 error source\/ref-outside: \$ref "\.\.\/\.\.\/\.\.\/email-delivery-outside-.*\.yaml" leads outside openapi\/$/,
    },
  ],
  [
    'a $ref to a URL (a loopback server that would answer)',
    {
      given: (t) => refTo(t, url),
      want: /^openapi\/paths\/v1_webhooks\.yaml:17:19 error source\/ref-url: \$ref "http:\/\/127\.0\.0\.1:\d+\/schema\.yaml" is a URL/,
    },
  ],
  [
    'a source file replaced by a symbolic link',
    {
      given: async (t) => {
        const file = path.join(t.dir, 'openapi/components/schemas', toSchema);
        await fs.rm(file);
        await fs.symlink(await plantOutside(t), file);
      },
      want: /^openapi\/paths\/v1_webhooks\.yaml:17:19 error source\/ref-symlink: openapi\/components\/schemas\/ListWebhooksResponseBody\.yaml is reached through a symbolic link/,
    },
  ],
  [
    'a linked folder',
    {
      given: async (t) => {
        const folder = path.join(outside, `${path.basename(t.dir)}-folder`);
        await fs.mkdir(folder, { recursive: true });
        await fs.writeFile(path.join(folder, toSchema), `description: ${secret}\n`);
        await fs.symlink(folder, path.join(t.dir, 'openapi/linked'));
        await refTo(t, `../linked/${toSchema}`);
      },
      want: /error source\/ref-symlink: openapi\/linked\/ListWebhooksResponseBody\.yaml is reached through a symbolic link \(linked\)/,
    },
  ],
  [
    'a $ref to a named pipe',
    {
      given: async (t) => {
        const { execFileSync } = await import('node:child_process');
        execFileSync('mkfifo', [path.join(t.dir, 'openapi/components/schemas/Pipe.yaml')]);
        await refTo(t, '../components/schemas/Pipe.yaml');
      },
      want: /error source\/ref-not-a-file: openapi\/components\/schemas\/Pipe\.yaml is not a regular file/,
    },
  ],
  [
    'a YAML alias bomb under 1 KB',
    {
      given: (t) => {
        const levels = ['a0: &a0 [x, x, x, x, x, x, x, x, x]'];
        for (let i = 1; i <= 7; i += 1)
          levels.push(
            `a${i}: &a${i} [${Array(9)
              .fill(`*a${i - 1}`)
              .join(', ')}]`,
          );
        return fs.appendFile(path.join(t.dir, webhooks), `x-bomb:\n${levels.map((line) => `  ${line}`).join('\n')}\n`);
      },
      want: /^openapi\/paths\/v1_webhooks\.yaml:1:1 error source\/yaml-aliases: YAML aliases expand beyond what a source file may hold/,
    },
  ],
  [
    'a $ref cycle between files',
    {
      given: (t) => fs.writeFile(path.join(t.dir, 'openapi/components/schemas', toSchema), '$ref: ../../paths/v1_webhooks.yaml\n'),
      want: /error source\/ref-cycle: the references form a cycle \(openapi\/paths\/v1_webhooks\.yaml -> openapi\/components\/schemas\/ListWebhooksResponseBody\.yaml -> openapi\/paths\/v1_webhooks\.yaml\)/,
    },
  ],
  [
    'a $ref loop inside a file that never reaches a value',
    {
      given: (t) =>
        edit(
          t.dir,
          'openapi/openapi.yaml',
          'paths:\n',
          "components:\n  schemas:\n    A:\n      $ref: '#/components/schemas/B'\n    B:\n      $ref: '#/components/schemas/A'\npaths:\n",
        ),
      want: /^openapi\/openapi\.yaml:\d+:\d+ error source\/ref-cycle: the references loop without reaching a value \(openapi\/openapi\.yaml#\/components\/schemas\/B -> /,
    },
  ],
  [
    'a 50 MB source file',
    {
      // Grown to 50 MB without writing them (a sparse file): its size alone refuses it.
      given: (t) => fs.truncate(path.join(t.dir, 'openapi/components/schemas', toSchema), 50 * 1024 * 1024),
      want: /error source\/file-size: openapi\/components\/schemas\/ListWebhooksResponseBody\.yaml has 52428800 bytes, more than the 1048576 it may have/,
    },
  ],
  [
    'bytes that are not UTF-8',
    {
      given: (t) =>
        fs.appendFile(path.join(t.dir, 'openapi/components/schemas', toSchema), Buffer.from([0x78, 0x2d, 0x62, 0x61, 0x64, 0x3a, 0x20, 0xff, 0xfe, 0x0a])),
      want: /error source\/not-utf8: openapi\/components\/schemas\/ListWebhooksResponseBody\.yaml: line 5 holds bytes that are not UTF-8/,
    },
  ],
  [
    'a reference on one 60,000-character line',
    {
      // Once a scan that backtracked over the blanks (20 s), then ENAMETOOLONG from lstat.
      given: (t) => fs.appendFile(path.join(t.dir, 'openapi/components/schemas', toSchema), `x-long:\n  $ref: a${' '.repeat(60_000)}b\n`),
      want: /^openapi\/components\/schemas\/ListWebhooksResponseBody\.yaml:6:9 error source\/ref-too-long: \$ref is longer than the 1024 characters a reference may have$/,
    },
  ],
  [
    'a reference with a name longer than the system allows',
    {
      given: (t) => refTo(t, `../${'a'.repeat(300)}/b.yaml`),
      want: /^openapi\/paths\/v1_webhooks\.yaml:17:19 error source\/ref-not-a-file: openapi\/a{300}\/b\.yaml cannot be looked up \(ENAMETOOLONG\)$/,
    },
  ],
];

describe.concurrent('the source boundary', () => {
  it.each(cases)('refuses %s by name, before any linter runs, and the build writes nothing', (_name, { given, want }) =>
    withTemporaryProject(async (temporary) => {
      const before = { requests, outputs: await fingerprint(temporary.project.outputDir) };
      await given(temporary);
      const log = recordingLog();
      expect(await build(temporary.project, log, { steps: committedSteps, lintOptions: linters })).toBe(false);
      const output = log.errors.join('\n');
      expect(output).toMatch(/^build: step 'lint' failed: the source boundary refused \d+ file\(s\) or reference\(s\); nothing was linted:$/m);
      expect(
        output.split('\n').some((line) => want.test(line.trim())),
        output,
      ).toBe(true);
      expect(output).not.toContain(secret);
      expect(log.errors.at(-1)).toBe('build: generated/ is unchanged');
      expect(await fingerprint(temporary.project.outputDir)).toEqual(before.outputs);
      expect(requests).toBe(before.requests);
    }, outputs),
  );
});

describe('a file of openapi/ that no $ref reaches', () => {
  it('is named, with the $ref to add, and the linters still run', () =>
    withTemporaryProject(async (temporary) => {
      await fs.writeFile(path.join(temporary.dir, 'openapi/paths/v1_webhook-settings.yaml'), 'get:\n  description: Invented.\n');
      await fs.writeFile(path.join(temporary.dir, 'openapi/components/schemas/ListHooksResponseBody.yaml'), 'description: x\n');
      await edit(temporary.dir, webhooks, 'Lists the webhooks.', 'Lists the webhooks once.');
      const result = await lintDescription(temporary.project, linters);
      expect(problemLines(temporary.project, result)).toEqual([
        expect.stringMatching(/^openapi\/paths\/v1_webhooks\.yaml:\d+:\d+ error faithful\/prose: "Lists the webhooks once\." uses "once"/),
        'openapi/components/schemas/ListHooksResponseBody.yaml:1:1 error source/unreferenced: no `$ref` reaches this file from openapi/openapi.yaml, so nothing lints it and the bundle leaves it out: add the `$ref` that names it, or remove it',
        'openapi/paths/v1_webhook-settings.yaml:1:1 error source/unreferenced: no `$ref` reaches this file from openapi/openapi.yaml, so nothing lints it and the bundle leaves it out: add `/v1/webhook-settings: {$ref: paths/v1_webhook-settings.yaml}` under `paths:` in openapi/openapi.yaml, or remove it',
      ]);
      expect(lintSummary(temporary.project, result)).toBe(
        '2 file(s) of openapi/ that no $ref reaches; the faithfulness contract found 1 problem(s) (docs/faithfulness.md)',
      );
    }, outputs));
});

describe.concurrent('the lint configs', () => {
  const configCases: [string, { file: string; search: string; replace: string; want: RegExp }][] = [
    [
      'a remote ruleset in .spectral.yaml',
      {
        file: '.spectral.yaml',
        search: '  - - spectral:oas\n    - all\n',
        replace: '  - https://rulesets.example/oas.yaml\n',
        want: /^\.spectral\.yaml:6:5: extends: "https:\/\/rulesets\.example\/oas\.yaml" is a URL; rulesets and functions are files in the repository, and nothing is fetched$/,
      },
    ],
    [
      'a ruleset outside the repository in .spectral.yaml',
      {
        file: '.spectral.yaml',
        search: '  - - spectral:oas\n    - all\n',
        replace: '  - ../elsewhere/ruleset.yaml\n',
        want: /^\.spectral\.yaml:6:5: extends: "\.\.\/elsewhere\/ruleset\.yaml" is refused: \.\.\/elsewhere\/ruleset\.yaml is outside /,
      },
    ],
    [
      'a remote ruleset in redocly.yaml',
      {
        file: 'redocly.yaml',
        search: '  - recommended-strict\n',
        replace: '  - https://rulesets.example/redocly.yaml\n',
        want: /^redocly\.yaml:5:5: extends: "https:\/\/rulesets\.example\/redocly\.yaml" is not one of Redocly's built-in rulesets/,
      },
    ],
    [
      'a plugin outside the repository in redocly.yaml',
      {
        file: 'redocly.yaml',
        search: '  - ./scripts/lint/redocly-house-plugin.ts\n',
        replace: '  - /tmp/plugin.js\n',
        want: /^redocly\.yaml:8:5: plugins: "\/tmp\/plugin\.js" is an absolute path; plugins are files in the repository$/,
      },
    ],
    [
      'a decorator that reads a file outside (info-description-override: { filePath: /proc/self/environ })',
      {
        file: 'redocly.yaml',
        search: 'rules:\n  # Names',
        replace: 'decorators:\n  info-description-override:\n    filePath: /proc/self/environ\n\nrules:\n  # Names',
        want: /^redocly\.yaml:18:1: decorators is not a key this project's config uses here \(extends, plugins, apis, rules, openapi\); the config is closed-world$/,
      },
    ],
    [
      'a decorator under the API (apis.source.decorators)',
      {
        file: 'redocly.yaml',
        search: '    rules:\n      house/path-item-file-name',
        replace: '    decorators:\n      info-description-override: { filePath: ../outside.md }\n    rules:\n      house/path-item-file-name',
        want: /^redocly\.yaml:14:5: apis\.source\.decorators is not a key this project's config uses here \(root, rules\)/,
      },
    ],
    [
      'an htmlTemplate outside the repository',
      {
        file: 'redocly.yaml',
        search: '  pathInMiddlePanel: true',
        replace: '  htmlTemplate: ../../outside/template.html\n  pathInMiddlePanel: true',
        want: /^redocly\.yaml:\d+:3: openapi\.htmlTemplate is not a key this project's config uses here \(pathInMiddlePanel, /,
      },
    ],
    [
      "an option of a rule that is not the project's (a file named in a rule)",
      {
        file: 'redocly.yaml',
        search: '  operation-description: error\n',
        replace: '  operation-description:\n    severity: error\n    filePath: /etc/passwd\n',
        want: /^redocly\.yaml:\d+:5: rules\.operation-description\.filePath is not a key this project's config uses here \(severity, message, /,
      },
    ],
    [
      'a Spectral key outside the closed world (overrides)',
      {
        file: '.spectral.yaml',
        search: 'rules:\n',
        replace: 'overrides:\n  - files: ["**"]\n    extends: [../outside.yaml]\nrules:\n',
        want: /^\.spectral\.yaml:8:1: overrides is not a key this project's config uses here \(description, documentationUrl, extends, rules, functionsDir, functions\)/,
      },
    ],
  ];
  it.each(configCases)('refuses %s by name and line, before loading it', (_name, { file, search, replace, want }) =>
    withTemporaryProject(async (temporary) => {
      await edit(temporary.dir, file, search, replace);
      const log = recordingLog();
      // The build's lint loads the temporary project's own ruleset (in this thread: its worker is lint.test.ts's).
      const spectral = file === 'redocly.yaml' ? linters.spectral : inThreadSpectral(loadRuleset(temporary.project, temporary.project.spectralRuleset));
      expect(await build(temporary.project, log, { steps: committedSteps, lintOptions: { spectral } })).toBe(false);
      expect(log.errors.join('\n')).toMatch(new RegExp(`step 'lint' failed: ${want.source.slice(1)}`, 'm'));
    }, outputs),
  );
});

describe('a Spectral ruleset, at every level of extends', () => {
  /** A ruleset folder outside the project whose function, if it ever ran, would write `marker`. */
  const plantOutsideRuleset = async (temporary: TemporaryProject, marker: string) => {
    const folder = path.join(outside, `${path.basename(temporary.dir)}-rules`);
    await fs.mkdir(path.join(folder, 'functions'), { recursive: true });
    await fs.writeFile(
      path.join(folder, 'functions/leak.js'),
      `import fs from 'node:fs';\nfs.writeFileSync(${JSON.stringify(marker)}, 'ran');\nexport default () => [];\n`,
    );
    await fs.writeFile(
      path.join(folder, 'outside.yaml'),
      'functionsDir: functions\nfunctions: [leak]\nrules:\n  leak:\n    given: $\n    then: { function: leak }\n',
    );
    return folder;
  };

  it('refuses an in-repository ruleset that extends one outside with functions, and runs none of its code', () =>
    withTemporaryProject(async (temporary) => {
      const marker = path.join(outside, `${path.basename(temporary.dir)}-ran`);
      const folder = await plantOutsideRuleset(temporary, marker);
      await fs.mkdir(path.join(temporary.dir, 'lint-rules'));
      const relative = path.relative(path.join(temporary.dir, 'lint-rules'), path.join(folder, 'outside.yaml'));
      await fs.writeFile(path.join(temporary.dir, 'lint-rules/inner.yaml'), `extends:\n  - ${relative}\n`);
      await edit(temporary.dir, '.spectral.yaml', '    - all\n', '    - all\n  - ./lint-rules/inner.yaml\n');
      await expect(loadRuleset(temporary.project, temporary.project.spectralRuleset)).rejects.toThrow(
        /^lint-rules\/inner\.yaml:2:5: extends: "\.\.\/\.\.\/email-delivery-outside-[^"]+\/outside\.yaml" is refused: .* is outside /,
      );
      await expect(fs.access(marker)).rejects.toThrow(/ENOENT/);
    }, outputs));

  it('refuses an in-repository ruleset whose functions folder is outside', () =>
    withTemporaryProject(async (temporary) => {
      const marker = path.join(outside, `${path.basename(temporary.dir)}-ran`);
      const folder = await plantOutsideRuleset(temporary, marker);
      await fs.mkdir(path.join(temporary.dir, 'lint-rules'));
      const relative = path.relative(path.join(temporary.dir, 'lint-rules'), path.join(folder, 'functions'));
      await fs.writeFile(path.join(temporary.dir, 'lint-rules/inner.yaml'), `functionsDir: ${relative}\nfunctions: [leak]\n`);
      await edit(temporary.dir, '.spectral.yaml', '    - all\n', '    - all\n  - ./lint-rules/inner.yaml\n');
      await expect(loadRuleset(temporary.project, temporary.project.spectralRuleset)).rejects.toThrow(
        /^lint-rules\/inner\.yaml:1:1: functionsDir: "\.\.\/\.\.\/email-delivery-outside-[^"]+\/functions" is refused: .* is outside /,
      );
      await expect(fs.access(marker)).rejects.toThrow(/ENOENT/);
    }, outputs));

  it("loads a function in the repository through Spectral's loader, reading only inside it", () =>
    withTemporaryProject(async (temporary) => {
      await fs.mkdir(path.join(temporary.dir, 'lint-rules/functions'), { recursive: true });
      await fs.writeFile(path.join(temporary.dir, 'lint-rules/functions/always.js'), "export default () => [{ message: 'always' }];\n");
      await fs.writeFile(
        path.join(temporary.dir, 'lint-rules/inner.yaml'),
        'functions: [always]\nrules:\n  house-always:\n    severity: error\n    given: $\n    then: { function: always }\n',
      );
      await edit(temporary.dir, '.spectral.yaml', '    - all\n', '    - all\n  - ./lint-rules/inner.yaml\n');
      const ruleset = await loadRuleset(temporary.project, temporary.project.spectralRuleset);
      expect(ruleset.rules['house-always']?.enabled).toBe(true);
      expect(ruleset.rules['operation-tag-defined']?.enabled).toBe(true);
    }, outputs));
});

describe('inside a folder: the one test the boundary and the output folders use', () => {
  it.each([
    ['/p/openapi', '/p/openapi/paths/a.yaml', true, true],
    ['/p/openapi', '/p/openapi/..shared.yaml', true, true],
    ['/p/openapi', '/p/openapi', true, false],
    ['/p/openapi', '/p/openapi/x/../../secret', false, false],
    ['/p/openapi', '/p/openapi-other/a.yaml', false, false],
    ['/p/openapi', '/p', false, false],
    ['/p/openapi', '/etc/passwd', false, false],
  ])('%s holds %s: within %s, strictly %s', (folder, file, isWithin, isStrictly) => {
    expect([within(folder, file), strictlyWithin(folder, file)]).toEqual([isWithin, isStrictly]);
  });
});
