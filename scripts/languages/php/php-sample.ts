// The PHP sample of one operation for the reference (x-codeSamples, beside pythonSample and
// goSample of scripts/pipeline/sdk-samples.ts, from the same SdkSampleFacts): a short, complete
// program that makes the operation's call through the PHP SDK, with the credential placeholder in
// each header an overlay's security scheme declares, and catches the SDK's API error.
import type { OpenApiDocument } from '../../openapi-document.ts';
import type { Operation } from '../../bundle-operations.ts';
import { credentialPlaceholder, parameterValue, sampleLineWidth, type SdkSampleFacts, unstatedPathType } from '../sample-values.ts';
import { camelName, isIdentifier, phpString } from './php-code.ts';
import { className, typedSchemas } from './php-models.ts';

/** A JSON value as PHP source: strings quoted, arrays in short syntax. */
function phpLiteral(value: unknown): string {
  if (typeof value === 'string') return phpString(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(phpLiteral).join(', ')}]`;
  if (typeof value === 'object')
    return `[${Object.entries(value)
      .map(([key, item]) => `${phpString(key)} => ${phpLiteral(item)}`)
      .join(', ')}]`;
  return String(value);
}

/** The call's lines: on one line where it fits the sample panel, the method on a line of its own where its name is long. */
function call(method: string, args: string[]): string[] {
  const head = `    $data = $client->${method}(`;
  const split = head.length + 2 > sampleLineWidth ? ['    $data = $client', `        ->${method}(`] : [head];
  if (args.length > 0) return [...split, ...args.map((line) => (split.length > 1 ? `    ${line}` : line)), `${split.length > 1 ? '    ' : ''}    );`];
  return [...split.slice(0, -1), `${split.at(-1)!});`];
}

/** The call's arguments, one a line: the path parameters, the pairs or parameters, the body. */
function callArguments(document: OpenApiDocument, operation: Operation, facts: SdkSampleFacts): { lines: string[]; model?: string } {
  const lines = operation.pathParameters.map((name) => `        'ID', // ${facts.pathTypes?.[name] ?? unstatedPathType}`);
  if (operation.openQuery) lines.push('        # any name=value pairs (names not specified)', "        ['name' => 'value'],");
  else if (operation.parameters.length > 0)
    lines.push('        [', ...operation.parameters.map((rule) => `            ${phpString(rule.name)} => ${phpLiteral(parameterValue(rule))},`), '        ],');
  let model: string | undefined;
  if (operation.body) {
    if (typedSchemas(document).has(operation.body.schema)) {
      model = className(operation.body.schema);
      const fields = facts.body.required.map(
        (field) => `            ${isIdentifier(field.name) ? field.name : camelName(field.name)}: ${phpLiteral(field.value)},`,
      );
      lines.push(`        new ${model}(`, ...fields, '        ),');
    } else lines.push('        // any JSON object (fields not specified)', '        [],');
  }
  return { lines, model };
}

export function phpSample(document: OpenApiDocument, operation: Operation, baseUrl: string, facts: SdkSampleFacts): string {
  const { lines: args, model } = callArguments(document, operation, facts);
  const headers = facts.schemes.map(
    (scheme) => `        ${phpString(scheme.header)} => ${phpString(`${scheme.bearer ? 'Bearer ' : ''}${credentialPlaceholder}`)},`,
  );
  const lines = [
    '<?php',
    '',
    "require 'vendor/autoload.php';",
    '',
    'use EmailDelivery\\ApiException;',
    'use EmailDelivery\\Client;',
    ...(model ? [`use EmailDelivery\\Model\\${model};`] : []),
    '',
    ...(headers.length > 0
      ? [`$client = new Client(${phpString(baseUrl)}, [`, "    'headers' => [", ...headers, '    ],', ']);']
      : [`$client = new Client(${phpString(baseUrl)});`]),
    '',
    'try {',
    ...call(operation.operationId, args),
    '} catch (ApiException $error) {',
    '    // a NotFoundException for a 404, and so on',
    '    fwrite(STDERR, $error->getMessage() . "\\n");',
    '    exit(1);',
    '}',
    `var_dump($data); // ${operation.success.status} on success`,
  ];
  return `${lines.join('\n')}\n`;
}
