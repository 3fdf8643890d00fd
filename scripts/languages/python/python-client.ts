// The Python SDK's generated code: `_client.py`, one thin method per operation on `Client` and
// `AsyncClient` over the runtime's one request function (`_call`, runtime/_core.py), and the
// package's `__init__.py`. Everything else a call does is the runtime's.
import type { OpenApiDocument } from '../../openapi-document.ts';
import { type HeaderScheme, headerSchemes, listOperations, type Operation } from '../../bundle-operations.ts';
import type { ParameterRule } from '../../parameters.ts';
import { ReportedError } from '../../project.ts';
import { type BodyType, bodyType } from './python-models.ts';
import { credentialVariable, defaults, idempotencyKeyOf } from '../runtime-spec.ts';
import { pythonVersion } from './python-package.ts';
import { errorKindClasses } from './python-spec.ts';

const keywords = new Set(
  (
    'False None True and as assert async await break class continue def del elif else except finally for from global if import in is ' +
    'lambda nonlocal not or pass raise return try while with yield match case type _'
  ).split(' '),
);

/** What the clients define themselves: an operation's method may not take these names. */
const clientNames = new Set(['close', 'aclose', 'with_response', 'with_options']);

/** What a method's body names besides its parameters (methodCode), and its options: no parameter may take these names. */
const bodyNames = ['self', 'cast', 'extra_headers', 'timeout'];

/** The keyword-only options of every method: a call's own headers (over the client's) and deadline. */
const callOptions = ['extra_headers: Mapping[str, str] | None = None', 'timeout: float | None = None'];

/** `name` in snake_case, as a Python identifier: `getApiKey` → `get_api_key`, `Idempotency-Key` → `idempotency_key`. */
export function snakeCase(name: string): string {
  const words = name
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
  const identifier = words === '' ? 'value' : /^[0-9]/.test(words) ? `_${words}` : words;
  return keywords.has(identifier) ? `${identifier}_` : identifier;
}

/** A Python string literal of `text` (double-quoted; JSON's escapes are Python's). */
const literal = (text: string) => JSON.stringify(text);

/** `text` as one line of a docstring: no line break or other control character, no backslash or quote that would end it. */
const docLine = (text: string) =>
  [...text]
    .map((char) => (char.charCodeAt(0) < 0x20 || char === '\x7f' ? ' ' : char))
    .join('')
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .trim();

/** A summary as a sentence: a full stop where it ends without one. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** A Python float literal: `60.0`. */
const float = (value: number) => (Number.isInteger(value) ? `${value}.0` : String(value));

const scalar: Record<string, string> = { string: 'str', integer: 'int', number: 'float', boolean: 'bool' };

/** The type a keyword of the parameter takes. */
function parameterType(rule: ParameterRule): string {
  const value = scalar[rule.type] ?? 'str';
  if (rule.shape === 'array') return `list[${value}]`;
  if (rule.shape === 'object') return `Mapping[str, ${value}]`;
  return value;
}

/** A body's annotation in the method's signature (what the caller gives) and in its return (what it gets). */
function annotation(type: BodyType, as: 'argument' | 'result'): string {
  if (type.kind === 'any') return 'Any';
  // A declared JSON body is what a call returns, never None: a 2xx without it raises ResponseBodyError.
  if (type.kind === 'object') return as === 'argument' ? 'Mapping[str, Any]' : 'dict[str, Any]';
  return `_models.${type.name}`;
}

/** What the runtime decodes a 2xx body into (`into`), as Python. */
const into = (type: BodyType) => (type.kind === 'any' ? 'None' : type.kind === 'object' ? 'dict' : `_models.${type.name}`);

export interface Method {
  operation: Operation;
  name: string;
  constant: string;
  /** Each path parameter's argument, in order. */
  pathNames: string[];
  /** `name: type` of each path parameter, positional. */
  positional: string[];
  /** `name: type` or `name: type = None` of each keyword, the required first. */
  keywords: string[];
  /** `"wire": keyword` of each parameter not in the path. */
  values: string[];
  /** Each parameter not in the path with its keyword, the required first. */
  named: { rule: ParameterRule; keyword: string }[];
  /** The header of its idempotency key (runtime-spec.ts' idempotencyKeyOf) and its keyword, which is never required: the SDK makes a key where none is given. */
  idempotencyKey?: { header: string; keyword: string };
  body?: { type: BodyType; required: boolean };
  result: BodyType;
}

