// The Python SDK as a package: its pyproject.toml (setuptools, a src layout, the distribution
// `email-delivery-api`, its version from the description, its dependencies from the languages tier's
// lock) and its README.md (what it is, how to install it, a first call).
import { forMarkdown } from '../../escape.ts';
import { type OpenApiDocument, overlaidInfo } from '../../openapi-document.ts';
import { headerSchemes } from '../../bundle-operations.ts';
import { ReportedError } from '../../project.ts';
import { credentialVariable } from '../runtime-spec.ts';
import { credentialStandIn } from '../sdk-language.ts';

export const distribution = 'email-delivery-api';
export const importPackage = 'email_delivery_api';

/**
 * `version` (semver: the description's info.version, or an overlaid build's `X.Y.Z+overlays.digest`)
 * as PEP 440 has it: the release, a pre-release as `aN`, `bN` or `rcN` where semver's says which,
 * and anything else in the local label (`1.3.0+example-fields-1-0-0.abcd1234` → `1.3.0+example.fields.1.0.0.abcd1234`).
 */
export function pythonVersion(version: string): string {
  const match = /^(\d+\.\d+\.\d+)(?:-([0-9A-Za-z.-]+))?(?:\+([0-9A-Za-z.-]+))?$/.exec(version);
  if (!match) throw new ReportedError(`the description's version ${JSON.stringify(version)} is not a semantic version (X.Y.Z)`);
  const [, release, pre, build] = match;
  const known = pre ? /^(a|alpha|b|beta|rc)[.-]?(\d+)$/.exec(pre) : null;
  const preRelease = known ? `${{ alpha: 'a', beta: 'b' }[known[1]] ?? known[1]}${known[2]}` : '';
  const local = [pre && !known ? pre : '', build ?? '']
    .filter(Boolean)
    .join('.')
    .replace(/[^0-9A-Za-z]+/g, '.');
  return `${release}${preRelease}${local ? `+${local}` : ''}`;
}

/** The pinned version of each package in the languages tier's lock (`name==version` lines). */
export function lockedVersions(lockText: string): Map<string, string> {
  return new Map([...lockText.matchAll(/^([A-Za-z0-9._-]+)(?:\[[^\]]*\])?==([^\s\\]+)/gm)].map((m) => [m[1].toLowerCase().replace(/[._]/g, '-'), m[2]]));
}

/** `name>=<pinned>,<next major>`: the versions from the one the tests run with to the next that may break. */
function dependency(name: string, locked: Map<string, string>): string {
  const version = locked.get(name);
  if (!version) throw new ReportedError(`the languages tier's lock pins no ${name}, which the Python SDK depends on`);
  const major = Number(version.split('.')[0]);
  // Before 1.0, a minor version may break (httpx 0.28 → 0.29).
  const next = major === 0 ? `0.${Number(version.split('.')[1]) + 1}` : `${major + 1}`;
  return `${name}>=${version},<${next}`;
}

const toml = (text: string) => JSON.stringify(text);

export function pyprojectToml(
  document: OpenApiDocument,
  version: string,
  withModels: boolean,
  locked: Map<string, string>,
  repository: string | undefined,
  header: string,
): string {
  const dependencies = ['httpx', 'httpcore', 'anyio', ...(withModels ? ['pydantic'] : [])].map((name) => dependency(name, locked));
  return [
    header,
    '[build-system]',
    'requires = ["setuptools>=77"]',
    'build-backend = "setuptools.build_meta"',
    '',
    '[project]',
    `name = ${toml(distribution)}`,
    `version = ${toml(pythonVersion(version))}`,
    `description = ${toml(`A Python SDK of ${String(document.info?.title)}, generated from its OpenAPI description ${String(document.info?.version)}`)}`,
    'readme = "README.md"',
    'requires-python = ">=3.10"',
    'license = "MIT"',
    'license-files = ["LICENSE"]',
    `dependencies = [${dependencies.map(toml).join(', ')}]`,
    'classifiers = [',
    '    "Programming Language :: Python :: 3",',
    '    "Programming Language :: Python :: 3 :: Only",',
    '    "Typing :: Typed",',
    ']',
    ...(repository ? ['', '[project.urls]', `Repository = ${toml(repository.replace(/^git\+/, '').replace(/\.git$/, ''))}`] : []),
    '',
    '[tool.setuptools.packages.find]',
    'where = ["src"]',
    '',
    '[tool.setuptools.package-data]',
    `${importPackage} = ["py.typed"]`,
    '',
  ].join('\n');
}

