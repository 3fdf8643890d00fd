// Which parameters, request bodies and success responses the TypeScript client can carry exactly
// as a description states them, and how: the one home of that knowledge. The generators
// (bundle-operations.ts) read each parameter's rule from here; the build with overlays
// (scripts/overlay/client-support.ts) refuses, at the overlay's action, what this says the client
// cannot carry, before any build step runs.
import type { Oas3_1Definition, Oas3_1Schema, Oas3MediaType, Oas3Parameter, Referenced } from '@redocly/openapi-core';
import { deref } from './openapi-document.ts';

type Schema = Oas3_1Schema;
type Parameter = Oas3Parameter<Schema>;
/** A node of the description, its `$ref` followed once. */
const resolve = <T extends object>(document: Oas3_1Definition, node: Referenced<T> | boolean | undefined): T | undefined =>
  typeof node === 'object' ? (deref(document, node) as T | undefined) : undefined;

/** What a parameter's schema holds: one value, a list of values, or name/value properties. */
export type ParameterShape = 'primitive' | 'array' | 'object';

/** How the client serializes one parameter that is not in the path (OpenAPI 3.1 style values). */
export interface ParameterRule {
  name: string;
  in: 'query' | 'header' | 'cookie';
  style: 'form' | 'spaceDelimited' | 'pipeDelimited' | 'simple';
  explode: boolean;
  required: boolean;
  shape: ParameterShape;
  /** The JSON type of the value, or of each item or property value (for samples and docs). */
  type: string;
  /** A value the schema allows, for samples, where it states one or bounds one (see `schemaSample`). */
  sample?: unknown;
}

/** A parameter, body or response the client cannot carry, and why, with what to write instead. */
export interface Unsupported {
  reason: string;
}

const primitiveTypes = ['string', 'number', 'integer', 'boolean'];

/** The one primitive type a schema states (`null` beside it allowed), if it states exactly one. */
function primitiveType(document: Oas3_1Definition, node: Referenced<Schema> | boolean | undefined): string | undefined {
  const schema = resolve<Schema>(document, node);
  const types = (Array.isArray(schema?.type) ? schema.type : [schema?.type]).filter((type) => type !== 'null');
  return types.length === 1 && primitiveTypes.includes(String(types[0])) ? String(types[0]) : undefined;
}

/**
 * A value a sample may show for `schema`, where the schema says which: its `default`, its first
 * `enum` value, its `const`, its first example, or for a number its `minimum` (or the first whole
 * number above an `exclusiveMinimum`); undefined where it says none (the sample then shows a
 * placeholder of its type).
 */
export function schemaSample(schema: Schema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (typeof schema.minimum === 'number') return schema.minimum;
  if (typeof schema.exclusiveMinimum === 'number') return Math.floor(schema.exclusiveMinimum) + 1;
  return undefined;
}

/** The shape and value type of a parameter's schema, or why the client cannot serialize it. */
function shapeOf(document: Oas3_1Definition, node: Referenced<Schema> | undefined): { shape: ParameterShape; type: string; sample?: unknown } | Unsupported {
  const schema = resolve<Schema>(document, node);
  const primitive = primitiveType(document, schema);
  if (primitive) return { shape: 'primitive', type: primitive, sample: schemaSample(schema) };
  if (schema?.type === 'array') {
    const item = primitiveType(document, schema.items);
    return item
      ? { shape: 'array', type: item, sample: schemaSample(resolve<Schema>(document, schema.items)) }
      : {
          reason:
            'its items are not of one primitive type (string, number, integer or boolean), and OpenAPI 3.1 does not define how nested values are serialized',
        };
  }
  if (schema?.type === 'object') {
    const values = [...Object.values(schema.properties ?? {}), ...(typeof schema.additionalProperties === 'object' ? [schema.additionalProperties] : [])];
    const types = new Set(values.map((value) => primitiveType(document, value)));
    if (types.has(undefined) || values.length === 0)
      return {
        reason:
          'its properties are not all of a primitive type (string, number, integer or boolean), and OpenAPI 3.1 does not define how nested values are serialized',
      };
    return { shape: 'object', type: types.size === 1 ? [...types][0]! : 'string' };
  }
  return {
    reason:
      'its schema states no one type (string, number, integer, boolean, an array of one of them, or an object of them), so how it is serialized is not defined',
  };
}

/** Header names OpenAPI says a header parameter may not describe, or that fetch sets itself. */
const reservedHeaders: Record<string, string> = {
  accept: 'OpenAPI ignores a header parameter named Accept: the response media types say it',
  'content-type': 'OpenAPI ignores a header parameter named Content-Type: the request body media type says it',
  authorization: 'OpenAPI ignores a header parameter named Authorization: declare a security scheme (components.securitySchemes) instead',
  cookie: 'a Cookie header is made of cookie parameters: declare each cookie with `in: cookie`',
  host: 'fetch sets the Host header itself',
  'content-length': 'fetch sets the Content-Length header itself',
  connection: 'fetch sets the Connection header itself',
  'transfer-encoding': 'fetch sets the Transfer-Encoding header itself',
};

