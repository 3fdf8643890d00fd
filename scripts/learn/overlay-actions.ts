// The overlay actions of what was observed, targeting the description's own named schemas,
// parameters and components (so that `npm run build -- --overlay` builds them like a hand-written
// overlay's): the success body's fields into `<OperationId>ResponseBody`, the request body's into
// `<OperationId>RequestBody` (declared where the description has no request body), the error
// body's into a response of the operation's own (the shared `ErrorResponse` stays the other
// operations'), query and header parameters onto the operation, and the credentials' carriers as
// security schemes on the operations that carried them. What the description with the user's
// overlays already states is kept and not written again (schema-additions.ts). Every text here
// is ours: no name from the traffic is written into a description, a target or a comment.
import {
  deref,
  eachOperation,
  isRecord,
  isRef,
  type OpenApiDocument,
  type Operation,
  operationParameters,
  type PathItem,
  pointerSegments,
  successStatus,
} from '../openapi-document.ts';
import { droppedWhy } from './field-names.ts';
import type { OperationSeen } from './observations.ts';
import { parameterActions } from './parameter-actions.ts';
import { schemaAdditions, type Difference, type StatedSource } from './schema-additions.ts';
import type { OverlayAction } from './overlay-text.ts';
import type { SecurityPlan } from './security-actions.ts';
import { bodySchema, emptyNotes } from './shape.ts';
import { learnLimits } from './learn-limits.ts';

/** What learning could not write, for the command's report: one line each, not yet escaped. */
export interface Learned {
  actions: OverlayAction[];
  /** The operation each action is of (undefined for the shared ones: the schemes, the root's security), by index. */
  operationIds: (string | undefined)[];
  notes: string[];
}

/** A JSONPath (RFC 9535) to the node at `pointer` in normalized bracket form where a name needs it: `$.paths['/v1/quotas'].get`. */
export function jsonPathOf(pointer: string): string {
  return pointerSegments(pointer).reduce(
    (path, segment) =>
      /^[A-Za-z_][A-Za-z0-9_]*$/.test(segment) ? `${path}.${segment}` : `${path}['${segment.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}']`,
    '$',
  );
}

/** The operationId as a component name's start: `getIntegration` is `GetIntegration`. */
const pascal = (operationId: string) => `${operationId.charAt(0).toUpperCase()}${operationId.slice(1)}`;

/** Where the schema of a response's or request body's JSON content is: a named schema's pointer, or the inline schema's. */
function schemaPlace(document: OpenApiDocument, owner: string, node: unknown): string | undefined {
  let at = owner;
  let current = node;
  if (isRef(current)) {
    at = current.$ref;
    current = deref(document, current);
  }
  const schema = isRecord(current) && isRecord(current.content) ? (current.content['application/json'] as { schema?: unknown } | undefined)?.schema : undefined;
  if (schema === undefined) return undefined;
  return isRef(schema) ? schema.$ref : `${at}/content/application~1json/schema`;
}

/** The node a local pointer leads to in `document`. */
const nodeAtPointer = (document: OpenApiDocument, at: string) => deref(document, { $ref: at });

/** The texts of the schemas learning writes. */
export const schemaTexts = {
  success: (operationId: string, count: number) =>
    `The response body of \`${operationId}\`, with the fields observed in ${count} recorded ${count === 1 ? 'exchange' : 'exchanges'} (\`npm run learn\`): observed facts, not the interface document's. A field never observed may exist, and one observed may be optional.`,
  request: (operationId: string, count: number) =>
    `The request body of \`${operationId}\`, with the fields observed in ${count} recorded ${count === 1 ? 'request' : 'requests'} (\`npm run learn\`): observed facts, not the interface document's. A field never observed may exist, and one observed may be optional.`,
  error: (operationId: string, count: number, statuses: string) =>
    `The error body of \`${operationId}\`, with the fields observed in ${count} recorded error ${count === 1 ? 'answer' : 'answers'} (status ${statuses}; \`npm run learn\`): observed facts, not the interface document's.`,
};

