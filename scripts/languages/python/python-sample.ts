// The Python sample of an operation for the reference (x-codeSamples and the Markdown reference,
// beside the other languages' samples, from the same SdkSampleFacts): a call through the Python
// SDK, named as its writer names it (python-client.ts' pythonMethods). The languages tier
// type-checks every sample against the committed SDK (mypy --strict).
import type { Operation } from '../../bundle-operations.ts';
import type { OpenApiDocument } from '../../openapi-document.ts';
import { credentialPlaceholder, parameterValue, pathComment, sampleLineWidth, type SdkSampleFacts } from '../sample-values.ts';
import { pythonMethods } from './python-client.ts';

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
