// The Java SDK's types of the bodies: a named schema that states fields (`properties`) becomes a
// class in the `model` package (Jackson-annotated, immutable, with a builder, fields it does not
// name kept in additionalProperties); a JSON object the description leaves open is Jackson's
// ObjectNode, any other open value its JsonNode. A field's type follows its schema: string (an
// OffsetDateTime for date-time, a LocalDate for date, an enum for string values), Long, Double,
// Boolean, a List, a nested class for an object with fields, JsonNode for what is open or mixed.
import { deref, isRecord, type OpenApiDocument } from '../../openapi-document.ts';
import { ReportedError } from '../../project.ts';
import { bodyType } from '../python/python-models.ts';
import { camelCase, constantName, docText, generatedBy, isJavaIdentifier, javaString, pascalCase } from './java-source.ts';

/** What a body is in Java: any JSON value, a JSON object, or a model class. */
export type JavaBody = { kind: 'any' } | { kind: 'object' } | { kind: 'model'; name: string };

type SchemaNode = Record<string, unknown>;

/** The named schema `name` (components.schemas). */
const schemaOf = (document: OpenApiDocument, name: string): unknown => document.components?.schemas?.[name];

const hasFields = (schema: unknown): schema is SchemaNode => isRecord(schema) && isRecord(schema.properties) && Object.keys(schema.properties).length > 0;

/** The Java type of the body of the named schema `name`. */
export function javaBody(document: OpenApiDocument, name: string): JavaBody {
  if (hasFields(schemaOf(document, name))) return { kind: 'model', name: modelClassName(name) };
  return bodyType(document, name).kind === 'object' ? { kind: 'object' } : { kind: 'any' };
}

/** The class of a named schema: its name when it is a Java type name, else in PascalCase. */
export const modelClassName = (schema: string) => (isJavaIdentifier(schema) && /^[A-Z]/.test(schema) ? schema : pascalCase(schema));

/** The Java type of a body, as a method's argument (`into`: as the class it is decoded into). */
export function bodyJavaType(body: JavaBody, as: 'argument' | 'result' | 'class'): string {
  if (body.kind === 'model') return body.name;
  if (body.kind === 'object') return as === 'argument' ? 'Object' : 'ObjectNode';
  return as === 'argument' ? 'Object' : 'JsonNode';
}

/** The members a model class has of its own: a field may not take these names. */
const ownMembers = new Set([
  'builder',
  'additionalProperties',
  'toString',
  'hashCode',
  'equals',
  'getClass',
  'notify',
  'notifyAll',
  'wait',
  'clone',
  'finalize',
]);

interface Field {
  wire: string;
  name: string;
  type: string;
  required: boolean;
  doc: string;
}

/** One class being written: its source lines and the nested types it declares. */
interface ClassWriter {
  /** Names taken in its scope: itself, its builder and nested types. */
  nested: Set<string>;
  lines: string[];
}

/** The model classes of `names` (schema names) and of every named schema with fields they reference, by file name. */
export function modelSources(document: OpenApiDocument, names: string[], pkg: string): Map<string, string> {
  const files = new Map<string, string>();
  const queue = [...names];
  const classes = new Map<string, string>();
  for (const name of queue) classes.set(modelClassName(name), name);
  for (let index = 0; index < queue.length; index += 1) {
    const schemaName = queue[index];
    const className = modelClassName(schemaName);
    if (files.has(`${className}.java`)) continue;
    const refer = (name: string) => {
      const other = modelClassName(name);
      if (classes.has(other) && classes.get(other) !== name)
        throw new ReportedError(`the Java SDK names both schemas ${JSON.stringify(classes.get(other))} and ${JSON.stringify(name)} ${other}: rename one`);
      classes.set(other, name);
      if (!queue.includes(name)) queue.push(name);
      return other;
    };
    const imports = new Set<string>();
    const body = classSource(document, schemaOf(document, schemaName) as SchemaNode, className, 0, refer, imports, true);
    files.set(
      `${className}.java`,
      [
        generatedBy,
        `// The model of the schema ${schemaName.replace(/[^\x20-\x7e]/g, '?')}.`,
        `package ${pkg}.model;`,
        '',
        ...[...imports].sort().map((line) => `import ${line};`),
        '',
        ...body,
        '',
      ].join('\n'),
    );
  }
  return files;
}

/** The imports every model class needs. */
const modelImports = [
  'com.fasterxml.jackson.annotation.JsonAnyGetter',
  'com.fasterxml.jackson.annotation.JsonAnySetter',
  'com.fasterxml.jackson.annotation.JsonCreator',
  'com.fasterxml.jackson.annotation.JsonInclude',
  'com.fasterxml.jackson.annotation.JsonProperty',
  'com.fasterxml.jackson.databind.JsonNode',
  'java.util.Collections',
  'java.util.LinkedHashMap',
  'java.util.Map',
  'java.util.Objects',
];

