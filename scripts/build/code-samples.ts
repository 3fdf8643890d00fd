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

/**
 * The characters a line of a sample may have: what Redoc's sample panel shows without scrolling
 * at a 1280-pixel-wide window (a 400 px panel of 7.4 px characters, measured in Chromium). The
 * samples are laid out to fit; the tests check every line, and the panel itself in a browser.
 */
export const sampleLineWidth = 53;

export function typescriptSample(operation: Operation, baseUrl: string): string {
  const lines = [
    'import {',
    '  createEmailDeliveryClient,',
    `  ${operation.operationId},`,
    `} from '${clientPackage}';`,
    '',
    'const client = createEmailDeliveryClient({',
    `  baseUrl: '${baseUrl}',`,
    '});',
    '',
    'const { data, error, response } =',
  ];
  const args: string[] = [];
  for (const name of operation.pathParameters) args.push(`    ${name}: 'ID', // type and format not specified`);
  if (operation.openQuery) args.push('    // any name=value pairs (names not specified)', "    query: { name: 'value' },");
  if (operation.body) args.push('    // any JSON object (fields not specified)', '    body: {},');
  if (args.length > 0) lines.push(`  await ${operation.operationId}(client, {`, ...args, '  });');
  else lines.push(`  await ${operation.operationId}(client);`);
  lines.push(
    'if (!response.ok) {',
    '  const detail = JSON.stringify(error);',
    '  throw new Error(`${response.status}: ${detail}`);',
    '}',
    `console.log(data); // ${operation.success.status} on success`,
  );
  return `${lines.join('\n')}\n`;
}

export function curlSample(operation: Operation, baseUrl: string): string {
  const path = operation.pathParameters.reduce((at, name) => at.replace(`{${name}}`, 'ID'), operation.path);
  const lines = [`BASE_URL='${baseUrl}'`, `curl -X ${operation.method.toUpperCase()} \\`];
  const url = `  "$BASE_URL${path}${operation.openQuery ? '?name=value' : ''}"`;
  if (operation.body) lines.push(`${url} \\`, "  -H 'Content-Type: application/json' \\", "  -d '{}'");
  else lines.push(url);
  return `${lines.join('\n')}\n`;
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
