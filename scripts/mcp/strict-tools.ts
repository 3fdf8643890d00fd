// The tools' input schemas as a strict client requires them (`--client openai`): OpenAI's strict
// function calling, which the Agents SDK's `convert_schemas_to_strict` checks, takes only closed
// objects whose every property is required, and a narrow set of keywords. Each tool's schema is
// turned into one such a client accepts as it is (every object closed, every property required,
// `null` for what may be left out) and each call's arguments back into what the description's
// schema takes: an object the description leaves open (an open body, any name=value pairs) cannot
// be closed without inventing its fields, so it becomes JSON text the server parses, and a keyword
// the client does not take (`not`, `minLength`) is left out of what it is shown, not of what the
// server checks: the arguments, decoded, are still validated against the description's own schema.

/** A tool's input schema: an object at its root. */
type InputSchema = Record<string, unknown> & { type: 'object' };

/** The client families `--client` serves the tools for; without it, the schemas are exactly as described. */
export const clientFamilies = ['openai'] as const;
export type ClientFamily = (typeof clientFamilies)[number];

/** An argument given as JSON text that does not parse: the message names the argument. */
export class ArgumentTextError extends Error {
  override name = 'ArgumentTextError';
}

/** A tool's input schema as the client is shown it, and how its arguments become the description's. */
export interface StrictTool {
  inputSchema: InputSchema;
  /** The arguments as the description's schema takes them; throws ArgumentTextError for JSON text that does not parse. */
  decode(args: Record<string, unknown>): Record<string, unknown>;
}

type Schema = Record<string, unknown>;

/** A schema as the client is shown it, how a value given for it is decoded, and whether decoding changes anything. */
interface View {
  schema: Schema;
  decode: (value: unknown, at: string) => unknown;
  /** True when every value the schema accepts is already the description's (no JSON text, no `null` to drop, inside). */
  identity: boolean;
}

/**
 * What OpenAI's strict mode takes beside `type` on a string, number or boolean (its Structured
 * Outputs guide's supported properties, an allow-list: `minLength` and `maxLength` are not among
 * them, and the API refuses a tool that has one): the rest is the server's to check.
 */
const scalarKeywords = new Set([
  'description',
  'title',
  'enum',
  'const',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
]);
/** The string formats strict mode takes. */
const formats = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
const scalarTypes = new Set(['string', 'number', 'integer', 'boolean', 'null']);
/**
 * Keywords that shape what a value holds, which strict mode cannot state: an argument whose schema
 * holds one is JSON text. A keyword that only narrows (`not`, `if`) is left out of what the client
 * is shown; the server still checks it.
 */
const structural = ['$ref', '$defs', 'allOf', 'patternProperties', 'prefixItems', 'dependentSchemas', 'unevaluatedProperties'];

const identity = (value: unknown) => value;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const typesOf = (schema: Schema): string[] | undefined =>
  typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? (schema.type as string[]) : undefined;

/** A JSON number's decimal value, written one way (`-15e-1` for `-1.50`), or `0`/`-0`. */
function decimalValue(number: string): string {
  const [, sign, whole, fraction = '', exponent = '0'] = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(number) ?? [];
  let digits = `${whole}${fraction}`.replace(/^0+/, '');
  if (digits === '') return `${sign}0`;
  let power = Number(exponent) - fraction.length;
  for (; digits.endsWith('0'); power += 1) digits = digits.slice(0, -1);
  return `${sign}${digits}e${power}`;
}

/**
 * The first number of a JSON text that JavaScript cannot carry as written, or undefined: one past
 * the range of a double (`1e400`), an integer beyond 2^53 that is not one (`9007199254740993`),
 * more digits than a double holds, or `-0` (which JSON.stringify writes `0`). Sent on, each would
 * reach the service as another number.
 */
export function numberChanged(json: string): string | undefined {
  for (const [token] of json.matchAll(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g)) {
    if (token.startsWith('"')) continue;
    const value = Number(token);
    if (!Number.isFinite(value) || decimalValue(token) !== decimalValue(JSON.stringify(value))) return token;
  }
  return undefined;
}

/** An argument given as JSON text, parsed by the server. */
function jsonText(schema: Schema): View {
  const types = typesOf(schema);
  const what = types?.length === 1 && types[0] === 'object' ? 'object' : types?.length === 1 && types[0] === 'array' ? 'array' : 'value';
  const said = typeof schema.description === 'string' ? `${schema.description.trim()} ` : '';
  return {
    schema: { type: 'string', description: `${said}Give it as JSON text: a string that holds the JSON ${what}, which the server parses.` },
    identity: false,
    decode: (value, at) => {
      if (typeof value !== 'string') return value;
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch (error) {
        throw new ArgumentTextError(`argument '${at}' is not JSON text (${error instanceof Error ? error.message : String(error)})`);
      }
      // Refused rather than sent changed: the service would get another number than the one written.
      const changed = numberChanged(value);
      if (changed !== undefined)
        throw new ArgumentTextError(
          `argument '${at}' holds the number ${changed.length > 40 ? `${changed.slice(0, 40)}…` : changed}, which would be sent as ${String(Number(changed))} (a JSON number is read as a double: past 2^53, its range or 17 digits, or -0, it changes); give it as a string`,
        );
      return parsed;
    },
  };
}