/** The learned schema of a body place, and its notes as report lines (at most learnLimits.notes of each kind). */
function learnedSchema(seen: OperationSeen, part: 'success' | 'request' | 'error', notes: string[]): Record<string, unknown> | undefined {
  const body = seen[part];
  if (body.count === 0) return undefined;
  const shapeNotes = emptyNotes();
  const schema = bodySchema(body.shape, shapeNotes);
  const where = `${seen.operation.operationId}: ${part === 'success' ? 'response' : part} body`;
  pushCapped(
    notes,
    shapeNotes.dropped.map(({ at, name, count }) => `${where}: field ${name} at ${at} not written: ${droppedWhy(name)} (${count}×)`),
    (more) => `${where}: and ${more} more such fields not written`,
  );
  if (shapeNotes.others > 0)
    notes.push(`${where}: ${shapeNotes.others} more keys that are not plain names not written (past the first ${learnLimits.kept} of a place)`);
  pushCapped(
    notes,
    shapeNotes.maps.map(
      ({ at, keys }) =>
        `${where}: ${at} learned as a map: its keys look like values, are not plain names or are more than ${learnLimits.fields} (${keys} ${keys === 1 ? 'key' : 'keys'} seen there, over all its objects), and are never written or shown`,
    ),
    (more) => `${where}: and ${more} more places learned as maps`,
  );
  pushCapped(
    notes,
    shapeNotes.mixed.map(
      ({ at, types }) => `${where}: ${at} was seen as ${types.join(' and ')}: the overlay allows each; if its type changed, learn from the newer traffic alone`,
    ),
    (more) => `${where}: and ${more} more places seen as more than one type`,
  );
  // Cut short past the places a body may hold while reading: the places left open are that level's, said once.
  if (body.level < learnLimits.depth)
    notes.push(
      `${where}: fields learned ${body.level} ${body.level === 1 ? 'level' : 'levels'} deep: with the next level the body would hold more than ${learnLimits.bodyPlaces} places (its bound while reading), so the objects at level ${body.level} are left open`,
    );
  else
    pushCapped(
      notes,
      shapeNotes.deep.map((at) => `${where}: below ${at} left open: deeper than learning goes`),
      (more) => `${where}: and ${more} more places left open below the depth learned`,
    );
  if (shapeNotes.unwritten > 0)
    notes.push(
      `${where}: ${shapeNotes.unwritten} ${shapeNotes.unwritten === 1 ? 'field' : 'fields'} not written: a body's fields are learned to ${learnLimits.bodyFields}, level by level, and objects below level ${shapeNotes.writtenDepth} are left open`,
    );
  return schema;
}

/** Adds `lines` to `notes`, at most learnLimits.notes of them, then one line (`more`) for the rest. */
export function pushCapped(notes: string[], lines: string[], more: (count: number) => string): void {
  for (const line of lines.slice(0, learnLimits.notes)) notes.push(line);
  if (lines.length > learnLimits.notes) notes.push(more(lines.length - learnLimits.notes));
}

/** One body place's action: its additions to the schema stated there, with the learned description where the text is the description's own. */
function bodyAction(
  context: Pick<LearnContext, 'document' | 'base' | 'source'> & { notes: string[] },
  place: string,
  learned: Record<string, unknown>,
  text: string,
  count: number,
  actionText: string,
): OverlayAction | undefined {
  const differences: Difference[] = [];
  const stated = nodeAtPointer(context.document, place);
  const update = schemaAdditions(stated, learned, differences);
  for (const d of differences) {
    // What states it there: its type, or the node itself where it is not a schema object.
    const by = context.source((document) => {
      const node: unknown = nodeAtPointer(document, `${place}${d.pointer}`);
      return isRecord(node) && !isRef(node) ? node.type : node;
    });
    context.notes.push(`${jsonPathOf(place)}: at ${d.at} the traffic shows ${d.observed}, ${by} states ${d.stated}: kept as stated`);
  }
  if (!update) return undefined;
  const own = (nodeAtPointer(context.base, place) as { description?: unknown } | undefined)?.description;
  if ((stated as { description?: unknown } | undefined)?.description === own) update.description = text;
  return { target: jsonPathOf(place), description: actionText, update: orderedSchema(update), 'x-observed': count };
}

/** `schema`'s keys in the order the docs read them: description, type, then the rest. */
function orderedSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const { description, type, ...rest } = schema;
  return { ...(description !== undefined ? { description } : {}), ...(type !== undefined ? { type } : {}), ...rest };
}