/** The style and explode a parameter in `location` may have, and the shapes each allows; else why not. */
function styleRule(parameter: Parameter, shape: ParameterShape): Pick<ParameterRule, 'style' | 'explode'> | Unsupported {
  const location = String(parameter.in);
  const style: string = parameter.style ?? (location === 'header' ? 'simple' : 'form');
  const explode = parameter.explode ?? style === 'form';
  const styles: Record<string, string[]> = { query: ['form', 'spaceDelimited', 'pipeDelimited'], header: ['simple'], cookie: ['form'] };
  if (style === 'deepObject')
    return {
      reason:
        'style deepObject is not one the client sends: OpenAPI 3.1 leaves its encoding of names and nested values undefined; use style form (explode true sends each property as name=value)',
    };
  if (!styles[location]?.includes(style))
    return { reason: `style ${style} is not one the client sends in a ${location} parameter (it sends ${styles[location]?.join(', ') ?? 'none'})` };
  if ((style === 'spaceDelimited' || style === 'pipeDelimited') && (shape !== 'array' || explode))
    return {
      reason: `style ${style} is defined by OpenAPI 3.1 for an array with explode false only; use style form for ${{ primitive: 'a primitive', array: 'an exploded array', object: 'an object' }[shape]}`,
    };
  if (location === 'cookie' && (shape === 'object' || (shape === 'array' && explode)))
    return {
      reason: `OpenAPI 3.1 does not define how one cookie carries ${shape === 'object' ? 'an object' : 'an exploded array'}; use a primitive, or an array with explode: false (name=a,b)`,
    };
  return { style: style as ParameterRule['style'], explode };
}

/** How the client sends `parameter` (a parameter object, `$ref`s followed), or why it cannot. */
export function parameterRule(document: Oas3_1Definition, node: Referenced<Parameter>): ParameterRule | Unsupported {
  const parameter = resolve<Parameter>(document, node);
  if (!parameter) return { reason: 'its $ref leads nowhere' };
  if (parameter.content !== undefined)
    return { reason: 'a parameter described by `content` (a media type) is not one the client serializes; describe it with `schema` and `style`' };
  if (parameter.allowReserved === true) return { reason: 'allowReserved is not supported: the client percent-encodes every reserved character' };
  // An own key only: `constructor` or `toString` is no reserved header, whatever an object inherits.
  if (parameter.in === 'header' && Object.hasOwn(reservedHeaders, String(parameter.name).toLowerCase()))
    return { reason: reservedHeaders[String(parameter.name).toLowerCase()] };
  const shape = shapeOf(document, parameter.schema);
  if ('reason' in shape) return shape;
  const style = styleRule(parameter, shape.shape);
  if ('reason' in style) return style;
  return { name: parameter.name, in: parameter.in as ParameterRule['in'], ...style, required: parameter.required === true, ...shape };
}

/** Why the client cannot send a path parameter, if it cannot: it fills one segment with a string. */
export function pathParameterProblem(document: Oas3_1Definition, node: Referenced<Parameter>): Unsupported | undefined {
  const parameter = resolve<Parameter>(document, node);
  if (
    !parameter ||
    (parameter.style ?? 'simple') !== 'simple' ||
    parameter.explode === true ||
    parameter.content !== undefined ||
    !primitiveType(document, parameter.schema)
  )
    return { reason: 'a path parameter is sent as one segment: style simple, not exploded, a primitive schema' };
  // The client's operation functions take each path parameter as a string and send it as one
  // encoded segment: a number there would be typed one way and refused at run time.
  if (primitiveType(document, parameter.schema) !== 'string')
    return {
      reason: `the client sends a path parameter as one string segment, so its schema must be type: string; to say '${parameter.name}' holds digits, keep type: string and add a pattern such as '^[0-9]+$'`,
    };
  return undefined;
}

/**
 * The names a path template gives its parameters (`/v1/messages/{id}`: `id`), each of which the
 * client writes as a property name into code; undefined, with the reason, when one is not an
 * identifier: such a name, from an overlay, would be code in the generated client.
 */
export function pathTemplateNames(path: string): { names: string[] } | Unsupported {
  const names = [...path.matchAll(/\{([^}]*)\}/g)].map((match) => match[1]);
  const bad = names.find((name) => !/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name));
  if (bad !== undefined || /[{}]/.test(path.replace(/\{[^}]*\}/g, '')))
    return {
      reason: `the path template ${JSON.stringify(path)} names a parameter ${JSON.stringify(bad ?? path)} that is not an identifier (a letter or _, then letters, digits or _): the client writes each name into its code, so only such names are carried`,
    };
  return { names };
}

/** Why the client cannot carry a request body or a success response's content, if it cannot. */
export function contentProblem(content: Record<string, Oas3MediaType<Schema>> | undefined, what: 'request body' | 'success response'): Unsupported | undefined {
  const types = Object.keys(content ?? {});
  const others = types.filter((type) => type !== 'application/json');
  if (others.length > 0)
    return {
      reason: `the ${what} has media type ${others.join(', ')}: the client ${what === 'request body' ? 'sends' : 'reads'} application/json only`,
    };
  const schema = content?.['application/json']?.schema;
  const ref = schema && '$ref' in schema ? schema.$ref : undefined;
  if (types.length === 0 || typeof ref !== 'string' || !ref.startsWith('#/components/schemas/'))
    return { reason: `the ${what}'s application/json schema must be a $ref to a named schema (#/components/schemas/<Name>), which the client's types name` };
  return undefined;
}
