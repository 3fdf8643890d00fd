// The Go sample of an operation for the reference (x-codeSamples and the Markdown reference, beside
// the other languages' samples, from the same SdkSampleFacts): a call through the Go SDK, named as
// its writer names it (go-operations.ts' goExportedName). The languages tier vets every sample
// against the committed SDK (go vet).
import type { Operation } from '../../bundle-operations.ts';
import type { OpenApiDocument } from '../../openapi-document.ts';
import { bodyType } from '../python/python-models.ts';
import { credentialPlaceholder, parameterValue, pathComment, sampleLineWidth, type SdkSampleFacts } from '../sample-values.ts';
import { goExportedName, goString } from './go-operations.ts';

/** A scalar placeholder as Go source, or undefined for a list or an object (left at its zero value). */
const goValue = (value: unknown) =>
  typeof value === 'string' ? goString(value) : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;

/**
 * The parameters' struct of a Go sample: each required scalar parameter set (the field oapi-codegen
 * names after it; an optional one is a pointer, left out), the rest named in a comment.
 */
function goParams(operation: Operation, name: string): string[] {
  const set = operation.parameters.filter((rule) => rule.required && goValue(parameterValue(rule)) !== undefined);
  const others = operation.parameters.filter((rule) => !set.includes(rule));
  return [
    ...(others.length > 0 ? [`    // ${others.map((rule) => rule.name).join(', ')}: see the struct`] : []),
    set.length === 0 ? `    params := email.${name}Params{}` : `    params := email.${name}Params{`,
    ...set.map((rule) => `        ${goExportedName(rule.name)}: ${goValue(parameterValue(rule))},`),
    ...(set.length === 0 ? [] : ['    }']),
  ];
}

/** The Go sample's call of `name`: the lines before it (the parameters' struct), and the call itself. */
function goCall(operation: Operation, name: string, document: OpenApiDocument, facts: SdkSampleFacts): { before: string[]; call: string[] } {
  const before: string[] = [];
  const args = operation.pathParameters.map((parameter) => `"ID", // ${pathComment(facts, parameter)}`);
  if (operation.parameters.length > 0) {
    if (operation.openQuery)
      before.push(
        '    // any name=value pairs (names not specified)',
        `    params := email.${name}Params{`,
        '        Pairs: email.OpenQuery{',
        '            "name": "value",',
        '        },',
        '    }',
      );
    else before.push(...goParams(operation, name));
    args.push('params,');
  }
  if (operation.body) {
    const type = goExportedName(operation.body.schema);
    const declared = bodyType(document, operation.body.schema).kind === 'model';
    // A declared body's required scalar fields set (oapi-codegen's fields, not pointers), as the other samples send them.
    const fields = declared ? facts.body.required.filter((field) => goValue(field.value) !== undefined) : [];
    const literal = `${declared && !operation.body.required ? '&' : ''}email.${type}{`;
    args.push(
      declared ? `// fields: email.${type}` : '// any JSON object (fields not specified)',
      ...(fields.length === 0 ? [`${literal}},`] : [literal, ...fields.map((field) => `    ${goExportedName(field.name)}: ${goValue(field.value)},`), '},']),
    );
  }
  // On one line when ctx and the parameters' struct are all it takes, and it fits.
  const oneLine = `    data, err := c.${name}(${['ctx', ...(args.length > 0 ? ['params'] : [])].join(', ')})`;
  const call =
    operation.pathParameters.length === 0 && !operation.body && oneLine.length <= sampleLineWidth
      ? [oneLine]
      : [`    data, err := c.${name}(`, '        ctx,', ...args.map((arg) => `        ${arg}`), '    )'];
  return { before, call };
}

/**
 * The Go sample: spaces, not gofmt's tabs (a browser shows a tab as 8 columns, and the sample panel
 * holds sampleLineWidth characters), and the package imported as `email` so that the longest type names fit.
 */
export function goSample(operation: Operation, baseUrl: string, facts: SdkSampleFacts, document: OpenApiDocument): string {
  const name = goExportedName(operation.operationId);
  const options = facts.schemes.map((scheme) => [
    '        email.WithHeader(',
    `            ${goString(scheme.header)},`,
    `            ${goString(`${scheme.bearer ? 'Bearer ' : ''}${credentialPlaceholder}`)},`,
    '        ),',
  ]);
  const { before, call } = goCall(operation, name, document, facts);
  const lines = [
    'package main',
    '',
    'import (',
    '    "context"',
    '    "fmt"',
    '    "log"',
    '',
    `    email ${goString(facts.goModule)}`,
    ')',
    '',
    'func main() {',
    '    c, err := email.NewClient(',
    `        ${goString(baseUrl)},`,
    ...options.flat(),
    '    )',
    '    if err != nil {',
    '        log.Fatal(err)',
    '    }',
    '    ctx := context.Background()',
    ...before,
    ...call,
    '    if err != nil {',
    '        // an *email.APIError: its StatusCode',
    '        log.Fatal(err)',
    '    }',
    `    fmt.Println(data) // ${operation.success.status} on success`,
    '}',
  ];
  return `${lines.join('\n')}\n`;
}
