// The rules of the faithfulness contract, the lint's third stage: each breach names one of these.
// docs/faithfulness.md explains them; `npm run mutate` counts what each one caught.

export const contractRules = {
  'faithful/operations': 'Exactly the 29 operations of the Endpoints table (method and path): none missing, none added.',
  'faithful/operation-id': 'Each operation has the operationId the hand-written table gives it (a rename breaks generated clients).',
  'faithful/area': 'Each operation has one tag, its area; the tags are the ten areas, in the order of the interface document, each described.',
  'faithful/operation-text':
    'A summary in sentence case without a trailing period; a description that names the operation\'s number ("Operation #N of the interface document").',
  'faithful/success-response': 'The stated success status and label (200 OK, 201 Created for #13), one JSON body with a named schema, no headers.',
  'faithful/error-response': 'Besides the success response, only the shared `default` error response (error statuses are not shown).',
  'faithful/request-part':
    'The request part of rule 1: the shared `id` on `{id}` paths, the open query pairs on #2 and #19, the JSON bodies of #5, #13, #14 and #20, nothing else.',
  'faithful/shared-parameters':
    'The shared `id` and open query parameters exactly as the description encodes them (a required non-empty string; any name=value pairs).',
  'faithful/open-payload':
    'One open payload schema per body and no other schema: a resource is an object that accepts any property, a collection or delete answer constrains nothing.',
  'faithful/not-shown': 'Nothing the interface document does not show: no security, security schemes, webhooks, callbacks, operation servers or examples.',
  'faithful/document': 'One server, `{base_url}`, defaulting to the local mock on 127.0.0.1; OpenAPI 3.1; a semver `info.version`.',
  'faithful/overview':
    'The overview table in `info.description` is the one the contract makes from the facts: a row per part of the interface document, with its verdict.',
  'faithful/closed-world':
    'Every key and value of every object is on the allow-list of its kind; any other (an `x-` extension included) would state a fact the document does not.',
  'faithful/prose':
    'A sentence that speaks of a part the interface document leaves open (authentication, limits, errors, versioning, events, formats, states, purpose, behaviour) says that it is open.',
  'faithful/prose-number':
    "A number in prose is one the document states: an operation number, the count of operations, a success status, a version prefix, the description's own version.",
  'faithful/prose-code':
    'A code span names something the bundle has (a path, operationId, parameter, schema, status, media type) or a literal docs/faithfulness.md declares.',
} as const;

export type ContractRule = keyof typeof contractRules;
