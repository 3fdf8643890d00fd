// The operations of a bundled description, in document order, in the shape the generators need
// (client functions, code samples). Fails on a parameter, body or response the client cannot
// carry (parameters.ts says which); the build with overlays refuses those at the overlay's action.
import {
  deref,
  eachOperation,
  isRef,
  type MediaType,
  type OpenApiDocument,
  type Operation as OperationNode,
  operationParameters,
  type Parameter,
  type PathItem,
  type Schema,
  successStatus,
} from './openapi-document.ts';
import { ReportedError } from './project.ts';
import { contentProblem, parameterRule, type ParameterRule, pathParameterProblem, pathTemplateNames, schemaSample } from './parameters.ts';

export interface Operation {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  tag: string;
  /** Names of the path parameters, in the order they appear in the path. */
  pathParameters: string[];
  /**
   * Whether the operation's one query parameter is open name=value pairs (a form-exploded object
   * with additionalProperties, like the description's `pairs`): the function then takes the pairs
   * themselves as `query`.
   */
  openQuery: boolean;
  /** Every parameter not in the path (query, header, cookie), with how the client sends it. */
  parameters: ParameterRule[];
  /** The request body's named schema, and whether the body is required. */
  body?: { schema: string; required: boolean };
  /** The success status and the named schema of its JSON body. */
  success: { status: string; schema: string };
}

function schemaName(where: string, content: Record<string, MediaType> | undefined, what: 'request body' | 'success response'): string {
  const problem = contentProblem(content, what);
  if (problem) throw new ReportedError(`${where}: ${problem.reason}`);
  const name = String((content!['application/json'].schema as { $ref?: string }).$ref)
    .split('/')
    .pop()!;
  // OpenAPI's own pattern for a component's name; the client writes it inside quotes and comments.
  if (!/^[A-Za-z0-9._-]+$/.test(name)) throw new ReportedError(`${where}: the ${what}'s schema name ${JSON.stringify(name)} is not a component name`);
  return name;
}

/** The rules of the parameters not in the path; throws on one the client cannot send. */
function parameterRules(document: OpenApiDocument, where: string, parameters: Parameter[]): ParameterRule[] {
  return parameters
    .map((parameter) => {
      const rule = parameter.in === 'path' ? pathParameterProblem(document, parameter) : parameterRule(document, parameter);
      if (rule && 'reason' in rule)
        throw new ReportedError(`${where}: parameter '${parameter.name}' (in ${parameter.in}) is not one the client can send: ${rule.reason}`);
      return rule;
    })
    .filter((rule): rule is ParameterRule => rule !== undefined);
}

/** Whether `rule` is open name=value pairs: a form-exploded object whose names are open. */
const isOpenPairs = (document: OpenApiDocument, parameter: Parameter, rule: ParameterRule) =>
  rule.in === 'query' &&
  rule.shape === 'object' &&
  rule.explode &&
  rule.style === 'form' &&
  deref(document, parameter.schema)?.additionalProperties !== undefined &&
  Object.keys(deref(document, parameter.schema)?.properties ?? {}).length === 0;

/** The operation named `operationId`, with its path, method and path item; throws when there is none. */
export function operationById(document: OpenApiDocument, operationId: string): { path: string; method: string; pathItem: PathItem; operation: OperationNode } {
  for (const found of eachOperation(document)) if (found.operation.operationId === operationId) return found;
  throw new ReportedError(`no operation ${operationId} in the description`);
}

/** The path template's parameter names; throws when one cannot be written into the client's code. */
function templateNames(where: string, path: string): string[] {
  const names = pathTemplateNames(path);
  if ('reason' in names) throw new ReportedError(`${where}: ${names.reason}`);
  return names.names;
}

export function listOperations(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const { path, method, pathItem, operation } of eachOperation(document)) {
    const where = `${method.toUpperCase()} ${path}`;
    const parameters = operationParameters(document, pathItem, operation);
    const rules = parameterRules(document, where, parameters);
    const query = parameters.filter((parameter) => parameter.in === 'query');
    const success = successStatus(operation);
    if (!success) throw new ReportedError(`${where}: no success response`);
    const body = deref(document, operation.requestBody);
    // The client names a function after it and the samples call it: nothing else can stand there.
    if (!/^[A-Za-z_$][\w$]*$/.test(String(operation.operationId)))
      throw new ReportedError(
        `${where}: operationId ${JSON.stringify(String(operation.operationId))} is not a JavaScript identifier, which the client names its function after`,
      );
    operations.push({
      operationId: operation.operationId!,
      method,
      path,
      summary: operation.summary!,
      tag: operation.tags![0],
      pathParameters: templateNames(where, path),
      openQuery:
        query.length === 1 &&
        isOpenPairs(
          document,
          query[0],
          rules.find((rule) => rule.in === 'query')!,
        ),
      parameters: rules,
      body: body ? { schema: schemaName(`${where} request body`, body.content, 'request body'), required: body.required === true } : undefined,
      success: {
        status: success,
        schema: schemaName(`${where} ${success} response`, deref(document, operation.responses[success])?.content, 'success response'),
      },
    });
  }
  return operations;
}

export interface HeaderScheme {
  /** The security scheme's name in components.securitySchemes. */
  scheme: string;
  header: string;
  /** Whether the value goes after `Bearer ` (http bearer) or as it is (apiKey). */
  bearer: boolean;
}

/**
 * The security schemes that send one header (apiKey in a header, http bearer). The description
 * declares none (the interface document states no auth scheme); an overlay may add them.
 */
export function headerSchemes(bundle: OpenApiDocument): HeaderScheme[] {
  return Object.entries(bundle.components?.securitySchemes ?? {}).flatMap(([scheme, s]): HeaderScheme[] => {
    if (isRef(s)) return [];
    if (s.type === 'apiKey' && s.in === 'header' && typeof s.name === 'string') return [{ scheme, header: s.name, bearer: false }];
    if (s.type === 'http' && String(s.scheme).toLowerCase() === 'bearer') return [{ scheme, header: 'Authorization', bearer: true }];
    return [];
  });
}

/** A required field of a request body's schema, with its JSON type when the schema states one. */
export interface BodyField {
  name: string;
  type?: string;
  /** A value its schema states or bounds, for samples (`schemaSample`). */
  sample?: unknown;
}

/**
 * The fields of an operation's request body schema, when it declares any (the description's
 * declare none: the interface document states no field; an overlay may add some).
 */
export function bodyFields(document: OpenApiDocument, operation: Operation): { declared: boolean; required: BodyField[] } {
  const schema = (operation.body ? document.components?.schemas?.[operation.body.schema] : undefined) as Schema | undefined;
  const properties = schema?.properties ?? {};
  const required: string[] = Array.isArray(schema?.required) ? schema.required : [];
  return {
    declared: Object.keys(properties).length > 0,
    required: required.map((name) => {
      const schema = deref(document, properties[name]);
      return { name, type: typeof schema?.type === 'string' ? schema.type : undefined, sample: schemaSample(schema) };
    }),
  };
}