function method(document: OpenApiDocument, operation: Operation, taken: Map<string, string>): Method {
  const name = clientNames.has(snakeCase(operation.operationId)) ? `${snakeCase(operation.operationId)}_` : snakeCase(operation.operationId);
  const other = taken.get(name);
  if (other !== undefined)
    throw new ReportedError(`operations ${other} and ${operation.operationId} are both ${name} in Python (snake_case): rename one operationId`);
  taken.set(name, operation.operationId);
  const used = new Set(bodyNames);
  const keyword = (wire: string) => {
    let chosen = snakeCase(wire);
    while (used.has(chosen) || chosen === 'body') chosen = `${chosen}_`;
    used.add(chosen);
    return chosen;
  };
  const pathNames = operation.pathParameters.map(keyword);
  const key = idempotencyKeyOf(operation.method, operation.parameters);
  const required = (rule: ParameterRule) => rule.required && rule.name !== key;
  const rules = [...operation.parameters].sort((a, b) => Number(required(b)) - Number(required(a)));
  const named = rules.map((rule) => ({ rule, keyword: keyword(rule.name) }));
  const keyKeyword = named.find(({ rule }) => rule.name === key)?.keyword;
  const body = operation.body ? { type: bodyType(document, operation.body.schema), required: operation.body.required } : undefined;
  return {
    operation,
    name,
    constant: `_${snakeCase(operation.operationId).toUpperCase()}`,
    pathNames,
    positional: pathNames.map((name) => `${name}: str`),
    keywords: [
      ...named.map(({ rule, keyword }) => (required(rule) ? `${keyword}: ${parameterType(rule)}` : `${keyword}: ${parameterType(rule)} | None = None`)),
      ...(body ? [body.required ? `body: ${annotation(body.type, 'argument')}` : `body: ${annotation(body.type, 'argument')} | None = None`] : []),
    ].sort((a, b) => Number(a.includes(' = ')) - Number(b.includes(' = '))),
    values: named.map(({ rule, keyword }) => `${literal(rule.name)}: ${keyword}`),
    named,
    ...(key && keyKeyword ? { idempotencyKey: { header: key, keyword: keyKeyword } } : {}),
    body,
    result: bodyType(document, operation.success.schema),
  };
}

/** The runtime's record of an operation: `Operation(id, method, path, path names, parameters, idempotency_key=...)`. */
function operationConstant(m: Method): string {
  const { operation } = m;
  const names = operation.pathParameters.map((name) => `${literal(name)},`).join(' ');
  const parameters = operation.parameters.map(
    (rule) => `Parameter(${[rule.name, rule.in, rule.style].map(literal).join(', ')}, ${rule.explode ? 'True' : 'False'}),`,
  );
  const args = [literal(operation.operationId), literal(operation.method.toUpperCase()), literal(operation.path)];
  if (names || parameters.length > 0) args.push(`(${names})`);
  if (parameters.length > 0) args.push(`(${parameters.join(' ')})`);
  if (m.idempotencyKey) args.push(`idempotency_key=${literal(m.idempotencyKey.header)}`);
  return `${m.constant} = Operation(${args.join(', ')})`;
}

function returns(type: BodyType, status: string): string {
  const what = type.kind === 'any' ? 'its JSON body' : type.kind === 'object' ? 'its JSON object' : `its body as a ${type.name}`;
  return type.kind === 'any'
    ? `Returns ${what} from the ${status} answer (None when it has no body).`
    : `Returns ${what} from the ${status} answer (an answer without one raises ResponseBodyError).`;
}

/**
 * One method of a client: `asynchronous` a coroutine; `withResponse` (on `client.with_response`) one
 * that returns the answer's status and headers with its body (`ApiResponse`).
 */