/** The source lines of the class `name` of `schema`, indented `depth` levels (a nested class is static). */
function classSource(
  document: OpenApiDocument,
  schema: SchemaNode,
  name: string,
  depth: number,
  refer: (schema: string) => string,
  imports: Set<string>,
  top: boolean,
): string[] {
  for (const type of modelImports) imports.add(type);
  const writer: ClassWriter = { nested: new Set([name, 'Builder']), lines: [] };
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const fields: Field[] = [];
  const taken = new Set(ownMembers);
  for (const [wire, node] of Object.entries(schema.properties as Record<string, unknown>)) {
    let member = camelCase(wire);
    while (taken.has(member)) member = `${member}_`;
    taken.add(member);
    const type = fieldType(document, node, pascalCase(wire), writer, refer, imports);
    const resolved = deref(document, node as never) as SchemaNode | undefined;
    fields.push({ wire, name: member, type, required: required.has(wire), doc: docText(resolved?.description ?? '') });
  }
  const lines = [
    `/** ${docText(schema.description ?? `The fields of ${name}.`)} */`,
    '@JsonInclude(JsonInclude.Include.NON_NULL)',
    `public ${top ? '' : 'static '}final class ${name} {`,
    ...accessorLines(name, fields),
    ...objectMethodLines(name, fields),
    ...builderLines(name, fields),
    ...writer.lines,
    '}',
  ];
  const pad = '  '.repeat(depth);
  return lines.map((line) => (line === '' ? '' : pad + line));
}

/** A field's Javadoc line. */
const fieldDoc = (field: Field, absent: string) => `/** ${field.doc || `The field ${docText(field.wire)}`}${field.required ? ' Required.' : absent} */`;

/** A model's fields, its Jackson constructor, its accessors and its additional properties. */
function accessorLines(name: string, fields: Field[]): string[] {
  const params = fields.map(
    (field) => `@JsonProperty(value = ${javaString(field.wire)}${field.required ? ', required = true' : ''}) ${field.type} ${field.name}`,
  );
  return [
    ...fields.map((field) => `  private final ${field.type} ${field.name};`),
    '  private final Map<String, JsonNode> additionalProperties = new LinkedHashMap<>();',
    '',
    '  @JsonCreator(mode = JsonCreator.Mode.PROPERTIES)',
    `  ${name}(${params.join(', ')}) {`,
    ...fields.map((field) => `    this.${field.name} = ${field.name};`),
    '  }',
    '',
    '  /** A builder: a misspelt field is a compile error. */',
    '  public static Builder builder() {',
    '    return new Builder();',
    '  }',
    ...fields.flatMap((field) => [
      '',
      `  ${fieldDoc(field, ' Null when absent.')}`,
      `  @JsonProperty(${javaString(field.wire)})`,
      `  public ${field.type} ${field.name}() {`,
      `    return ${field.name};`,
      '  }',
    ]),
    '',
    '  /** The fields the schema does not name, as they came (or as the builder set them). */',
    '  @JsonAnyGetter',
    '  public Map<String, JsonNode> additionalProperties() {',
    '    return Collections.unmodifiableMap(additionalProperties);',
    '  }',
    '',
    '  @JsonAnySetter',
    '  void additionalProperty(String name, JsonNode value) {',
    '    additionalProperties.put(name, value);',
    '  }',
  ];
}

