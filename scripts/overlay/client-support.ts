// What the TypeScript client cannot carry, refused at the overlay action that made it, before any
// build step runs: a parameter of a style, shape or kind the client does not send (a `deepObject`,
// a `spaceDelimited` object, a `content` parameter, an Authorization header parameter...), a
// request body or success response of a media type other than application/json, or one whose
// schema is not a named one. scripts/parameters.ts says what the client carries and why
// not; this file only finds each operation's parts and the action to blame. Response headers and
// error responses of any media type are carried (the caller reads them from `response`). A
// security scheme the client cannot send (it sends credentials as headers) is refused too.
import type { Oas3_1Definition } from '@redocly/openapi-core';
import { deref, eachOperation, operationParameterNodes, pointer, successStatus } from '../openapi-document.ts';
import { ReportedError } from '../project.ts';
import { headerSchemes } from '../bundle-operations.ts';
import { contentProblem, parameterRule, pathParameterProblem, pathTemplateNames } from '../parameters.ts';
import { actionAbout, type AppliedAction } from './apply-overlay.ts';

/** One part of an operation the client cannot carry: where it is (a JSON pointer), what it is, and why. */
export interface ClientProblem {
  at: string;
  what: string;
  reason: string;
}

/**
 * Each security scheme the client cannot send: it sends a credential as a header (an `apiKey` in a
 * header, or an `http` bearer token); one in a query or a cookie, another `http` scheme, OAuth 2,
 * OpenID Connect and mutual TLS are refused rather than declared and then never sent.
 */
function schemeProblems(document: Oas3_1Definition): ClientProblem[] {
  const carried = new Set(headerSchemes(document).map(({ scheme }) => scheme));
  return Object.entries(document.components?.securitySchemes ?? {}).flatMap(([name, node]) => {
    if (carried.has(name)) return [];
    const scheme = deref(document, node) as { type?: unknown; in?: unknown; scheme?: unknown };
    const kind =
      scheme.type === 'apiKey'
        ? `an API key in the ${String(scheme.in)}`
        : scheme.type === 'http'
          ? `the http scheme ${String(scheme.scheme)}`
          : String(scheme.type);
    return [
      {
        at: pointer('components', 'securitySchemes', name),
        what: `security scheme '${name}' (${kind})`,
        reason: 'the client sends a credential as a header only: declare an apiKey with `in: header`, or `type: http` with `scheme: bearer`',
      },
    ];
  });
}

/** The security schemes, and the parameters, request body and success response of every operation, that the client cannot carry. */
export function clientProblems(document: Oas3_1Definition): ClientProblem[] {
  const problems: ClientProblem[] = schemeProblems(document);
  for (const { path, method, pathItem, operation } of eachOperation(document)) {
    const where = `${method.toUpperCase()} ${path}`;
    const template = pathTemplateNames(path);
    if ('reason' in template) problems.push({ at: pointer('paths', path), what: `${where}: its path`, reason: template.reason });
    for (const node of operationParameterNodes(document, pathItem, operation)) {
      const parameter = deref(document, node)!;
      const result = parameter.in === 'path' ? pathParameterProblem(document, parameter) : parameterRule(document, parameter);
      const index = (operation.parameters ?? []).indexOf(node);
      const at =
        index >= 0 ? pointer('paths', path, method, 'parameters', index) : pointer('paths', path, 'parameters', (pathItem.parameters ?? []).indexOf(node));
      if (result && 'reason' in result) problems.push({ at, what: `${where}: parameter '${parameter.name}' (in ${parameter.in})`, reason: result.reason });
    }
    const body = deref(document, operation.requestBody);
    const bodyProblem = body ? contentProblem(body.content, 'request body') : undefined;
    if (bodyProblem) problems.push({ at: pointer('paths', path, method, 'requestBody'), what: `${where}: request body`, reason: bodyProblem.reason });
    const success = successStatus(operation);
    const successResponse = success ? deref(document, operation.responses?.[success]) : undefined;
    const successProblem = successResponse ? contentProblem(successResponse.content, 'success response') : undefined;
    if (success && successProblem)
      problems.push({ at: pointer('paths', path, method, 'responses', success), what: `${where}: ${success} response`, reason: successProblem.reason });
  }
  return problems;
}

/**
 * Throws, naming the overlay file, the action's line and its target, on the first part of the
 * overlaid `document` that the client cannot carry.
 */
export function checkClientSupport(document: Oas3_1Definition, applied: AppliedAction[]): void {
  const [problem] = clientProblems(document);
  if (!problem) return;
  const blamed = actionAbout(document, problem.at, applied);
  const where = blamed ? `${blamed.overlay.file}:${blamed.action.line}: action ${blamed.action.index + 1} (target ${blamed.action.target})` : 'the overlays';
  throw new ReportedError(`${where}: ${problem.what} cannot be carried by the TypeScript client: ${problem.reason}`);
}
