// x-codeSamples for the rendered docs: for every operation, a TypeScript call through our client
// and a curl command, both made from the bundle. The tests type-check every TypeScript sample.
import { listOperations, type Operation } from './operations.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed OpenAPI

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

/** The package name consumers import the client from. */
export const clientPackage = 'email-delivery-api';

export function typescriptSample(operation: Operation, baseUrl: string): string {
  const lines = [
    `import { createEmailDeliveryClient, ${operation.operationId} } from '${clientPackage}';`,
    '',
    `const client = createEmailDeliveryClient({ baseUrl: '${baseUrl}' });`,
    '',
  ];
  const args: string[] = [];
  for (const name of operation.pathParameters) args.push(`  ${name}: 'ID', // its type and format are not specified`);
  if (operation.openQuery) args.push("  query: { name: 'value' }, // any name=value pairs: their names are not specified");
  if (operation.body) args.push('  body: {}, // any JSON object: its fields are not specified');
  const call = args.length > 0 ? `${operation.operationId}(client, {\n${args.join('\n')}\n})` : `${operation.operationId}(client)`;
  lines.push(
    `const { data, error, response } = await ${call};`,
    'if (!response.ok) throw new Error(`${response.status}: ${JSON.stringify(error)}`);',
    `console.log(data); // ${operation.success.status} on success`,
  );
  return `${lines.join('\n')}\n`;
}

export function curlSample(operation: Operation, baseUrl: string): string {
  const path = operation.pathParameters.reduce((at, name) => at.replace(`{${name}}`, 'ID'), operation.path);
  const url = `${baseUrl}${path}${operation.openQuery ? '?name=value' : ''}`;
  const lines = [`curl -X ${operation.method.toUpperCase()} '${url}'`];
  if (operation.body) lines.push("  -H 'Content-Type: application/json'", "  -d '{}'");
  return `${lines.join(' \\\n')}\n`;
}

/** A copy of the bundle with x-codeSamples on every operation; the bundle itself stays clean. */
export function withCodeSamples(bundle: Json): Json {
  const copy = structuredClone(bundle);
  const baseUrl: string = copy.servers[0].variables.base_url.default;
  for (const operation of listOperations(copy)) {
    const samples: CodeSample[] = [
      { lang: 'typescript', label: 'TypeScript', source: typescriptSample(operation, baseUrl) },
      { lang: 'bash', label: 'curl', source: curlSample(operation, baseUrl) },
    ];
    copy.paths[operation.path][operation.method]['x-codeSamples'] = samples;
  }
  return copy;
}