/** A model's equals, hashCode and toString, over its fields and its additional properties. */
function objectMethodLines(name: string, fields: Field[]): string[] {
  const equal = fields.map((field) => ` && Objects.equals(${field.name}, that.${field.name})`).join('');
  const shown = fields.map((field, index) => ` + ${javaString(`${index > 0 ? ', ' : ''}${field.name}=`)} + ${field.name}`).join('');
  return [
    '',
    '  @Override',
    '  public boolean equals(Object other) {',
    `    return other instanceof ${name} that${equal} && additionalProperties.equals(that.additionalProperties);`,
    '  }',
    '',
    '  @Override',
    '  public int hashCode() {',
    `    return Objects.hash(${[...fields.map((field) => field.name), 'additionalProperties'].join(', ')});`,
    '  }',
    '',
    '  @Override',
    '  public String toString() {',
    `    return ${javaString(`${name}{`)}${shown} + ${javaString(`${fields.length > 0 ? ', ' : ''}additionalProperties=`)} + additionalProperties + "}";`,
    '  }',
  ];
}

/** A model's builder: a method per field, the additional properties, and build(), which refuses a missing required field. */
function builderLines(name: string, fields: Field[]): string[] {
  return [
    '',
    `  /** Builds a {@link ${name}}. */`,
    '  public static final class Builder {',
    ...fields.map((field) => `    private ${field.type} ${field.name};`),
    '    private final Map<String, JsonNode> additionalProperties = new LinkedHashMap<>();',
    '',
    '    private Builder() {}',
    ...fields.flatMap((field) => [
      '',
      `    ${fieldDoc(field, '')}`,
      `    public Builder ${field.name}(${field.type} ${field.name}) {`,
      `      this.${field.name} = ${field.name};`,
      '      return this;',
      '    }',
    ]),
    '',
    '    /** A field the schema does not name. */',
    '    public Builder additionalProperty(String name, JsonNode value) {',
    '      additionalProperties.put(name, value);',
    '      return this;',
    '    }',
    '',
    `    /** The ${name}; an IllegalStateException where a required field is null. */`,
    `    public ${name} build() {`,
    ...fields
      .filter((field) => field.required)
      .map((field) => `      if (${field.name} == null) throw new IllegalStateException(${javaString(`${name}: ${field.wire} is required`)});`),
    `      ${name} built = new ${name}(${fields.map((field) => field.name).join(', ')});`,
    '      built.additionalProperties.putAll(additionalProperties);',
    '      return built;',
    '    }',
    '  }',
  ];
}

/** A nested type's name in `writer`'s scope: `base`, or with a number where it is taken. */
function nestedName(writer: ClassWriter, base: string): string {
  let name = base;
  for (let n = 2; writer.nested.has(name); n += 1) name = `${base}${n}`;
  writer.nested.add(name);
  return name;
}

/** The Java type of a field of schema `node`; a nested class or enum it needs is added to `writer`, named after `hint`. */
function fieldType(
  document: OpenApiDocument,
  node: unknown,
  hint: string,
  writer: ClassWriter,
  refer: (schema: string) => string,
  imports: Set<string>,
): string {
  if (isRecord(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#/components/schemas/')) {
    const name = decodeURIComponent(node.$ref.slice('#/components/schemas/'.length)).replaceAll('~1', '/').replaceAll('~0', '~');
    const target = schemaOf(document, name);
    if (hasFields(target)) return refer(name);
    return fieldType(document, target, hint, writer, refer, imports);
  }
  if (!isRecord(node)) return 'JsonNode';
  const types = (Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type]).filter((type) => type !== 'null');
  if (hasFields(node) && (types.length === 0 || (types.length === 1 && types[0] === 'object'))) {
    const name = nestedName(writer, hint);
    writer.lines.push('', ...classSource(document, node, name, 1, refer, imports, false));
    return name;
  }
  if (types.length !== 1 || node.oneOf || node.anyOf || node.allOf) return 'JsonNode';
  switch (types[0]) {
    case 'string': {
      if (Array.isArray(node.enum) && node.enum.length > 0 && node.enum.every((value) => typeof value === 'string')) {
        const constants = (node.enum as string[]).map((value) => [constantName(value), value] as const);
        const unique = new Set(constants.map(([constant]) => constant));
        if (constants.every(([constant]) => constant !== undefined) && unique.size === constants.length)
          return enumType(writer, hint, constants as [string, string][], imports);
      }
      if (node.format === 'date-time') {
        imports.add('java.time.OffsetDateTime');
        return 'OffsetDateTime';
      }
      if (node.format === 'date') {
        imports.add('java.time.LocalDate');
        return 'LocalDate';
      }
      return 'String';
    }
    case 'integer':
      return 'Long';
    case 'number':
      return 'Double';
    case 'boolean':
      return 'Boolean';
    case 'array': {
      imports.add('java.util.List');
      return `List<${fieldType(document, node.items, `${hint}Item`, writer, refer, imports)}>`;
    }
    default:
      return 'JsonNode';
  }
}

/** A nested enum of string values, written as they are on the wire. */
function enumType(writer: ClassWriter, hint: string, constants: [string, string][], imports: Set<string>): string {
  imports.add('com.fasterxml.jackson.annotation.JsonValue');
  const name = nestedName(writer, hint);
  writer.lines.push(
    '',
    '  /** The values the description states. */',
    `  public enum ${name} {`,
    `    ${constants.map(([constant, value]) => `${constant}(${javaString(value)})`).join(',\n    ')};`,
    '',
    '    private final String value;',
    '',
    `    ${name}(String value) {`,
    '      this.value = value;',
    '    }',
    '',
    '    /** The value as it is on the wire. */',
    '    @JsonValue',
    '    public String value() {',
    '      return value;',
    '    }',
    '',
    '    @Override',
    '    public String toString() {',
    '      return value;',
    '    }',
    '  }',
  );
  return name;
}
