// faithful/request-part: the request part of rule 1: the shared `id` on `{id}` paths, the open
// query pairs where rule 1 gives request parameters, the JSON bodies it gives, and nothing else.
import { isDeepStrictEqual } from 'node:util';
import { componentOf, deref, isRef, type Parameter } from '../../../openapi-document.ts';
import { type OperationRow } from '../../../stated/operations.ts';
import { type SeenOperation } from '../described-operations.ts';
import { checkJsonBody, operationRule, type View } from '../view.ts';

export const RequestPart = operationRule((seen, view) => {
  const { row, pathItem, operation, at } = seen;
  // Each parameter (its path item's first) as the messages show it: its $ref, or its name and place.
  const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((node) => {
    const parameter = deref<Parameter>(view.document, node);
    return { where: String(parameter?.in), shown: isRef(node) && componentOf(node) ? node.$ref : JSON.stringify({ name: parameter?.name, in: parameter?.in }) };
  });
  const named = (where: string[]) => parameters.filter((parameter) => where.includes(parameter.where)).map(({ shown }) => shown);
  const expectations: [string, string[], string[]][] = [
    [`#${row.n}'s path parameters`, named(['path']), row.path.includes('{id}') ? ['#/components/parameters/Id'] : []],
    [`#${row.n}'s query parameters`, named(['query']), row.request === 'query' ? ['#/components/parameters/OpenQuery'] : []],
    ['no header or cookie parameters (not shown)', named(['header', 'cookie']), []],
  ];
  for (const [what, found, expected] of expectations)
    if (view.variant === 'dereferenced' ? found.length !== expected.length : !isDeepStrictEqual(found, expected))
      view.report(at('parameters'), `${what}: expected ${JSON.stringify(expected)}, found ${JSON.stringify(found)}`);
  checkBody(view, seen);
});

function checkBody(view: View, { row, operation, at }: SeenOperation & { row: OperationRow }): void {
  if (row.request !== 'id+optional-body' && row.request !== 'required-body') {
    if (operation.requestBody !== undefined) view.report(at('requestBody'), `#${row.n} shows no request body`);
    return;
  }
  const body = deref(view.document, operation.requestBody);
  if (!body) return view.report(at('requestBody'), `#${row.n} takes a JSON request body, and it is missing`);
  const required = row.request === 'required-body';
  if (body.required !== required)
    view.report(
      at('requestBody', 'required'),
      `#${row.n}'s body is ${required ? 'required' : 'optional'}: expected ${required}, found ${JSON.stringify(body.required)}`,
    );
  checkJsonBody(view, body.content, at('requestBody'), 'the request body');
}
