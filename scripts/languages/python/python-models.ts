// The Python SDK's types of the bodies: which of the description's schemas are open (any JSON value,
// or any JSON object) and which state something (fields, items, a type, values), and the pydantic v2
// models of the latter, written by datamodel-code-generator (pinned in the languages tier's lock) for
// Python 3.10 and later. Why that generator: docs/sdks.md ("How the Python SDK is made").
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { isRecord, type OpenApiDocument } from '../../openapi-document.ts';
import { ReportedError } from '../../project.ts';

const exec = promisify(execFile);

/** What a body is in Python: any JSON value, a JSON object (a dict), or the model of a schema that states its contents. */
export type BodyType = { kind: 'any' } | { kind: 'object' } | { kind: 'model'; name: string };

/** Keywords that say something of a schema without constraining its values. */
const annotations = new Set(['description', 'title', 'examples', 'example', 'default', 'deprecated', 'readOnly', 'writeOnly', '$comment', 'externalDocs']);

/** The Python type of the named schema `name` (components.schemas). */
export function bodyType(document: OpenApiDocument, name: string): BodyType {
  const schema: unknown = document.components?.schemas?.[name];
  if (schema === true || (isRecord(schema) && Object.keys(schema).length === 0)) return { kind: 'any' };
  if (!isRecord(schema)) return { kind: 'model', name };
  const open = (key: string) => {
    const value = schema[key];
    if (key === 'additionalProperties') return value === true || (isRecord(value) && Object.keys(value).length === 0);
    if (key === 'properties') return isRecord(value) && Object.keys(value).length === 0;
    return annotations.has(key) || key.startsWith('x-');
  };
  const constraining = Object.keys(schema).filter((key) => key !== 'type' && !open(key));
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (constraining.length === 0 && types.length === 0) return { kind: 'any' };
  if (constraining.length === 0 && types.length === 1 && types[0] === 'object') return { kind: 'object' };
  return { kind: 'model', name };
}

/** The named schemas `names` and every named schema they reference, in the document's order. */
function referencedSchemas(document: OpenApiDocument, names: string[]): string[] {
  const schemas = document.components?.schemas ?? {};
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isRecord(node)) return;
    const ref = node.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const name = decodeURIComponent(ref.slice('#/components/schemas/'.length)).replaceAll('~1', '/').replaceAll('~0', '~');
      if (!found.has(name) && Object.hasOwn(schemas, name)) {
        found.add(name);
        visit(schemas[name]);
      }
    }
    Object.values(node).forEach(visit);
  };
  visit(names.map((name) => ({ $ref: `#/components/schemas/${name}` })));
  return Object.keys(schemas).filter((name) => found.has(name));
}

/** Formats pydantic would turn into a type of its own (a URL that it rewrites, a secret it masks, bytes, an e-mail address that needs email-validator): kept as the strings they are. */
const keptStrings = ['email', 'idn-email', 'uri', 'uri-reference', 'iri', 'iri-reference', 'byte', 'binary', 'password', 'hostname', 'idn-hostname'];

/** datamodel-code-generator's options: pydantic v2 models for Python 3.10, fields named as on the wire, open to fields they do not name. */
const generatorOptions = [
  '--input-file-type',
  'openapi',
  '--openapi-scopes',
  'schemas',
  '--output-model-type',
  'pydantic_v2.BaseModel',
  '--target-python-version',
  '3.10',
  '--use-standard-collections',
  '--use-union-operator',
  '--use-schema-description',
  '--use-field-description',
  '--field-constraints',
  '--enum-field-as-literal',
  'all',
  '--extra-fields',
  'allow',
  '--output-datetime-class',
  'datetime',
  '--formatters',
  'builtin',
  '--disable-timestamp',
  '--type-mappings',
  ...keptStrings.map((format) => `string+${format}=string`),
];

/**
 * Writes `file`: the models of `models` (schema names) and what they reference, made by
 * datamodel-code-generator from the venv `venv`, under `header`; each model's class must bear its
 * schema's name, which the client's methods name.
 */
export async function writeModels(
  document: OpenApiDocument,
  models: string[],
  file: string,
  header: string,
  venv: string,
  env: NodeJS.ProcessEnv,
  signal?: AbortSignal,
): Promise<void> {
  const schemas = document.components?.schemas ?? {};
  const input = { openapi: '3.1.0', info: { title: 'models', version: '0' }, paths: {}, components: { schemas: {} as Record<string, unknown> } };
  for (const name of referencedSchemas(document, models)) input.components.schemas[name] = schemas[name];
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'email-delivery-sdk-models-'));
  try {
    const source = path.join(scratch, 'schemas.json');
    await fs.writeFile(source, JSON.stringify(input));
    const args = ['--input', source, '--output', file, ...generatorOptions, '--custom-file-header', header];
    try {
      await exec(path.join(venv, 'bin', 'datamodel-codegen'), args, { env: { ...env, PYTHONDONTWRITEBYTECODE: '1' }, maxBuffer: 16 * 1024 * 1024, signal });
    } catch (error) {
      const output = String((error as { stderr?: unknown }).stderr ?? error)
        .trim()
        .split('\n')
        .slice(-20)
        .join('\n');
      throw new ReportedError(`datamodel-code-generator could not write the models:\n${output}`);
    }
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
  const written = await fs.readFile(file, 'utf8');
  const classes = new Set([...written.matchAll(/^class (\w+)\(/gm)].map((match) => match[1]));
  const renamed = models.filter((name) => !classes.has(name));
  if (renamed.length > 0)
    throw new ReportedError(
      `datamodel-code-generator named no class after the schema ${renamed.map((name) => JSON.stringify(name)).join(', ')}, which the SDK's methods name: give the schema a name that is a Python class name (letters and digits, not a Python or pydantic name)`,
    );
}
