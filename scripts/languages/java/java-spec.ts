// The Java SDK's constants, written from the one runtime spec (scripts/languages/runtime-spec.ts):
// SdkSpec.java (the defaults, the retry policy, the redirects, the excerpt's length, the
// User-Agent, the log variable, the security schemes an overlay declares and their variables, and
// the API error of a status by its kind), and one subclass of ApiException per error kind.
import type { OpenApiDocument } from '../../openapi-document.ts';
import { headerSchemes } from '../../bundle-operations.ts';
import { credentialVariable, defaults, errorKinds, excerptCharacters, logVariable, redirectStatuses, retryPolicy, userAgent } from '../runtime-spec.ts';
import { docText, generatedBy, javaString } from './java-source.ts';

/** The class of an error kind: `NotFound` → `NotFoundException`. */
export const kindClass = (kind: string) => `${kind}Exception`;

/** A duration in seconds as Java: `Duration.ofMillis(500)`. */
const duration = (seconds: number) => `Duration.ofMillis(${Math.round(seconds * 1000)}L)`;

const setOf = (values: readonly (string | number)[]) =>
  `Set.of(${values.map((value) => (typeof value === 'string' ? javaString(value) : String(value))).join(', ')})`;

/** SdkSpec.java of the SDK of `document`, version `version`, in `pkg`. */
export function specSource(document: OpenApiDocument, pkg: string, version: string): string {
  const schemes = headerSchemes(document).map(
    (scheme) => `new Scheme(${javaString(scheme.scheme)}, ${javaString(scheme.header)}, ${scheme.bearer}, ${javaString(credentialVariable(scheme.scheme))})`,
  );
  const cases = errorKinds.map((kind) =>
    typeof kind.status === 'number'
      ? `    if (status == ${kind.status}) return new ${kindClass(kind.name)}(answer);`
      : `    if (status >= ${kind.status.from}) return new ${kindClass(kind.name)}(answer);`,
  );
  return [
    generatedBy,
    "// The SDK's constants, from scripts/languages/runtime-spec.ts: every default and policy of the runtime is here, and only here.",
    `package ${pkg};`,
    '',
    'import java.time.Duration;',
    'import java.util.List;',
    'import java.util.Set;',
    '',
    'final class SdkSpec {',
    '  private SdkSpec() {}',
    '',
    `  static final String VERSION = ${javaString(version)};`,
    `  static final String DESCRIPTION_VERSION = ${javaString(String(document.info?.version))};`,
    `  static final String USER_AGENT = ${javaString(userAgent('java', version))};`,
    `  static final String LOG_VARIABLE = ${javaString(logVariable)};`,
    `  static final Duration DEFAULT_TIMEOUT = ${duration(defaults.timeoutSeconds)};`,
    `  static final long DEFAULT_MAX_RESPONSE_BYTES = ${defaults.maxResponseBytes}L;`,
    `  static final int DEFAULT_MAX_RETRIES = ${defaults.maxRetries};`,
    `  static final int MAX_REDIRECTS = ${defaults.maxRedirects};`,
    `  static final Set<Integer> REDIRECT_STATUSES = ${setOf(redirectStatuses)};`,
    `  static final Set<Integer> RETRY_STATUSES = ${setOf(retryPolicy.statuses)};`,
    `  static final Set<String> RETRY_METHODS = ${setOf(retryPolicy.methods)};`,
    `  static final Duration INITIAL_BACKOFF = ${duration(retryPolicy.initialBackoffSeconds)};`,
    `  static final Duration MAX_BACKOFF = ${duration(retryPolicy.maxBackoffSeconds)};`,
    `  static final double JITTER = ${retryPolicy.jitter};`,
    `  static final Duration RETRY_AFTER_CAP = ${duration(retryPolicy.retryAfterCapSeconds)};`,
    `  static final int EXCERPT_CHARACTERS = ${excerptCharacters};`,
    '',
    '  /** A security scheme that sends one header: its name, its header, whether the value goes after `Bearer `, the variable it is read from. */',
    '  record Scheme(String name, String header, boolean bearer, String variable) {}',
    '',
    '  /** The security schemes the description (with its overlays) declares. */',
    `  static final List<Scheme> SCHEMES = List.of(${schemes.join(', ')});`,
    '',
    "  /** The API error of an answer: its kind's class by the status, else the base kind's. */",
    '  static ApiException apiException(ApiException.Answer answer) {',
    '    int status = answer.statusCode();',
    ...cases,
    '    return new ApiException(answer);',
    '  }',
    '}',
    '',
  ].join('\n');
}

/** Each error kind's class, by file name. */
export function kindSources(pkg: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const kind of errorKinds) {
    const name = kindClass(kind.name);
    const when = typeof kind.status === 'number' ? `a ${kind.status}` : `a status of ${kind.status.from} or more`;
    files.set(
      `${name}.java`,
      [
        generatedBy,
        `// The API error of ${when} (scripts/languages/runtime-spec.ts' errorKinds).`,
        `package ${pkg};`,
        '',
        `/** The service answered ${docText(when)}: the ${docText(kind.name)} kind of {@link ApiException}. */`,
        `public final class ${name} extends ApiException {`,
        '  private static final long serialVersionUID = 1L;',
        '',
        `  ${name}(Answer answer) {`,
        '    super(answer);',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
  }
  return files;
}
