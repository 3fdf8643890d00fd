// The Java SDK's writer in this process, where nothing needs Java: the Maven group and Java package
// it derives from package.json's `repository`, the literals, comments and names it writes from the
// description's text, and the types it gives bodies and fields. What javac and Maven make of the
// SDK is test/languages/sdk-packages.test.ts.
import { describe, expect, it } from 'vitest';
import { placeholderModule } from '../../scripts/languages/go/go-sdk.ts';
import { javaBody } from '../../scripts/languages/java/java-models.ts';
import { javaCoordinates } from '../../scripts/languages/java/java-package.ts';
import { javaPackageOf } from '../../scripts/languages/java/java-sample.ts';
import { camelCase, constantName, docText, javaString, pascalCase } from '../../scripts/languages/java/java-source.ts';
import { loadBundle } from '../support/helpers.ts';

describe('the Maven group and the Java package', () => {
  it.each([
    [undefined, 'local', 'local.emaildelivery'],
    ['github:acme/email-api', 'io.github.acme', 'io.github.acme.emaildelivery'],
    ['https://github.com/Acme-Corp/email-api.git', 'io.github.acme_corp', 'io.github.acme_corp.emaildelivery'],
    ['git@github.com:9lives/email-api.git', 'io.github._9lives', 'io.github._9lives.emaildelivery'],
    ['https://gitlab.com/acme/group/email-api', 'com.gitlab.acme', 'com.gitlab.acme.emaildelivery'],
  ])('%s: group %s, package %s', (repository, groupId, pkg) => {
    expect(javaCoordinates(repository)).toEqual({ groupId, pkg });
  });

  it('the samples name the package the Go module path of the same repository implies', () => {
    expect(javaPackageOf(placeholderModule)).toBe('local.emaildelivery');
    expect(javaPackageOf('github.com/acme/email-api/generated/sdk/go')).toBe('io.github.acme.emaildelivery');
  });
});

describe("Java source from the description's text", () => {
  it('a string literal escapes quotes, backslashes and controls, never with a backslash-u escape (which Java reads anywhere)', () => {
    expect(javaString('a "b" \\u000a\n\t\u001b é')).toBe('"a \\"b\\" \\\\u000a\\n\\t\\033 é"');
  });

  it('a comment line cannot end the comment, run an escape or carry a line break', () => {
    expect(docText('end */ here \\u000a <b>&@see\nnext')).toBe('end *&#47; here &#92;u000a &lt;b&gt;&amp;&#64;see next');
  });

  it.each([
    ['Idempotency-Key', 'idempotencyKey', 'IdempotencyKey'],
    ['nextCursor', 'nextCursor', 'NextCursor'],
    ['send_at', 'sendAt', 'SendAt'],
    ['class', 'class_', 'Class'],
    ['URL', 'url', 'URL'],
  ])('%s is the member %s and the type %s', (name, member, type) => {
    expect(camelCase(name)).toBe(member);
    expect(pascalCase(name)).toBe(type);
  });

  it('a string value is a constant name, or none where it has no letters', () => {
    expect(constantName('in-flight')).toBe('IN_FLIGHT');
    expect(constantName('2xx')).toBe('V_2XX');
    expect(constantName('--')).toBeUndefined();
  });
});

describe('the types of bodies', () => {
  it("the description's bodies are open: an object is ObjectNode's, any other value JsonNode's", async () => {
    const document = await loadBundle();
    expect(javaBody(document, 'GetIntegrationResponseBody')).toEqual({ kind: 'object' });
    expect(javaBody(document, 'ListScopesResponseBody')).toEqual({ kind: 'any' });
  });
});