function methodCode(m: Method, asynchronous: boolean, withResponse = false): string[] {
  const { operation } = m;
  const signature = ['self', ...m.positional, ...(m.positional.length > 0 ? ['/'] : []), '*', ...m.keywords, ...callOptions].join(', ');
  const call = [
    m.constant,
    `(${m.pathNames.map((name) => `${name},`).join(' ')})`,
    `{${m.values.join(', ')}}`,
    m.body ? 'body' : 'None',
    into(m.result),
    withResponse ? 'True' : 'False',
    'extra_headers',
    'timeout',
  ].join(', ');
  const body = annotation(m.result, 'result');
  const result = withResponse ? `ApiResponse[${body}]` : body;
  const sent = `${asynchronous ? 'await ' : ''}self${withResponse ? '._client' : ''}._call(${call})`;
  const doc = withResponse
    ? [`        """As \`\`${m.name}\`\` of the client, with its answer's status and headers."""`]
    : [
        `        """${sentence(docLine(operation.summary))}`,
        '',
        `        \`\`${operation.method.toUpperCase()} ${docLine(operation.path)}\`\` (\`\`${operation.operationId}\`\`). ${returns(m.result, operation.success.status)}`,
        ...(m.idempotencyKey
          ? [
              `        \`\`${m.idempotencyKey.keyword}\`\` (the ${docLine(m.idempotencyKey.header)} header): one is made for the call (a UUID4) when not given; the same on every retry.`,
            ]
          : []),
        "        ``extra_headers`` go with this call, over the client's; ``timeout`` is its deadline in seconds (0: none; None: the client's).",
        `        """`,
      ];
  return [
    `    ${asynchronous ? 'async ' : ''}def ${m.name}(${signature}) -> ${result}:`,
    ...doc,
    `        return ${result === 'Any' ? sent : `cast(${literal(result)}, ${sent})`}`,
  ];
}

/** `client.with_response`: a property of the client, and the class of the same methods returning `ApiResponse`. */
function withResponseCode(methods: Method[], asynchronous: boolean): { property: string[]; wrapper: string[] } {
  const client = asynchronous ? 'AsyncClient' : 'Client';
  return {
    property: [
      '',
      '    @property',
      `    def with_response(self) -> ${client}WithResponse:`,
      '        """The same methods, each returning the 2xx answer\'s ``status`` and ``headers`` with its ``body`` (``ApiResponse``)."""',
      `        return ${client}WithResponse(self)`,
    ],
    wrapper: [
      '',
      '',
      `class ${client}WithResponse:`,
      `    """\`\`${asynchronous ? 'async_client' : 'client'}.with_response\`\`: each method of the client, returning an \`\`ApiResponse\`\` (status, headers, body)."""`,
      '',
      `    def __init__(self, client: ${client}) -> None:`,
      '        self._client = client',
      ...methods.flatMap((m) => ['', ...methodCode(m, asynchronous, true)]),
    ],
  };
}

/**
 * Where the description declares security schemes carried in one header (an overlay's), what
 * `_client.py` adds: `Credentials`, a TypedDict of the schemes by name; `_SCHEMES`, the runtime's
 * record of each (its header, `Bearer ` before a bearer token, its environment variable); and each
 * client's `__init__`, which takes `credentials=` typed with it.
 */
function credentialsCode(schemes: HeaderScheme[]): { declarations: string[]; init: (asynchronous: boolean) => string[] } {
  if (schemes.length === 0) return { declarations: [], init: () => [] };
  const entries = schemes.map(({ scheme }) => `${literal(scheme)}: str`).join(', ');
  return {
    declarations: [
      '',
      "#: The credential of each security scheme the description declares, by the scheme's name: sent as its header on every",
      '#: request (a header of that name in ``headers=`` is sent instead); one not given is read from its environment variable.',
      `Credentials = TypedDict("Credentials", {${entries}}, total=False)`,
      '',
      '_SCHEMES = (',
      ...schemes.map(
        ({ scheme, header, bearer }) => `    Scheme(${[scheme, header, bearer ? 'Bearer ' : '', credentialVariable(scheme)].map(literal).join(', ')}),`,
      ),
      ')',
    ],
    init: (asynchronous) => [
      '',
      '    _schemes = _SCHEMES',
      '',
      '    def __init__(',
      '        self,',
      '        base_url: str,',
      '        *,',
      '        credentials: Credentials | None = None,',
      '        headers: Mapping[str, str] | None = None,',
      '        timeout: float | None = DEFAULT_TIMEOUT,',
      '        max_response_bytes: int | None = DEFAULT_MAX_RESPONSE_BYTES,',
      '        max_retries: int = DEFAULT_MAX_RETRIES,',
      `        http_client: httpx.${asynchronous ? 'AsyncClient' : 'Client'} | None = None,`,
      '    ) -> None:',
      '        super().__init__(',
      '            base_url,',
      '            credentials=credentials,',
      '            headers=headers,',
      '            timeout=timeout,',
      '            max_response_bytes=max_response_bytes,',
      '            max_retries=max_retries,',
      '            http_client=http_client,',
      '        )',
    ],
  };
}

