// x-codeSamples in the SDKs' languages: for every operation, a call through the Python SDK and
// one through the Go SDK, named as their writers name them (scripts/languages/python/python-client.ts'
// pythonMethods, scripts/languages/go/go-operations.ts' goExportedName), from the same facts as the
// TypeScript and curl samples (code-samples.ts). The languages tier type-checks every sample
// against the committed SDKs (mypy --strict, go vet).
import { goExportedName, goString } from '../languages/go/go-operations.ts';
import { goModulePath } from '../languages/go/go-sdk.ts';
import { javaSample } from '../languages/java/java-sample.ts';
import { phpSample } from '../languages/php/php-sample.ts';
import { pythonMethods } from '../languages/python/python-client.ts';
import { rubySample } from '../languages/ruby/ruby-sample.ts';
import { bodyType } from '../languages/python/python-models.ts';
import type { OpenApiDocument } from '../openapi-document.ts';
import { type Project, repositoryUrl } from '../project.ts';
import type { Operation } from '../bundle-operations.ts';
import { credentialPlaceholder, parameterValue, sampleLineWidth, type SdkSampleFacts, unstatedPathType } from '../languages/sample-values.ts';

export type { SdkSampleFacts } from '../languages/sample-values.ts';

/** The Go SDK's module path for `project`'s description `document`, as `npm run sdk` names it (package.json's `repository`). */
export const goModuleOf = (project: Pick<Project, 'root'>, document: OpenApiDocument): string =>
  goModulePath(repositoryUrl(project), String(document.info?.version ?? '0.0.0'));

/** A value as Python source: a string in double quotes, a list, a dict, `False`, `0`. */
function pythonValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (value === null || value === undefined) return 'None';
  if (Array.isArray(value)) return `[${value.map(pythonValue).join(', ')}]`;
  if (typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}: ${pythonValue(item)}`)
      .join(', ')}}`;
  return String(value);
}

/** A comment's words for a path parameter's type. */
const pathComment = (facts: SdkSampleFacts, name: string) => facts.pathTypes?.[name] ?? unstatedPathType;

export function pythonSample(document: OpenApiDocument, operation: Operation, baseUrl: string, facts: SdkSampleFacts): string {
  const method = pythonMethods(document).find((m) => m.operation.operationId === operation.operationId)!;
  const headers = facts.schemes.map((scheme) => `"${scheme.header}": "${scheme.bearer ? 'Bearer ' : ''}${credentialPlaceholder}"`);
  const args: string[] = [];
  for (const name of operation.pathParameters) args.push(`        "ID",  # ${pathComment(facts, name)}`);
  for (const { rule, keyword } of method.named) {
    if (operation.openQuery && rule.in === 'query') args.push('        # any name=value pairs (names not specified)', `        ${keyword}={"name": "value"},`);
    else args.push(`        ${keyword}=${pythonValue(parameterValue(rule))},`);
  }
  const type = method.body?.type;
  if (type?.kind === 'model') {
    const fields = Object.fromEntries(facts.body.required.map((field) => [field.name, field.value]));
    args.push(`        body=models.${type.name}.model_validate(`, `            ${pythonValue(fields)}`, '        ),');
  } else if (method.body) args.push('        # any JSON object (fields not specified)', '        body={},');
  const imports = ['ApiError', 'Client', ...(type?.kind === 'model' ? ['models'] : [])];
  const lines = [
    `from email_delivery_api import ${imports.join(', ')}`,
    '',
    ...(headers.length > 0
      ? ['client = Client(', `    ${JSON.stringify(baseUrl)},`, '    headers={', ...headers.map((h) => `        ${h},`), '    },', ')']
      : [`client = Client(${JSON.stringify(baseUrl)})`]),
    '',
    'try:',
    ...(args.length > 0
      ? [`    data = client.${method.name}(`, ...args, '    )']
      : `    data = client.${method.name}()`.length <= sampleLineWidth
        ? [`    data = client.${method.name}()`]
        : ['    data = (', `        client.${method.name}()`, '    )']),
    'except ApiError as error:',
    '    raise SystemExit(f"{error.status}: {error}")',
    `print(data)  # ${operation.success.status} on success`,
  ];
  return `${lines.join('\n')}\n`;
}

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

/** One SDK language's samples: its fence in the Markdown reference and its `lang` in x-codeSamples, its label, and its sample of an operation. */
export interface SampleLanguage {
  lang: string;
  label: string;
  sample(document: OpenApiDocument, operation: Operation, baseUrl: string, facts: SdkSampleFacts): string;
}

/** The SDKs' samples, in the order the docs show them (after TypeScript, before curl): a language's samples are one line here. */
export const sampleLanguages: readonly SampleLanguage[] = [
  { lang: 'python', label: 'Python', sample: pythonSample },
  { lang: 'go', label: 'Go', sample: (document, operation, baseUrl, facts) => goSample(operation, baseUrl, facts, document) },
  { lang: 'java', label: 'Java', sample: javaSample },
  { lang: 'php', label: 'PHP', sample: phpSample },
  { lang: 'ruby', label: 'Ruby', sample: rubySample },
];
