// The PHP SDK's typed classes: one final class of readonly properties in src/Model/ for each schema
// of the description that states its fields (the description states none; an overlay's do), with
// `fromJson` (what a 2xx answer's body is decoded into, a mismatch refused) and `jsonSerialize`
// (what a request body sends, under the fields' names on the wire). A schema that states no fields
// stays open: an array of the decoded JSON.
import { deref, isRef, type OpenApiDocument } from '../../openapi-document.ts';
import { camelName, docText, isIdentifier, phpString, sentence } from './php-code.ts';

type Schema = Record<string, unknown>;

/** The names of the component schemas that state fields: each becomes a class. */
export function typedSchemas(document: OpenApiDocument): Set<string> {
  const schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
  return new Set(
    Object.entries(schemas)
      .filter(([, schema]) => typeof schema === 'object' && schema !== null && Object.keys((schema as Schema).properties ?? {}).length > 0)
      .map(([name]) => name),
  );
}

/** A schema's name as a PHP class name: its letters and digits, the first upper-cased. */
export function className(schema: string): string {
  const name = camelName(schema);
  return name[0].toUpperCase() + name.slice(1);
}

/** The JSON types a schema states (`null` among them where it allows it). */
function typesOf(schema: Schema | undefined): string[] {
  if (!schema) return [];
  const type = schema.type;
  return Array.isArray(type) ? type.map(String) : type === undefined ? [] : [String(type)];
}

interface Field {
  wire: string;
  php: string;
  type: string;
  required: boolean;
  description: string;
  enumValues?: unknown[];
}

/** The PHP type of a property's schema (without `?`), and the class it names where it is a typed schema. */
function fieldType(document: OpenApiDocument, node: unknown, typed: Set<string>): string {
  if (isRef(node)) {
    const name = node.$ref.split('/').pop()!;
    if (typed.has(name)) return className(name);
    return fieldType(document, deref(document, node as never), typed);
  }
  const types = typesOf(node as Schema).filter((type) => type !== 'null');
  if (types.length !== 1) return 'mixed';
  return { string: 'string', integer: 'int', number: 'int|float', boolean: 'bool', array: 'array', object: 'array' }[types[0]] ?? 'mixed';
}

/** The fields of schema `name`, the required first (the constructor's order), and whether it takes others. */
function fieldsOf(document: OpenApiDocument, name: string, schema: Schema, typed: Set<string>): { fields: Field[]; open: boolean } {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const open = schema.additionalProperties !== false;
  const fields: Field[] = Object.entries((schema.properties ?? {}) as Record<string, unknown>).map(([wire, node]) => {
    const property = (isRef(node) ? deref(document, node as never) : node) as Schema | undefined;
    return {
      wire,
      php: isIdentifier(wire) ? wire : camelName(wire),
      type: fieldType(document, node, typed),
      required: required.has(wire) && !typesOf(property).includes('null'),
      description: docText(property?.description),
      enumValues: Array.isArray(property?.enum) ? property.enum : undefined,
    };
  });
  const names = [...fields.map((field) => field.php), ...(open ? ['additionalProperties'] : [])];
  const clash = names.find((php, index) => names.indexOf(php) !== index);
  if (clash) throw new Error(`schema ${JSON.stringify(name)}: two of its fields are the PHP property $${clash}; rename one`);
  return { fields: [...fields.filter((field) => field.required), ...fields.filter((field) => !field.required)], open };
}

/** A field's PHP type: nullable where it is optional. */
const typeOf = (field: Field) => (field.required || field.type === 'mixed' ? field.type : field.type.includes('|') ? `${field.type}|null` : `?${field.type}`);
const isModel = (field: Field) => /^[A-Z]/.test(field.type);

/** The constructor's checks of the fields whose schema lists their values. */
function enumChecks(fields: Field[]): string[] {
  return fields
    .filter((field) => field.enumValues)
    .map((field) => {
      const values = `[${field.enumValues!.map((value) => (typeof value === 'string' ? phpString(value) : JSON.stringify(value))).join(', ')}]`;
      return [
        `        if ($this->${field.php} !== null && !in_array($this->${field.php}, ${values}, true)) {`,
        `            throw new \\InvalidArgumentException(${phpString(`${field.wire} is none of the values the schema allows`)});`,
        '        }',
      ].join('\n');
    });
}