/** The client's method of each operation of `document`, in the description's order (the code samples show them too). */
export function pythonMethods(document: OpenApiDocument): Method[] {
  const taken = new Map<string, string>();
  return listOperations(document).map((operation) => method(document, operation, taken));
}

/** The docstring of `Client` (or, `asynchronous`, `AsyncClient`): its options, and where there are schemes, its credentials. */
function clientDocstring(title: string, methods: Method[], schemes: HeaderScheme[], asynchronous: boolean): string[] {
  return [
    `    """A client of ${title}: one ${asynchronous ? 'coroutine' : 'method'} per operation, named after its operationId in snake_case.`,
    '',
    `    \`\`${asynchronous ? 'AsyncClient' : 'Client'}(base_url, *, ${schemes.length > 0 ? 'credentials=None, ' : ''}headers=None, timeout=${float(defaults.timeoutSeconds)}, max_response_bytes=${defaults.maxResponseBytes / 1024 / 1024} MiB, max_retries=${defaults.maxRetries}, http_client=None)\`\`:`,
    '    ``headers`` go with every request (your credentials: never shown in an error or in the printed',
    '    client), ``timeout`` bounds each whole call in seconds, ``max_response_bytes`` the body read (0 or',
    `    None: no bound), \`\`max_retries\`\` the retries of a GET, PUT or DELETE${methods.some((m) => m.idempotencyKey) ? ' (or of a call with an idempotency key)' : ''}; \`\`http_client\`\` an \`\`httpx.${asynchronous ? 'AsyncClient' : 'Client'}\`\` of yours.`,
    ...(schemes.length > 0
      ? [
          `    \`\`credentials\`\` the credential of each security scheme by its name (${schemes.map(({ scheme }) => docLine(scheme)).join(', ')}), sent as its header;`,
          `    one not given is read from its environment variable (${schemes.map(({ scheme }) => credentialVariable(scheme)).join(', ')}).`,
        ]
      : []),
    `    ${asynchronous ? 'Use it in ``async with``, or ``await client.aclose()``.' : 'Use it in ``with``, or call ``close()``.'}`,
    '    """',
  ];
}

