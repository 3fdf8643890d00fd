// The Ruby SDK as a gem: its version (RubyGems' form of the SDK's), its gemspec (the standard
// library only: no dependency), its .rubocop.yml is the runtime's, and its README.
import type { OpenApiDocument } from '../../openapi-document.ts';
import { ReportedError } from '../../project.ts';
import { credentialStandIn } from '../sdk-language.ts';
import { rubyLongString, rubyString } from './ruby-names.ts';

/** The gem's name, and the file a program requires. */
export const gemName = 'email_delivery_api';

/**
 * The gem's version of the SDK's `version`: a release as it is (1.4.0); a pre-release's and an
 * overlaid build's parts after it, each run of other characters a dot (1.4.0-rc.1 → 1.4.0.rc.1,
 * 1.4.0+example.1.0.0.ab12 → 1.4.0.example.1.0.0.ab12), which RubyGems orders as a pre-release.
 */
export function gemVersion(version: string): string {
  const match = /^(\d+\.\d+\.\d+)(?:-([0-9A-Za-z.-]+))?(?:\+([0-9A-Za-z.-]+))?$/.exec(version);
  if (!match) throw new ReportedError(`the description's version ${JSON.stringify(version)} is not a semantic version (X.Y.Z)`);
  const [, release, pre, build] = match;
  return [release, ...[pre, build].filter(Boolean).map((part) => part!.replace(/[^0-9A-Za-z]+/g, '.').replace(/^\.|\.$/g, ''))].join('.');
}

/** The gemspec of the SDK: `files` the gem's files, relative to its folder. */
export function gemspec(document: OpenApiDocument, version: string, files: string[], repository: string | undefined, header: string): string {
  const title = String(document.info?.title ?? 'the API');
  const homepage = repository?.replace(/^git\+/, '').replace(/\.git$/, '');
  return [
    header,
    '',
    'Gem::Specification.new do |spec|',
    `  spec.name = ${rubyString(gemName)}`,
    `  spec.version = ${rubyLongString(gemVersion(version), '                 ')}`,
    `  spec.summary = ${rubyLongString(`A Ruby SDK of ${title}, generated from its OpenAPI description ${String(document.info?.version)}`, '                 ')}`,
    "  spec.description = 'One method per operation over Net::HTTP, with one deadline per call, a bounded body, ' \\",
    "                     'redirects within the origin, retries of what may be retried, and redacted errors.'",
    `  spec.authors = [${rubyString(`The maintainers of the ${title} description`)}]`,
    "  spec.license = 'MIT'",
    "  spec.required_ruby_version = '>= 3.1'",
    ...(homepage && /^https:\/\//.test(homepage) ? [`  spec.homepage = ${rubyString(homepage)}`] : []),
    '  spec.files = [',
    ...files.map((file, index) => `    ${rubyString(file)}${index < files.length - 1 ? ',' : ''}`),
    '  ]',
    "  spec.require_paths = ['lib']",
    "  spec.metadata['rubygems_mfa_required'] = 'true'",
    'end',
    '',
  ].join('\n');
}

/** The SDK folder's README: what it is, how to install it, a first call, and where the rest is. */
export function gemReadme(document: OpenApiDocument, version: string, firstCall: string): string {
  const title = String(document.info?.title ?? 'the API');
  const gem = `${gemName}-${gemVersion(version)}.gem`;
  return [
    `# ${gemName} (Ruby)`,
    '',
    `A Ruby SDK of ${title}, generated from its OpenAPI description ${String(document.info?.version)} by \`npm run sdk -- --lang ruby\`;`,
    'do not edit it: the command remakes the whole folder. Ruby 3.1 and later, the standard library only',
    '(Net::HTTP, json, uri, openssl, zlib, logger); signatures in `sig/` (RBS).',
    '',
    '## Install',
    '',
    `From a gem (a release's asset, or one you build from this folder with \`gem build ${gemName}.gemspec\`):`,
    '',
    '```sh',
    `gem install --local ${gem}`,
    '```',
    '',
    `or in a Gemfile, from this folder: \`gem "${gemName}", path: "/path/to/this/folder"\`.`,
    '',
    '## Use',
    '',
    '```ruby',
    `require "${gemName}"`,
    '',
    'client = EmailDeliveryApi::Client.new("https://your-service.example", headers: { "X-Api-Key" => ENV.fetch("EMAIL_API_KEY") })',
    'begin',
    `  p ${firstCall}`,
    'rescue EmailDeliveryApi::NotFoundError => e',
    '  warn "not found: #{e.headers["x-request-id"]}"',
    'rescue EmailDeliveryApi::ApiError => e',
    '  warn "#{e.status}: #{e.excerpt}"',
    'end',
    '```',
    '',
    `${credentialStandIn} One method per operation, named after its operationId in snake_case; path parameters first, as Strings, then`,
    'keywords: `query:` (the open name=value pairs), `body:`, and `request_options: { timeout:, headers: }` for one call.',
    '`client.with_response` has the same methods, each returning the status, headers and body of the answer. Every option,',
    "error and retry: the project's docs/sdks.md.",
    '',
  ].join('\n');
}