/** fromJson's arguments of the constructor, one a field. */
function fromJsonArguments(fields: Field[], open: boolean): string[] {
  const known = `[${fields.map((field) => phpString(field.wire)).join(', ')}]`;
  return [
    ...fields.map((field) => {
      const read = `$json[${phpString(field.wire)}]`;
      const value = isModel(field) ? `${read} === null ? null : ${field.type}::fromJson(${read})` : read;
      const present = field.required ? `self::required($json, ${phpString(field.wire)})` : `array_key_exists(${phpString(field.wire)}, $json)`;
      return `            ${field.php}: ${present} ? ${value} : null,`;
    }),
    ...(open ? [`            additionalProperties: array_diff_key($json, array_flip(${known})),`] : []),
  ];
}

/** jsonSerialize's body: the fields under their names on the wire, an optional null one left out. */
function serializeLines(fields: Field[], open: boolean): string[] {
  return [
    `        $fields = ${open ? '$this->additionalProperties' : '[]'};`,
    ...fields.map((field) =>
      field.required
        ? `        $fields[${phpString(field.wire)}] = $this->${field.php};`
        : `        if ($this->${field.php} !== null) {\n            $fields[${phpString(field.wire)}] = $this->${field.php};\n        }`,
    ),
    '        return (object) $fields;',
  ];
}

/** The class's check that a required field is there (fromJson's). */
const requiredHelper = [
  '    /** @param array<array-key, mixed> $json */',
  '    private static function required(array $json, string $field): bool',
  '    {',
  '        if (!array_key_exists($field, $json)) {',
  `            throw new \\InvalidArgumentException("the required field '$field' is missing");`,
  '        }',
  '        return true;',
  '    }',
];

/** The class of schema `name`. */
export function modelClass(document: OpenApiDocument, name: string, typed: Set<string>): string {
  const schema = deref(document, (document.components?.schemas as Record<string, never>)[name]) as unknown as Schema;
  const cls = className(name);
  const { fields, open } = fieldsOf(document, name, schema, typed);
  const properties = [
    ...fields.map((field) => `        public readonly ${typeOf(field)} $${field.php}${field.required ? '' : ' = null'},`),
    ...(open
      ? [
          '        /** @var array<string, mixed> the fields the schema does not name, by their names on the wire */',
          '        public readonly array $additionalProperties = [],',
        ]
      : []),
  ];
  const onTheWire = (field: Field) => (field.php === field.wire ? '' : ` (\`${docText(field.wire)}\` on the wire)`);
  return [
    '<?php',
    '',
    '// Generated by `npm run sdk -- --lang php` from the description: do not edit; run the command again.',
    '',
    'declare(strict_types=1);',
    '',
    'namespace EmailDelivery\\Model;',
    '',
    '/**',
    ` * ${sentence(docText(schema.description)) || `The schema ${docText(name)}.`}`,
    ' *',
    ...fields.map((field) => ` * @property-read ${typeOf(field)} $${field.php}${onTheWire(field)}${field.description ? ` ${field.description}` : ''}`),
    ' */',
    `final class ${cls} implements \\JsonSerializable`,
    '{',
    '    public function __construct(',
    ...properties,
    '    ) {',
    ...enumChecks(fields),
    '    }',
    '',
    '    /** The class of a decoded JSON object; a missing required field, or one of another type, throws. */',
    '    public static function fromJson(mixed $json): self',
    '    {',
    '        if (!is_array($json) || ($json !== [] && array_is_list($json))) {',
    `            throw new \\InvalidArgumentException(${phpString(`${cls} is a JSON object`)});`,
    '        }',
    '        return new self(',
    ...fromJsonArguments(fields, open),
    '        );',
    '    }',
    '',
    '    /** The JSON object of the fields, under their names on the wire; an optional field that is null is left out. */',
    '    public function jsonSerialize(): object',
    '    {',
    ...serializeLines(fields, open),
    '    }',
    '',
    ...requiredHelper,
    '}',
    '',
  ].join('\n');
}