/** `_client.py` and `__init__.py` of the SDK of `document`; `models`: the schemas the methods type with a model. */
export function clientModules(document: OpenApiDocument, header: string, version: string): { client: string; init: string; models: string[] } {
  const methods = pythonMethods(document);
  const models = [
    ...new Set(methods.flatMap((m) => [m.result, ...(m.body ? [m.body.type] : [])]).flatMap((type) => (type.kind === 'model' ? [type.name] : []))),
  ];
  const [sync, asynchronous] = [withResponseCode(methods, false), withResponseCode(methods, true)];
  const schemes = headerSchemes(document);
  const credentials = credentialsCode(schemes);
  const title = docLine(String(document.info?.title ?? 'the API'));
  const clientDoc = (asynchronous: boolean) => clientDocstring(title, methods, schemes, asynchronous);
  const client = [
    header,
    `"""The clients of ${title} ${docLine(version)}: one method per operation over the runtime (_core.py)."""`,
    '',
    "# Each method calls the runtime's one request function, _call, which is the package's own, not its users'.",
    '# pyright: reportPrivateUsage=false',
    '',
    'from __future__ import annotations',
    '',
    'from collections.abc import Mapping',
    `from typing import Any, ${schemes.length > 0 ? 'TypedDict, ' : ''}cast`,
    '',
    ...(schemes.length > 0 ? ['import httpx', ''] : []),
    ...(models.length > 0 ? ['from . import models as _models'] : []),
    importLine('._core', [
      'ApiResponse',
      'AsyncClientBase',
      'Operation',
      ...(methods.some((m) => m.operation.parameters.length > 0) ? ['Parameter'] : []),
      ...(schemes.length > 0 ? ['Scheme'] : []),
      'SyncClientBase',
    ]),
    ...(schemes.length > 0 ? ['from ._spec import DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT'] : []),
    '',
    ...methods.map(operationConstant),
    ...credentials.declarations,
    '',
    '',
    'class Client(SyncClientBase):',
    ...clientDoc(false),
    ...credentials.init(false),
    ...sync.property,
    ...methods.flatMap((m) => ['', ...methodCode(m, false)]),
    ...sync.wrapper,
    '',
    '',
    'class AsyncClient(AsyncClientBase):',
    ...clientDoc(true),
    ...credentials.init(true),
    ...asynchronous.property,
    ...methods.flatMap((m) => ['', ...methodCode(m, true)]),
    ...asynchronous.wrapper,
    '',
  ].join('\n');
  return { client, init: initModule(document, header, version, title, schemes.length > 0), models };
}

/** The errors the package exports, from runtime/errors.py. */
const errors = [
  'ApiError',
  'CallTimeoutError',
  'ClientClosedError',
  'ConnectionFailedError',
  'CrossOriginRedirectError',
  'EmailDeliveryError',
  'ResponseBodyError',
  'ResponseTooLargeError',
  'UnsafePathParameterError',
  'Headers',
];

/** `from <module> import <names>` as ruff's isort writes it: on one line within 88 characters, else one name a line. */
function importLine(module: string, names: string[]): string {
  const line = `from ${module} import ${names.join(', ')}`;
  return line.length <= 88 ? line : `from ${module} import (\n${names.map((name) => `    ${name},`).join('\n')}\n)`;
}

/** `names` in the order ruff's isort and RUF022 keep them: constants, then classes, then the rest, each by code point. */
export function isortOrder(names: readonly string[]): string[] {
  const rank = (name: string) => (/^[A-Z0-9_]+$/.test(name) ? 0 : /^[A-Z]/.test(name) ? 1 : 2);
  return [...names].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** The package's `__init__.py`: what it exports, and its versions. */
function initModule(document: OpenApiDocument, header: string, version: string, title: string, withCredentials: boolean): string {
  return [
    header,
    `"""${title} ${docLine(version)}, as a Python SDK: \`\`Client\`\` and \`\`AsyncClient\`\`, one method per operation, and the`,
    'errors a call raises (``errors``); the models of the bodies the description types, if any, in ``models``."""',
    '',
    `from ._client import AsyncClient, Client${withCredentials ? ', Credentials' : ''}`,
    'from ._core import ApiResponse',
    `from ._kinds import (\n${isortOrder(errorKindClasses)
      .map((name) => `    ${name},`)
      .join('\n')}\n)`,
    'from ._spec import DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT',
    `from .errors import (\n${isortOrder(errors)
      .map((name) => `    ${name},`)
      .join('\n')}\n)`,
    '',
    `__version__ = ${literal(pythonVersion(version))}`,
    '#: The version of the description this SDK was written from (its info.version).',
    `DESCRIPTION_VERSION = ${literal(String(document.info?.version))}`,
    '',
    '__all__ = [',
    ...isortOrder([
      'ApiResponse',
      'AsyncClient',
      'Client',
      ...(withCredentials ? ['Credentials'] : []),
      'DEFAULT_MAX_RESPONSE_BYTES',
      'DEFAULT_MAX_RETRIES',
      'DEFAULT_TIMEOUT',
      'DESCRIPTION_VERSION',
      ...errors,
      ...errorKindClasses,
      '__version__',
    ]).map((name) => `    ${literal(name)},`),
    ']',
    '',
  ].join('\n');
}
