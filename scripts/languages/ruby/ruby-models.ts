// The Ruby SDK's typed classes: what each body of an operation is read and sent as (any JSON value,
// a Hash, or a class of its own), and models.rb with its signatures, one class under
// EmailDeliveryApi::Models per schema whose fields the description (or an overlay) states, each a
// subclass of the runtime's Model (runtime/lib/email_delivery_api/model.rb).
import { deref, isRecord, type OpenApiDocument } from '../../openapi-document.ts';
import { bodyType as schemaKind } from '../python/python-models.ts';
import { className, commentText, rubyString, snakeCase } from './ruby-names.ts';

/** What a body is in Ruby: any JSON value, a JSON object (a Hash), or a model class of the schema `name`. */
export type RubyBody = { kind: 'any' } | { kind: 'object' } | { kind: 'model'; name: string; className: string };

/** The JSON types a field's check knows; anything else is not checked. */
const checkedTypes = new Set(['string', 'integer', 'number', 'boolean', 'array', 'object']);
const signatureTypes: Record<string, string> = {
  string: 'String',
  integer: 'Integer',
  number: 'Numeric',
  boolean: 'bool',
  array: 'Array[untyped]',
  object: 'Hash[String, untyped]',
};

/** Names a model's attribute may not take: its own methods and Object's that a caller uses. */
const modelNames = new Set(
  (
    'additional_properties to_h hash eql initialize class send public_send method methods freeze frozen dup clone display inspect to_s ' +
    'object_id instance_variables instance_variable_get itself then tap nil is_a kind_of respond_to equal extend fields from_json from_h'
  ).split(' '),
);

/** The schema `name`'s node, when it is an object with fields. */
function fieldsSchema(document: OpenApiDocument, name: string): Record<string, unknown> | undefined {
  const schema: unknown = document.components?.schemas?.[name];
  return isRecord(schema) && isRecord(schema.properties) && Object.keys(schema.properties).length > 0 ? schema : undefined;
}

/** What the body of the schema `name` is in Ruby: a class where it states fields, a Hash where it is an object, else any JSON. */
export function rubyBody(document: OpenApiDocument, name: string): RubyBody {
  const kind = schemaKind(document, name).kind;
  if (kind === 'model' && fieldsSchema(document, name)) return { kind: 'model', name, className: className(name) };
  const schema: unknown = document.components?.schemas?.[name];
  if (kind === 'object' || (isRecord(schema) && schema.type === 'object')) return { kind: 'object' };
  return { kind: 'any' };
}

export interface Field {
  wire: string;
  attribute: string;
  type?: string;
  required: boolean;
  nullable: boolean;
  description: string;
}

/** The fields of the schema `name`, each named in snake_case; throws where two take one name. */
export function fieldsOf(document: OpenApiDocument, name: string): Field[] {
  const schema = fieldsSchema(document, name)!;
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const taken = new Map<string, string>();
  return Object.entries(schema.properties as Record<string, unknown>).map(([wire, node]) => {
    const property = isRecord(node) ? (deref(document, node) as Record<string, unknown> | undefined) : undefined;
    const types = (Array.isArray(property?.type) ? property.type : [property?.type]).filter((type): type is string => typeof type === 'string');
    const nonNull = types.filter((type) => type !== 'null');
    let attribute = snakeCase(wire);
    if (modelNames.has(attribute.replace(/_$/, ''))) attribute = `${attribute.replace(/_$/, '')}_`;
    const other = taken.get(attribute);
    if (other !== undefined) throw new Error(`schema ${name}: its fields ${JSON.stringify(other)} and ${JSON.stringify(wire)} are both ${attribute} in Ruby`);
    taken.set(attribute, wire);
    return {
      wire,
      attribute,
      type: nonNull.length === 1 && checkedTypes.has(nonNull[0]) ? nonNull[0] : undefined,
      required: required.has(wire),
      nullable: types.includes('null') || nonNull.length !== 1,
      description: commentText(property?.description),
    };
  });
}

/** The classes models.rb defines, by schema name: those the operations' bodies name. */
export function modelNamesOf(bodies: RubyBody[]): { name: string; className: string }[] {
  const found = new Map<string, string>();
  for (const body of bodies) if (body.kind === 'model') found.set(body.name, body.className);
  const classes = new Map<string, string>();
  for (const [name, ruby] of found) {
    const other = classes.get(ruby);
    if (other !== undefined) throw new Error(`schemas ${other} and ${name} are both the Ruby class ${ruby}: rename one`);
    classes.set(ruby, name);
  }
  return [...found].map(([name, ruby]) => ({ name, className: ruby }));
}

const signatureOf = (field: Field) => {
  const type = field.type ? signatureTypes[field.type] : 'untyped';
  return type === 'untyped' || (field.required && !field.nullable) ? type : `${type}?`;
};

/** models.rb and its signatures, for the classes `models`. */
export function modelsCode(document: OpenApiDocument, models: { name: string; className: string }[], header: string): { ruby: string; rbs: string } {
  const classes = models.map(({ name, className: ruby }) => {
    const fields = fieldsOf(document, name);
    const schema = fieldsSchema(document, name)!;
    const keywords = fields
      .map((field) => (field.required ? `${field.attribute}:` : `${field.attribute}: nil`))
      .sort((a, b) => Number(a.endsWith('nil')) - Number(b.endsWith('nil')));
    return {
      ruby: [
        `    # ${commentText(schema.description) || `The schema ${name}.`}`,
        `    class ${ruby} < Model`,
        '      FIELDS = {',
        fields
          .map(
            (field) =>
              `        ${field.attribute}: Field.new(${rubyString(field.wire)}, ${field.type ? rubyString(field.type) : 'nil'}, ${field.required}, ${field.nullable})`,
          )
          .join(',\n'),
        '      }.freeze',
        '',
        ...fields.flatMap((field) => [...(field.description ? [`      # ${field.description}`] : []), `      attr_reader :${field.attribute}`]),
        '',
        `      def initialize(${keywords.join(', ')})`,
        `        super({ ${fields.map((field) => `${field.attribute}:`).join(', ')} })`,
        '      end',
        '    end',
      ].join('\n'),
      rbs: [
        `    class ${ruby} < Model`,
        ...fields.map((field) => `      attr_reader ${field.attribute}: ${signatureOf(field)}`),
        `      def initialize: (${fields
          .map((field) => (field.required ? `${field.attribute}: ${signatureOf(field)}` : `?${field.attribute}: ${signatureOf(field)}`))
          .sort((a, b) => Number(a.startsWith('?')) - Number(b.startsWith('?')))
          .join(', ')}) -> void`,
        '    end',
      ].join('\n'),
    };
  });
  const about =
    models.length === 0
      ? [
          '  # The classes of the bodies whose schemas state their fields. The description states none: every body',
          '  # is any JSON object (a Hash) or any JSON value. Overlays that type fields make them here',
          '  # (npm run sdk -- --lang ruby --overlay <file> --out <folder>).',
        ]
      : ['  # The classes of the bodies whose schemas state their fields: each field an attribute, sent under its name on the wire.'];
  return {
    ruby: [header, '', 'module EmailDeliveryApi', ...about, '  module Models', classes.map((c) => c.ruby).join('\n\n'), '  end', 'end', '']
      .join('\n')
      .replace('  module Models\n\n  end', '  module Models\n  end'),
    rbs: ['  module Models', ...classes.map((c) => c.rbs), '  end'].join('\n'),
  };
}