export interface LearnContext {
  /** The description with the user's overlays applied: what is stated. */
  document: OpenApiDocument;
  /** The description alone: whose texts are its own. */
  base: OpenApiDocument;
  security: SecurityPlan;
  /** Who states a fact the traffic differs from. */
  source: StatedSource;
}

/** Every action for the observed operations, in the description's order, and the notes of what was not written. */
export function learnedActions(context: LearnContext, seenByOperation: Map<string, OperationSeen>): Learned {
  const notes: string[] = [];
  const actions: OverlayAction[] = [...context.security.actions];
  const operationIds: (string | undefined)[] = actions.map(() => undefined);
  for (const note of context.security.notes) notes.push(note);
  for (const { path, method, pathItem, operation } of eachOperation(context.document)) {
    const seen = seenByOperation.get(`${method} ${path}`);
    if (!seen) continue;
    for (const action of operationActions({ ...context, notes }, { path, method, pathItem, operation }, seen)) {
      actions.push(action);
      operationIds.push(String(operation.operationId));
    }
  }
  return { actions, operationIds, notes };
}

interface Located {
  path: string;
  method: string;
  pathItem: PathItem;
  operation: Operation;
}

/** The actions of one operation: its own node (parameters, security, a new request body), then each body's schema. */
function operationActions(context: LearnContext & { notes: string[] }, at: Located, seen: OperationSeen): OverlayAction[] {
  const { document, notes } = context;
  const operationId = String(at.operation.operationId);
  const own = `#/paths/${at.path.replaceAll('~', '~0').replaceAll('/', '~1')}/${at.method}`;
  const actions: OverlayAction[] = [];
  const update: Record<string, unknown> = {};
  for (const [status, count] of [...seen.otherSuccess].sort(([a], [b]) => a - b))
    notes.push(
      `${operationId}: answered ${status} ${count}×, where the description states ${successStatus(at.operation)}: not learned (verify --traffic calls it a contradiction)`,
    );
  for (const [part, counts] of [
    ['response', seen.success.notLearned],
    ['request', seen.request.notLearned],
    ['error', seen.error.notLearned],
  ] as const) {
    for (const [why, count] of counts.sorted()) notes.push(`${operationId}: ${count} ${part} ${count === 1 ? 'body' : 'bodies'} not learned: ${why}`);
    if (counts.others > 0)
      notes.push(`${operationId}: ${counts.others} more ${part} ${counts.others === 1 ? 'body' : 'bodies'} not learned: not JSON (other media types)`);
  }
  const requestLearned = learnedSchema(seen, 'request', notes);
  const newBody = requestLearned && at.operation.requestBody === undefined && at.method !== 'get' && at.method !== 'delete';
  const inputs = new Set([
    ...operationParameters(document, at.pathItem, at.operation).map((p) => String(p.name)),
    ...(at.operation.requestBody || newBody ? ['body'] : []),
  ]);
  const parameters = parameterActions(document, at, seen, inputs, notes, context.source);
  if (parameters.length > 0) update.parameters = parameters;
  const security = context.security.requirements.get(`${at.method} ${at.path}`);
  if (security && at.operation.security === undefined) update.security = security;
  const requestName = `${pascal(operationId)}RequestBody`;
  if (newBody && document.components?.schemas?.[requestName] === undefined)
    update.requestBody = {
      description: `A JSON body, observed in ${seen.request.count} recorded ${seen.request.count === 1 ? 'request' : 'requests'} (\`npm run learn\`); whether it is required is not known.`,
      required: false,
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${requestName}` } } },
    };
  if (Object.keys(update).length > 0)
    actions.push({ target: jsonPathOf(own), description: `What the traffic shows ${operationId} takes`, update, 'x-observed': seen.exchanges });
  actions.push(...bodyActions(context, at, seen, { requestLearned, requestName, newBody: update.requestBody !== undefined, own }));
  return actions;
}

/** The actions of an operation's request, success and error bodies. */
function bodyActions(
  context: LearnContext & { notes: string[] },
  at: Located,
  seen: OperationSeen,
  request: { requestLearned?: Record<string, unknown>; requestName: string; newBody: boolean; own: string },
): OverlayAction[] {
  const { document, notes } = context;
  const operationId = String(at.operation.operationId);
  const actions: OverlayAction[] = [];
  if (request.requestLearned) {
    const text = schemaTexts.request(operationId, seen.request.count);
    if (request.newBody)
      actions.push({
        target: '$.components',
        description: `The request body of ${operationId}, as observed`,
        update: { schemas: { [request.requestName]: orderedSchema({ ...request.requestLearned, description: text }) } },
        'x-observed': seen.request.count,
      });
    else {
      const place = schemaPlace(document, `${request.own}/requestBody`, at.operation.requestBody);
      const action =
        place &&
        bodyAction(
          { ...context, notes },
          place,
          request.requestLearned,
          text,
          seen.request.count,
          `The fields of the request body of ${operationId}, as observed`,
        );
      if (action) actions.push(action);
    }
  }
  const success = successStatus(at.operation);
  const successLearned = learnedSchema(seen, 'success', notes);
  const successPlace = success && schemaPlace(document, `${request.own}/responses/${success}`, at.operation.responses?.[success]);
  if (successLearned && successPlace) {
    const text = schemaTexts.success(operationId, seen.success.count);
    const action = bodyAction(
      { ...context, notes },
      successPlace,
      successLearned,
      text,
      seen.success.count,
      `The fields of the response body of ${operationId}, as observed`,
    );
    if (action) actions.push(action);
  }
  actions.push(...errorActions(context, at, seen, request.own));
  return actions;
}

/** The shared error response every operation's `default` is, in the description. */
const sharedError = '#/components/responses/ErrorResponse';

/**
 * The actions of an operation's error body: where its `default` is still the shared error
 * response, a response and schema of its own take its place (the others keep the shared one);
 * where the user's overlays gave it its own already, the additions to that.
 */
function errorActions(context: LearnContext & { notes: string[] }, at: Located, seen: OperationSeen, own: string): OverlayAction[] {
  const { document, base, notes } = context;
  const operationId = String(at.operation.operationId);
  const learned = learnedSchema(seen, 'error', notes);
  if (!learned) return [];
  const statuses = [...seen.error.statuses.keys()].sort((a, b) => a - b).join(', ');
  const text = schemaTexts.error(operationId, seen.error.count, statuses);
  const current = at.operation.responses?.default;
  if (isRef(current) && current.$ref === sharedError) {
    if (JSON.stringify(document.components?.schemas?.ErrorBody) !== JSON.stringify(base.components?.schemas?.ErrorBody)) {
      notes.push(
        `${operationId}: error body fields not written: the shared ErrorBody is your overlays' (write them there, or give ${operationId} its own error response)`,
      );
      return [];
    }
    const [schemaName, responseName] = [`${pascal(operationId)}ErrorBody`, `${pascal(operationId)}Error`];
    if (document.components?.schemas?.[schemaName] !== undefined || document.components?.responses?.[responseName] !== undefined) {
      notes.push(`${operationId}: error body fields not written: ${schemaName} or ${responseName} is already a component of your overlays'`);
      return [];
    }
    const count = seen.error.count;
    return [
      {
        target: '$.components',
        description: `The error body of ${operationId}, as observed, and the response that carries it`,
        update: {
          schemas: { [schemaName]: orderedSchema({ ...learned, description: text }) },
          responses: {
            [responseName]: {
              description: `Every other response of \`${operationId}\`, with the error body observed in recorded traffic (\`npm run learn\`).`,
              content: { 'application/json': { schema: { $ref: `#/components/schemas/${schemaName}` } } },
            },
          },
        },
        'x-observed': count,
      },
      { target: jsonPathOf(`${own}/responses/default`), description: `The shared error response leaves ${operationId} ...`, remove: true, 'x-observed': count },
      {
        target: jsonPathOf(`${own}/responses`),
        description: `... and its own, as observed, takes its place`,
        update: { default: { $ref: `#/components/responses/${responseName}` } },
        'x-observed': count,
      },
    ];
  }
  const place = schemaPlace(document, `${own}/responses/default`, current);
  const action =
    place && bodyAction({ ...context, notes }, place, learned, text, seen.error.count, `The fields of the error body of ${operationId}, as observed`);
  return action ? [action] : [];
}
