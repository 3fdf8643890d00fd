// faithful/open-payload: one open payload schema per body, and no other schema: a single resource
// is an object that accepts any property; a list, a delete answer and the error body have no
// stated shape, so no type (faithful/prose holds each schema's description to its wording).
import { pointer } from '../../../openapi-document.ts';
import { type PayloadKind, payloadKind } from '../../../stated/open-wordings.ts';
import { ownName, type Payload, payloadsBySchema, unlistedSchemas } from '../payloads.ts';
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
  // The bodies of an operation not in the table are faithful/operations' to name, with it.
  const bodies = new Set([...groups.map(([owner]) => owner.name), ...unlistedSchemas(view.document)]);
  for (const name of Object.keys(view.document.components?.schemas ?? {}))
    if (!bodies.has(name)) view.report(pointer('components', 'schemas', name), 'one named payload schema per body, and no other schema');
});

/** What a payload's body is, in the messages. */
const whose = (kind: PayloadKind, n?: number) =>
  kind === 'error'
    ? 'the error body'
    : kind === 'request'
      ? `#${n}'s request body`
      : `#${n}'s payload (${kind === 'resource' ? 'one resource' : 'a list or a delete answer'})`;

/** What the shape of a payload must be, from its kind: each key's expectation, checked in turn. */
function checkShape(view: View, { schema, owner, at }: Payload): void {
  const kind = payloadKind(owner.row, owner.body);
  const unstated = kind === 'error' || kind === 'list' || kind === 'delete';
  const body = whose(kind, owner.row?.n);
  const typed = schema?.type !== undefined;
  const expectations: [broken: boolean, key: string, message: string][] = [
    [unstated && typed, 'type', `${body} has no stated shape, so it must have no type`],
    [!unstated && schema?.type !== 'object', 'type', `${body} must be an object (type: object)`],
    [typed && schema?.additionalProperties !== true, 'additionalProperties', `${body} must accept any property (additionalProperties: true)`],
    [!typed && schema?.additionalProperties !== undefined, 'additionalProperties', `${body} must constrain nothing: no additionalProperties without a type`],
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
      `#${row.n}'s ${kind} body schema is ${name}, but a payload schema is named after its operation (${row.operationId}, as the table names it): ${expected}; rename the component, its file and its $ref (or, where the table is what is wrong, its row)`,
    );
}
