// The Go SDK's writer (`npm run sdk -- --lang go`): oapi-codegen, pinned, makes the models (types
// only, and only standard-library ones); go-operations.ts makes one method per operation and
// go-spec.ts the constants of runtime-spec.ts; the runtime (this folder's .go files) is copied as
// it is; go.mod names the module after the repository (package.json's `repository`), or the
// placeholder a consumer maps with a replace. Before the folder is handed back, the names are
// checked (go-names.ts: a clash is refused, named) and the package is vetted by the Go on PATH, so
// that no SDK that does not compile replaces --out.
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { forMarkdown, forTerminal } from '../../escape.ts';
import type { OpenApiDocument } from '../../openapi-document.ts';
import { ReportedError } from '../../project.ts';
import { onPath } from '../language-tools.ts';
import { headerSchemes } from '../../bundle-operations.ts';
import { credentialVariable } from '../runtime-spec.ts';
import { credentialStandIn, type SdkContext, type SdkLanguage } from '../sdk-language.ts';
import { droppedEnumValues, type GoFile, nameClashes } from './go-names.ts';
import { goExportedName, goOperations, runtimeFiles, typeOwners } from './go-operations.ts';
import { goSpec } from './go-spec.ts';
import { goSample } from './go-sample.ts';

/** The module path when package.json names no repository: no dot, so never looked up on a proxy. */
export const placeholderModule = 'email-delivery-api/generated/sdk/go';
/** The folder of the committed SDK, whose path a release tag starts with (the folder, then `/v` and the version). */
const sdkFolder = 'generated/sdk/go';
/** The oldest Go the SDK builds with (it uses math/rand/v2). */
const goVersion = '1.22';
const oapiCodegenTimeoutMs = 120_000;
/** How long `go vet` of a new SDK may take: a cold build cache compiles the standard library's packages it imports. */
const goVetTimeoutMs = 300_000;

/**
 * The Go module path of the SDK of the repository at `repository` (package.json's `repository`:
 * `github:owner/repo`, `owner/repo`, an https, git+https, git or ssh URL, `git@host:owner/repo.git`),
 * or the placeholder where it names none; a value that is none of these is refused. From version
 * 2.0.0 on, the path ends in the major version (`…/generated/sdk/go/v2`), as Go's modules require
 * of a release tag of major version 2 and later; the placeholder, never fetched, does not.
 */
export function goModulePath(repository: string | undefined, version: string): string {
  const value = repository?.trim();
  if (!value) return placeholderModule;
  const shorthand = /^(?:github:)?([\w.-]+)\/([\w.-]+?)(?:\.git)?$/.exec(value);
  const scp = /^[\w.-]+@([\w.-]+):([\w./-]+?)(?:\.git)?\/?$/.exec(value);
  let hostPath: string | undefined;
  if (shorthand) hostPath = `github.com/${shorthand[1]}/${shorthand[2]}`;
  else if (scp) hostPath = `${scp[1]}/${scp[2]}`;
  else {
    try {
      const url = new URL(value.replace(/^git\+/, ''));
      if (['https:', 'http:', 'git:', 'ssh:'].includes(url.protocol) && url.hostname && !url.search && !url.hash)
        hostPath = `${url.hostname}${url.pathname.replace(/\.git\/?$|\/$/, '')}`;
    } catch {
      hostPath = undefined;
    }
  }
  if (!hostPath || !/^[a-z0-9.-]+\.[a-z]{2,}(\/[\w.~-]+)+$/i.test(hostPath))
    throw new ReportedError(
      `package.json: repository ${forTerminal(JSON.stringify(value))} is not a repository URL the Go module path can follow (https://github.com/<owner>/<repo>, github:<owner>/<repo>)`,
    );
  const major = Number(/^(\d+)\./.exec(version)?.[1] ?? 0);
  return `${hostPath}/${sdkFolder}${major >= 2 ? `/v${major}` : ''}`;
}

