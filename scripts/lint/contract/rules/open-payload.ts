// faithful/open-payload: one open payload schema per body, and no other schema: a single resource
// is an object that accepts any property; a list, a delete answer and the error body have no
// stated shape, so no type (faithful/prose holds each schema's description to its wording).
import { pointer } from '../../../openapi-document.ts';
import { ownName, type Payload, payloadsBySchema } from '../payloads.ts';
import { type View, viewRule } from '../view.ts';

export const OpenPayload = viewRule((view) => {
  const groups = payloadsBySchema(view.document);
  for (const [owner, ...others] of groups) {
    checkShape(view, owner);
    checkName(view, owner);
    for (const other of others)
      if (owner.owner.kind !== 'error' || other.owner.kind !== 'error')
        view.report(
          other.place,
          `one named payload schema per body: ${other.name ?? 'this one'} is also the body of ${owner.owner.row ? `#${owner.owner.row.n} (${owner.owner.row.operationId})` : 'the error response'}${ownName(other.owner) ? `; point this $ref at ${ownName(other.owner)}` : ''}`,
        );
  }
  // In a bundle, every schema of components is one of those bodies (the dereferenced variant inlines them).
  if (view.variant === 'dereferenced') return;
  const bodies = new Set(groups.map(([owner]) => owner.name));
  for (const name of Object.keys(view.document.components?.schemas ?? {}))
    if (!bodies.has(name)) view.report(pointer('components', 'schemas', name), 'one named payload schema per body, and no other schema');
});

/** What the shape of a payload must be, from whose body it is: each key's expectation, checked in turn. */
function checkShape(view: View, { schema, owner, at }: Payload): void {
  const unstated = owner.kind === 'error' || (owner.kind === 'response' && /^(list|delete)[A-Z]/.test(owner.row?.operationId ?? ''));
  const whose =
    owner.kind === 'error'
      ? 'the error body'
      : owner.kind === 'request'
        ? `#${owner.row?.n}'s request body`
        : `#${owner.row?.n}'s payload (${unstated ? 'a list or a delete answer' : 'one resource'})`;
  const typed = schema?.type !== undefined;
  const expectations: [broken: boolean, key: string, message: string][] = [
    [unstated && typed, 'type', `${whose} has no stated shape, so it must have no type`],
    [!unstated && schema?.type !== 'object', 'type', `${whose} must be an object (type: object)`],
    [typed && schema?.additionalProperties !== true, 'additionalProperties', `${whose} must accept any property (additionalProperties: true)`],
    [!typed && schema?.additionalProperties !== undefined, 'additionalProperties', `${whose} must constrain nothing: no additionalProperties without a type`],
  ];
  for (const [broken, key, message] of expectations) if (broken) view.report(`${at}/${key}`, message);
}

/** A payload schema is named after its body: a request or success body's after the operation the table names (a rename renames it too). */
function checkName(view: View, { name, owner: { row, kind }, at }: Payload): void {
  if (!/^[A-Z][A-Za-z]+(RequestBody|ResponseBody)$|^ErrorBody$/.test(name ?? 'ErrorBody'))
    return view.report(at, 'a payload schema is named <OperationId>RequestBody, <OperationId>ResponseBody or ErrorBody');
  const expected = ownName({ row, kind });
  if (row && name && expected && name !== expected)
    view.report(
      at,
      `#${row.n}'s ${kind} body schema is ${name}, but a payload schema is named after its operation (${row.operationId}): ${expected}; rename the component, its file and its $ref`,
    );
}
