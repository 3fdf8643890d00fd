// faithful/success-response: the stated success status and label (200 OK, 201 Created for #13),
// one JSON body whose schema is a named component.
import { deref } from '../../../openapi-document.ts';
import { checkJsonBody, operationRule } from '../view.ts';

export const SuccessResponse = operationRule(({ row, operation, at }, view) => {
  // (faithful/error-response names a missing status)
  const response = deref(view.document, operation.responses?.[row.status]);
  if (!response) return;
  const here = (...keys: string[]) => at('responses', row.status, ...keys);
  if (response.description !== row.label)
    view.report(here('description'), `the success label of #${row.n}: expected ${JSON.stringify(row.label)}, found ${JSON.stringify(response.description)}`);
  checkJsonBody(view, response.content, here(), 'the payload');
});