/** oapi-codegen's configuration: models only, Go's own types for every format, the file's header ours. */
async function oapiCodegenConfig(): Promise<string> {
  const stringFormats = Object.fromEntries(['email', 'date', 'duration', 'uuid', 'binary'].map((format) => [format, { type: 'string' }]));
  return JSON.stringify({
    package: 'emaildelivery',
    generate: { models: true },
    // An enum's constants named after their type: `Queued` alone could be a name the runtime has.
    compatibility: { 'always-prefix-enum-values': true },
    'output-options': {
      'prefer-skip-optional-pointer-on-container-types': true,
      // No format needs a module but the standard library's (openapi_types.UUID and the others
      // are github.com/oapi-codegen/runtime's); a number is a float64, as encoding/json decodes one.
      'type-mapping': { number: { default: { type: 'float64' } }, string: { formats: stringFormats } },
      'user-templates': { 'imports.tmpl': await fs.readFile(path.join(import.meta.dirname, 'models-imports.tmpl'), 'utf8') },
    },
  });
}

/** Runs `command` in `cwd`; rejects with `failed` and the tail of what it said. */
function runTool(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, timeout: number, context: SdkContext, failed: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, env, timeout, maxBuffer: 4 << 20, signal: context.signal }, (error, stdout, stderr) => {
      if (!error) return resolve();
      const said = forTerminal(`${stdout}${stderr}`.trim().slice(-4000));
      reject(new ReportedError(`${failed}${error.killed ? ' (stopped after its time)' : ''}:\n${said}`));
    });
  });
}

/** Runs the pinned oapi-codegen on `input`, writing `output`. */
function runOapiCodegen(binary: string, config: string, input: string, output: string, context: SdkContext): Promise<void> {
  const args = ['-config', config, '-o', output, input];
  return runTool(
    binary,
    args,
    path.dirname(output),
    context.env,
    oapiCodegenTimeoutMs,
    context,
    `oapi-codegen (${path.basename(binary)}) failed on the description`,
  );
}

/**
 * `go vet` of the SDK in `folder`: whatever the name checks did not foresee, a package that does
 * not compile fails here, before it replaces --out. Its own module only (no go.work of a folder
 * above), with the Go on PATH (no toolchain download).
 */
function vetSdk(folder: string, context: SdkContext): Promise<void> {
  const env = { ...context.env, GOWORK: 'off', GOTOOLCHAIN: 'local' };
  return runTool('go', ['vet', '.'], folder, env, goVetTimeoutMs, context, 'the Go SDK does not compile (go vet), so it was not written');
}

/** The problems of names that would keep the SDK of `document` made of `files` from compiling, or lose an enum value, one line each. */
function namesProblems(document: OpenApiDocument, files: GoFile[], models: string): string[] {
  return [...nameClashes(files, typeOwners(document)), ...droppedEnumValues(document, models)];
}

