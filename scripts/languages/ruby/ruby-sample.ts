// The Ruby sample of an operation, for the reference (the shape of scripts/pipeline/sdk-samples.ts'
// pythonSample and goSample, from the same facts): a short, complete program that makes the
// operation's call through the Ruby SDK, named as its writer names it (ruby-operations.ts'
// rubyMethods), with the credential placeholder's header, and rescues the SDK's API error.
import type { OpenApiDocument } from '../../openapi-document.ts';
import type { Operation } from '../../bundle-operations.ts';
import { credentialPlaceholder, parameterValue, type SdkSampleFacts, unstatedPathType } from '../sample-values.ts';
import { fieldsOf } from './ruby-models.ts';
import { rubyMethods } from './ruby-operations.ts';

/** A value as Ruby source: a string in double quotes (JSON's escapes are Ruby's, `#` kept from interpolating), an Array, a Hash, nil. */
function rubyValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value).replaceAll('#', '\\#');
  if (value === null || value === undefined) return 'nil';
  if (Array.isArray(value)) return `[${value.map(rubyValue).join(', ')}]`;
  if (typeof value === 'object')
    return Object.keys(value).length === 0
      ? '{}'
      : `{ ${Object.entries(value)
          .map(([key, item]) => `${JSON.stringify(key).replaceAll('#', '\\#')} => ${rubyValue(item)}`)
          .join(', ')} }`;
  return String(value);
}

export function rubySample(document: OpenApiDocument, operation: Operation, baseUrl: string, facts: SdkSampleFacts): string {
  const method = rubyMethods(document).find((m) => m.operation.id === operation.operationId)!;
  const args: string[] = operation.pathParameters.map((name) => `"ID", # ${facts.pathTypes?.[name] ?? unstatedPathType}`);
  for (const { rule, keyword } of method.keywords) {
    if (keyword === 'query' && operation.openQuery) args.push('# any name=value pairs (names not specified)', 'query: { "name" => "value" },');
    else args.push(`${keyword}: ${rubyValue(parameterValue(rule))},`);
  }
  const type = method.body?.type;
  if (type?.kind === 'model') {
    const attributes = new Map(fieldsOf(document, type.name).map((field) => [field.wire, field.attribute]));
    const fields = facts.body.required.map((field) => `  ${attributes.get(field.name)}: ${rubyValue(field.value)},`);
    args.push(`body: Models::${type.className}.new(`, ...fields, '),');
  } else if (method.body) args.push('# any JSON object (fields not specified)', 'body: {},');
  const headers = facts.schemes.map((scheme) => `    ${JSON.stringify(scheme.header)} => "${scheme.bearer ? 'Bearer ' : ''}${credentialPlaceholder}",`);
  const lines = [
    'require "email_delivery_api"',
    '',
    ...(type?.kind === 'model' ? ['Models = EmailDeliveryApi::Models', ''] : []),
    ...(headers.length > 0
      ? ['client = EmailDeliveryApi::Client.new(', `  ${JSON.stringify(baseUrl)},`, '  headers: {', ...headers, '  },', ')']
      : ['client = EmailDeliveryApi::Client.new(', `  ${JSON.stringify(baseUrl)},`, ')']),
    '',
    'begin',
    ...(args.length > 0 ? [`  data = client.${method.name}(`, ...args.map((arg) => `    ${arg}`), '  )'] : [`  data = client.${method.name}`]),
    'rescue EmailDeliveryApi::ApiError => e',
    '  abort "#{e.status}: #{e.message}"',
    'end',
    `p data # ${operation.success.status} on success`,
  ];
  return `${lines.join('\n')}\n`;
}
