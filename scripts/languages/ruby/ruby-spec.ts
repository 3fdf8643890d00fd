// The Ruby SDK's constants, written from the one runtime spec (scripts/languages/runtime-spec.ts): spec.rb
// (the defaults, the retry policy, the redirects, the excerpt's length, the User-Agent, the log
// variable, the security schemes an overlay declares with their variables) and error_kinds.rb (one
// subclass of ApiError per kind, and the class of a status); with their signatures.
import type { OpenApiDocument } from '../../openapi-document.ts';
import { headerSchemes } from '../../bundle-operations.ts';
import { credentialVariable, defaults, errorKinds, excerptCharacters, logVariable, redirectStatuses, retryPolicy, userAgent } from '../runtime-spec.ts';
import { rubyLongString, rubyString, rubyStrings } from './ruby-names.ts';

/** A number as Ruby writes it: 67108864 as 67_108_864. */
const rubyNumber = (value: number) =>
  Number.isInteger(value) && Math.abs(value) >= 10000 ? String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '_') : String(value);

/** The signatures of spec.rb. */
const specSignatures = [
  '  VERSION: String',
  '  DESCRIPTION_VERSION: String',
  '  USER_AGENT: String',
  '  DEFAULT_TIMEOUT: Numeric',
  '  DEFAULT_MAX_RESPONSE_BYTES: Integer',
  '  DEFAULT_MAX_RETRIES: Integer',
  '  MAX_REDIRECTS: Integer',
  '  REDIRECT_STATUSES: Array[Integer]',
  '  RETRY_METHODS: Array[String]',
  '  RETRY_STATUSES: Array[Integer]',
  '  INITIAL_BACKOFF_SECONDS: Numeric',
  '  MAX_BACKOFF_SECONDS: Numeric',
  '  BACKOFF_JITTER: Numeric',
  '  RETRY_AFTER_CAP_SECONDS: Numeric',
  '  EXCERPT_CHARACTERS: Integer',
  '  LOG_VARIABLE: String',
  '  CREDENTIAL_SCHEMES: Hash[String, [String, String, String]]',
].join('\n');

/** spec.rb, its signatures: `version` is the SDK's (the description's info.version, or the overlaid one), `gemVersion` the gem's. */
export function specCode(document: OpenApiDocument, version: string, gemVersion: string, header: string): { ruby: string; rbs: string } {
  const schemes = headerSchemes(document);
  const numbers = (values: readonly number[]) => `[${values.join(', ')}].freeze`;
  const ruby = [
    header,
    '',
    '# The runtime spec of every SDK of the project (its defaults, retry policy, redirects, error excerpt,',
    '# User-Agent and variables), as Ruby constants; the runtime writes none of these values itself.',
    'module EmailDeliveryApi',
    "  # The gem's version, and the version of the description the SDK was written from (its info.version).",
    `  VERSION = ${rubyLongString(gemVersion, '            ')}`,
    `  DESCRIPTION_VERSION = ${rubyString(String(document.info?.version))}`,
    '  # Sent unless the caller sets a User-Agent.',
    `  USER_AGENT = ${rubyLongString(userAgent('ruby', version), '               ')}`,
    '',
    "  # The defaults of a client's bounds: the whole call in seconds, the body read in bytes, the retries.",
    `  DEFAULT_TIMEOUT = ${rubyNumber(defaults.timeoutSeconds)}`,
    `  DEFAULT_MAX_RESPONSE_BYTES = ${rubyNumber(defaults.maxResponseBytes)}`,
    `  DEFAULT_MAX_RETRIES = ${rubyNumber(defaults.maxRetries)}`,
    "  # The most redirects within the origin one call follows; the answer after them is the call's.",
    `  MAX_REDIRECTS = ${rubyNumber(defaults.maxRedirects)}`,
    "  # The statuses whose Location is followed (within the base URL's origin only).",
    `  REDIRECT_STATUSES = ${numbers(redirectStatuses)}`,
    '',
    '  # When a call is sent again: one of these methods, after a connection failure or one of these statuses;',
    "  # the wait is the answer's Retry-After up to its cap, else the backoff, doubled each retry, less up to the jitter.",
    `  RETRY_METHODS = ${rubyStrings(retryPolicy.methods)}.freeze`,
    `  RETRY_STATUSES = ${numbers(retryPolicy.statuses)}`,
    `  INITIAL_BACKOFF_SECONDS = ${retryPolicy.initialBackoffSeconds}`,
    `  MAX_BACKOFF_SECONDS = ${retryPolicy.maxBackoffSeconds}`,
    `  BACKOFF_JITTER = ${retryPolicy.jitter}`,
    `  RETRY_AFTER_CAP_SECONDS = ${retryPolicy.retryAfterCapSeconds}`,
    '',
    "  # The most characters of an error body an error's text quotes.",
    `  EXCERPT_CHARACTERS = ${rubyNumber(excerptCharacters)}`,
    "  # The environment variable that turns the client's debug log on (debug), to $stderr.",
    `  LOG_VARIABLE = ${rubyString(logVariable)}`,
    '  # The security schemes the description declares, by name: [header, what goes before the value, the',
    '  # environment variable the credential is read from when the client is not given it].',
    schemes.length === 0
      ? '  CREDENTIAL_SCHEMES = {}.freeze'
      : [
          '  CREDENTIAL_SCHEMES = {',
          schemes
            .map(
              (s) =>
                `    ${rubyString(s.scheme)} => [${rubyString(s.header)}, ${rubyString(s.bearer ? 'Bearer ' : '')}, ${rubyString(credentialVariable(s.scheme))}].freeze`,
            )
            .join(',\n'),
          '  }.freeze',
        ].join('\n'),
    'end',
    '',
  ].join('\n');
  const rbs = specSignatures;
  return { ruby, rbs };
}

/** error_kinds.rb, its signatures: one subclass of ApiError per kind of the spec's errorKinds, and the class of a status. */
export function errorKindsCode(header: string): { ruby: string; rbs: string } {
  const clauses = errorKinds.map(({ name, status }) => `    when ${typeof status === 'number' ? status : `${status.from}..`} then ${name}Error`);
  const ruby = [
    header,
    '',
    "# The kinds of an API error by the answer's status, from the runtime spec's errorKinds: rescue one kind",
    '# (EmailDeliveryApi::NotFoundError), or every API error (EmailDeliveryApi::ApiError); a status no kind names is',
    "# the base class's.",
    'module EmailDeliveryApi',
    ...errorKinds.flatMap(({ name, status }) => [
      `  # An API error of status ${typeof status === 'number' ? status : `${status.from} or above`}.`,
      `  class ${name}Error < ApiError; end`,
      '',
    ]),
    "  # The class of an API error of +status+: its kind's, else ApiError.",
    '  def self.api_error_class(status)',
    '    case status',
    ...clauses,
    '    else ApiError',
    '    end',
    '  end',
    'end',
    '',
  ].join('\n');
  const rbs = [
    ...errorKinds.flatMap(({ name }) => [`  class ${name}Error < ApiError`, '  end']),
    '  def self.api_error_class: (Integer status) -> singleton(ApiError)',
  ].join('\n');
  return { ruby, rbs };
}