/** A method of `operations` (operations.gen.go) that takes the context only, for a first call: ListWebhooks where it does. */
function firstCall(operations: string): string {
  const plain = [...operations.matchAll(/^func \(c \*Client\) (\w+)\(ctx context\.Context, opts \.\.\.Option\) \(/gm)].map((match) => match[1]);
  const name = plain.includes('ListWebhooks') ? 'ListWebhooks' : plain[0];
  return name ? `${name[0].toLowerCase()}${name.slice(1)}, err := client.${name}(ctx)` : '// one method per operation: see operations.gen.go';
}

/** `text` as inline code where it is printable ASCII without a backtick (a scheme's or header's name), else escaped. */
const code = (text: string) => (/^[\x21-\x5f\x61-\x7e]+$/.test(text) ? `\`${text}\`` : forMarkdown(text));

/**
 * What the README's first call sends as credentials, and what it says of them: where the description
 * (with an overlay) declares security schemes carried in one header, the first scheme's credential
 * by name (`WithCredentials`) and a sentence naming each scheme's header and variable; else the
 * `X-Api-Key` stand-in.
 */
function readmeCredentials(document: OpenApiDocument): { option: string; sentence: string } {
  const schemes = headerSchemes(document);
  if (schemes.length === 0) return { option: 'emaildelivery.WithHeader("X-Api-Key", key)', sentence: credentialStandIn };
  const each = schemes.map(
    ({ scheme, header, bearer }) =>
      `${code(goExportedName(scheme))}, sent in the ${code(header)} header${bearer ? ' after `Bearer `' : ''} (\`${credentialVariable(scheme)}\`)`,
  );
  return {
    option: `emaildelivery.WithCredentials(emaildelivery.Credentials{${goExportedName(schemes[0].scheme)}: key})`,
    sentence: `\`WithCredentials\` takes the credential of each security scheme by its name, read from its environment variable where it is empty: ${each.join('; ')}. A header of the same name given with \`WithHeader\` is sent instead.`,
  };
}

/** The SDK folder's README: what it is and how a program uses it. */
function readme(document: OpenApiDocument, module: string, version: string, operations: string): string {
  const credentials = readmeCredentials(document);
  // A placeholder is never fetched, and an overlaid SDK's version (1.3.0+<overlays>) is no tag.
  const replace =
    module === placeholderModule || version.includes('+')
      ? [
          module === placeholderModule
            ? 'The module path is a placeholder until the project sets `repository` in its package.json; map it to this folder in your module:'
            : 'This SDK is made with overlays, so no release tags it; map its module path to this folder in your module:',
          '',
          '```sh',
          `go mod edit -require ${module}@v0.0.0 -replace ${module}=<path to this folder>`,
          '```',
        ]
      : [
          `Add it with \`go get ${module}@v${version}\` (a release tags this folder), or map it to this folder`,
          `with \`go mod edit -require ${module}@v0.0.0 -replace ${module}=<path to this folder>\`.`,
        ];
  return [
    '# The Go SDK of the Email Delivery Service API',
    '',
    `Generated by \`npm run sdk -- --lang go\` from the description (version ${version}); do not edit it:`,
    'the command remakes the whole folder. Package `emaildelivery`, standard library only, Go 1.22 or later.',
    '',
    ...replace,
    '',
    '```go',
    `import emaildelivery "${module}"`,
    '',
    `client, err := emaildelivery.NewClient("https://your-service.example", ${credentials.option})`,
    firstCall(operations),
    '```',
    '',
    `${credentials.sentence} Every option, error and guarantee: the project's docs/sdks.md.`,
    '',
  ].join('\n');
}

export const goSdk: SdkLanguage = {
  name: 'go',
  label: 'Go',
  sample: (document, operation, baseUrl, facts) => goSample(operation, baseUrl, facts, document),
  tagsReleases: true,
  missing({ tools, env }) {
    const missing = [
      ...(executable(tools.oapiCodegen) ? [] : [`oapi-codegen ${tools.pins.OAPI_CODEGEN_VERSION} (npm run install:languages -- go)`]),
      ...(onPath('go', env) ? [] : ['Go (go on PATH), which vets the SDK before it is written']),
    ];
    return missing.length > 0 ? missing.join(' and ') : undefined;
  },
  async write(document: OpenApiDocument, folder: string, context: SdkContext): Promise<void> {
    const module = goModulePath(context.repository, context.version);
    const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'email-delivery-go-sdk-'));
    try {
      const input = path.join(scratch, 'openapi.json');
      const config = path.join(scratch, 'oapi-codegen.json');
      await fs.writeFile(input, JSON.stringify(document));
      await fs.writeFile(config, await oapiCodegenConfig());
      context.progress(`oapi-codegen ${context.tools.pins.OAPI_CODEGEN_VERSION}: the models`);
      const models = path.join(folder, 'models.gen.go');
      await runOapiCodegen(context.tools.oapiCodegen, config, input, models, context);
      const modelsSource = await fs.readFile(models, 'utf8');
      let operations: string;
      try {
        operations = goOperations(document, modelsSource, context.version);
      } catch (error) {
        throw new ReportedError(`the Go SDK: ${forTerminal((error as Error).message)}`);
      }
      const spec = goSpec(context.version);
      const runtime = runtimeFiles();
      const files = [
        { file: 'models.gen.go', source: modelsSource },
        { file: 'operations.gen.go', source: operations },
        { file: 'spec.gen.go', source: spec },
        ...runtime,
      ];
      const problems = namesProblems(document, files, modelsSource);
      if (problems.length > 0)
        throw new ReportedError(`the Go SDK would not compile, or would lose a value:\n${problems.map((problem) => `  ${forTerminal(problem)}`).join('\n')}`);
      await fs.writeFile(path.join(folder, 'operations.gen.go'), operations);
      await fs.writeFile(path.join(folder, 'spec.gen.go'), spec);
      for (const { file, source } of runtime) await fs.writeFile(path.join(folder, file), source);
      await fs.writeFile(path.join(folder, 'go.mod'), `module ${module}\n\ngo ${goVersion}\n`);
      await fs.writeFile(path.join(folder, 'README.md'), readme(document, module, context.version, operations));
      context.progress('go vet: the package compiles');
      await vetSdk(folder, context);
    } finally {
      await fs.rm(scratch, { recursive: true, force: true });
    }
  },
};

/** Whether `file` is there and this process may run it. */
function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