/** `text` as inline code where it is printable ASCII without a backtick (a scheme's or header's name), else escaped. */
const code = (text: string) => (/^[\x21-\x5f\x61-\x7e]+$/.test(text) ? `\`${text}\`` : forMarkdown(text));

/**
 * What the README's first call sends as credentials, and what it says of them: where the description
 * (with an overlay) declares security schemes carried in one header, the first scheme's credential
 * by name (`credentials=`) and a sentence naming each scheme's header and variable; else the
 * `X-Api-Key` stand-in.
 */
function readmeCredentials(document: OpenApiDocument): { argument: string; sentence: string } {
  const schemes = headerSchemes(document);
  if (schemes.length === 0) return { argument: 'headers={"X-Api-Key": "..."}', sentence: credentialStandIn };
  const each = schemes.map(
    ({ scheme, header, bearer }) =>
      `${code(scheme)}, sent in the ${code(header)} header${bearer ? ' after `Bearer `' : ''} (\`${credentialVariable(scheme)}\`)`,
  );
  return {
    argument: `credentials={${JSON.stringify(schemes[0].scheme)}: "..."}`,
    sentence: `\`credentials=\` takes the credential of each security scheme by its name, read from its environment variable when you do not pass it: ${each.join('; ')}. A header of the same name in \`headers=\` is sent instead.`,
  };
}

export function sdkReadme(document: OpenApiDocument, version: string, example: { method: string; argument: string }): string {
  const overlays = overlaidInfo(document)?.['x-overlays'] ?? [];
  const title = forMarkdown(String(document.info?.title));
  const credentials = readmeCredentials(document);
  return [
    `# ${distribution} (Python)`,
    '',
    `A Python SDK of ${title}, generated from its OpenAPI description ${forMarkdown(String(document.info?.version))} by \`npm run sdk -- --lang python\`. Version ${forMarkdown(pythonVersion(version))}; Python 3.10 and later; typed for \`mypy --strict\`.`,
    ...(overlays.length > 0
      ? [
          '',
          "Written with these overlays, applied in this order; their facts are their own, not the interface document's:",
          '',
          ...overlays.map((overlay, i) => `${i + 1}. ${forMarkdown(String(overlay.title))} ${forMarkdown(String(overlay.version))}`),
        ]
      : []),
    '',
    '## Install',
    '',
    "From a wheel (a release's asset, or one you build from this folder with `python -m build`):",
    '',
    '```sh',
    `pip install ${distribution.replaceAll('-', '_')}-${pythonVersion(version)}-py3-none-any.whl`,
    '```',
    '',
    'or from this folder: `pip install /path/to/this/folder`.',
    '',
    '## Use',
    '',
    '```python',
    `from ${importPackage} import ApiError, Client`,
    '',
    `with Client("https://your-service.example", ${credentials.argument}) as client:`,
    '    try:',
    `        print(client.${example.method}(${example.argument}))`,
    '    except ApiError as error:',
    '        print(error.status, error.excerpt)',
    '```',
    '',
    `${credentials.sentence} One method per operation, named after its operationId in snake_case; path parameters positional, query and header parameters as keywords, the body as \`body=\`. \`AsyncClient\` has the same methods as coroutines. Every option, error and retry: the project's docs/sdks.md.`,
    '',
  ].join('\n');
}