/** `view` that may also be `null`, which leaves the argument out. */
function nullable(view: View): View {
  const schema = { ...view.schema };
  if (Array.isArray(schema.anyOf)) schema.anyOf = [...(schema.anyOf as Schema[]), { type: 'null' }];
  else {
    const types = typesOf(schema) ?? [];
    schema.type = [...types.filter((type) => type !== 'null'), 'null'];
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...(schema.enum as unknown[]), null];
    if ('const' in schema) {
      schema.enum = [schema.const, null];
      delete schema.const;
    }
  }
  const said = typeof schema.description === 'string' ? `${schema.description.trim()} ` : '';
  schema.description = `${said}null leaves it out.`;
  return { schema, identity: false, decode: view.decode };
}

/** The strict view of an object whose every property is declared and no other allowed. */
function closedObject(schema: Schema): View {
  const properties = (isObject(schema.properties) ? schema.properties : {}) as Record<string, Schema>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const views = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => {
      const view = strictView(property);
      return [name, required.has(name) ? view : nullable(view)];
    }),
  );
  const shown: Schema = {
    type: 'object',
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    properties: Object.fromEntries(Object.entries(views).map(([name, view]) => [name, view.schema])),
    required: Object.keys(views),
    additionalProperties: false,
  };
  const unchanged = Object.values(views).every((view) => view.identity);
  return {
    schema: shown,
    identity: unchanged,
    decode: unchanged
      ? identity
      : (value, at) => {
          if (!isObject(value)) return value;
          const decoded: Record<string, unknown> = {};
          for (const [name, given] of Object.entries(value)) {
            const view = Object.hasOwn(views, name) ? views[name] : undefined;
            if (view && given === null && !required.has(name)) continue;
            // Defined, not assigned: a `__proto__` key stays a key (the validation after refuses it), never the object's prototype.
            Object.defineProperty(decoded, name, {
              value: view ? view.decode(given, at ? `${at}.${name}` : name) : given,
              enumerable: true,
              writable: true,
              configurable: true,
            });
          }
          return decoded;
        },
  };
}

/** The strict view of one schema: kept where strict mode can say it, else JSON text. */
function strictView(schema: Schema): View {
  if (!isObject(schema) || structural.some((keyword) => keyword in schema)) return jsonText(isObject(schema) ? schema : {});
  const types = typesOf(schema);
  const choices = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(choices)) {
    const views = choices.map(strictView);
    if (types || !views.every((view) => view.identity)) return jsonText(schema);
    return {
      schema: { ...(schema.description ? { description: schema.description } : {}), anyOf: views.map((view) => view.schema) },
      identity: true,
      decode: identity,
    };
  }
  if (types === undefined) return isObject(schema.properties) && schema.additionalProperties === false ? closedObject(schema) : jsonText(schema);
  if (types.length === 1 && types[0] === 'object') return schema.additionalProperties === false ? closedObject(schema) : jsonText(schema);
  if (types.length === 1 && types[0] === 'array') {
    if (!isObject(schema.items)) return jsonText(schema);
    const items = strictView(schema.items);
    const shown: Schema = { type: 'array', items: items.schema };
    for (const keyword of ['description', 'minItems', 'maxItems']) if (keyword in schema) shown[keyword] = schema[keyword];
    return {
      schema: shown,
      identity: items.identity,
      decode: items.identity ? identity : (value, at) => (Array.isArray(value) ? value.map((item, i) => items.decode(item, `${at}[${i}]`)) : value),
    };
  }
  if (!types.every((type) => scalarTypes.has(type))) return jsonText(schema);
  const shown: Schema = { type: schema.type };
  for (const [keyword, value] of Object.entries(schema))
    if (scalarKeywords.has(keyword) && (keyword !== 'format' || formats.has(String(value)))) shown[keyword] = value;
  return { schema: shown, identity: true, decode: identity };
}

/**
 * `tool`'s input schema as a strict client takes it, and the decoding of its arguments: the root
 * object closed, every argument required (an optional one may be `null`, which leaves it out), an
 * argument strict mode cannot state as JSON text.
 */
export function strictTool(tool: { inputSchema: InputSchema }): StrictTool {
  const view = closedObject({ ...tool.inputSchema, additionalProperties: false });
  return {
    inputSchema: view.schema as InputSchema,
    decode: (args) => view.decode(args, '') as Record<string, unknown>,
  };
}
