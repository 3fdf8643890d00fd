// The mutations `npm run mutate` applies, one at a time, to the text of one file of openapi/ (held
// in memory, never written). Each is one small, plausible mistake, which lint (the contract
// included) or a generation step must catch; or, marked neutral, a rewording that states nothing
// new, which everything must let through.

export interface Mutation {
  name: string;
  /** A rewording that states nothing new: it must pass, and being caught is a false alarm. */
  neutral?: boolean;
  /** The file under openapi/ to change. */
  file: string;
  /** The changed text; throws when the text to change is not there (the mutation is stale). */
  apply(text: string): string;
}

/** `info.version`'s line in the root file, whatever the release: `  version: 1.2.3`. */
const infoVersion = /^ {2}version: \d+\.\d+\.\d+$/m;

/** Replaces the first occurrence of `search`, which must occur. */
const replace = (search: string | RegExp, replacement: string) => (text: string) => {
  const found = typeof search === 'string' ? text.includes(search) : search.test(text);
  if (!found) throw new Error(`the text to mutate is not there: ${String(search)}`);
  return text.replace(search, replacement);
};
const append = (addition: string) => (text: string) => `${text}${addition}`;

type Shorthand = { name: string; file: string; search: string | RegExp | { append: true }; replace: string; neutral?: boolean };
const make = ({ name, file, search, replace: replacement, neutral }: Shorthand): Mutation => ({
  name,
  ...(neutral ? { neutral } : {}),
  file,
  apply: typeof search === 'object' && 'append' in search ? append(replacement) : replace(search, replacement),
});

const webhooks = 'paths/v1_webhooks.yaml';
const scopes = 'paths/v1_scopes.yaml';
const batchSend = 'paths/v1_batches_id_send.yaml';
const root = 'openapi.yaml';
const schema = (name: string) => `components/schemas/${name}.yaml`;

// One mutation per line, as a table.
// prettier-ignore
const shorthands: Shorthand[] = [
  // Operations and methods
  { name: 'drop an operation (listQuotas)', file: root, search: '  /v1/quotas:\n    $ref: paths/v1_quotas.yaml\n', replace: '' },
  { name: 'drop an operation inside a path item (deleteUnsubscribeGroup)', file: 'paths/v1_unsubscribe-groups_id.yaml', search: '\ndelete:', replace: '\nx-removed-delete:' },
  { name: 'change a method (GET /v1/webhooks becomes POST)', file: webhooks, search: 'get:\n', replace: 'post:\n' },
  { name: 'change a method (DELETE /v1/messages/{id} becomes PUT)', file: 'paths/v1_messages_id.yaml', search: 'delete:\n', replace: 'put:\n' },
  { name: 'add an operation (POST /v1/webhooks)', file: webhooks, search: { append: true }, replace: "post:\n  tags:\n    - Webhooks\n  summary: Create a webhook\n  description: Creates a webhook.\n  operationId: replaceWebhook\n  responses:\n    '200':\n      description: OK\n      content:\n        application/json:\n          schema:\n            $ref: ../components/schemas/ListWebhooksResponseBody.yaml\n    default:\n      $ref: ../components/responses/ErrorResponse.yaml\n" },
  // Paths and version prefixes
  { name: 'change a path segment (/v1/webhooks -> /v1/web-hooks)', file: root, search: '  /v1/webhooks:\n', replace: '  /v1/web-hooks:\n' },
  { name: 'change a path segment under {id} (/v1/messages/{id} -> /v1/message/{id})', file: root, search: '  /v1/messages/{id}:\n', replace: '  /v1/message/{id}:\n' },
  { name: 'change a version prefix (/v2/verified-senders/{id} -> /v1/...)', file: root, search: '  /v2/verified-senders/{id}:\n', replace: '  /v1/verified-senders/{id}:\n' },
  { name: 'change a version prefix (/v1/scopes -> /v2/scopes)', file: root, search: '  /v1/scopes:\n', replace: '  /v2/scopes:\n' },
  { name: 'drop a version prefix (/v1/quotas -> /quotas)', file: root, search: '  /v1/quotas:\n', replace: '  /quotas:\n' },
  { name: 'rename the path parameter ({id} -> {webhookId})', file: root, search: '  /v1/webhooks/{id}:\n', replace: '  /v1/webhooks/{webhookId}:\n' },
  // Success statuses and labels
  { name: 'change a success status (listScopes 200 -> 201)', file: scopes, search: "'200':", replace: "'201':" },
  { name: 'change a success status (sendBatch 201 -> 200)', file: batchSend, search: "'201':", replace: "'200':" },
  { name: 'change a success label (OK -> Success)', file: webhooks, search: 'description: OK', replace: 'description: Success' },
  { name: 'change a success label (Created -> OK)', file: batchSend, search: 'description: Created', replace: 'description: OK' },
  { name: 'add a status code (404 on listWebhooks)', file: webhooks, search: '    default:', replace: "    '404':\n      description: Not found\n    default:" },
  { name: 'add a status code (204 on deleteMessage)', file: 'paths/v1_messages_id.yaml', search: '    default:', replace: "    '204':\n      description: No content\n    default:" },
  { name: 'drop the default error response', file: webhooks, search: '    default:\n      $ref: ../components/responses/ErrorResponse.yaml\n', replace: '' },
  { name: 'add a response header', file: webhooks, search: '      description: OK\n', replace: '      description: OK\n      headers:\n        X-Rate-Limit:\n          description: Requests left.\n          schema:\n            type: integer\n' },
  { name: 'change a media type (application/json -> text/plain)', file: webhooks, search: 'application/json:', replace: 'text/plain:' },
  // Parameters and bodies
  { name: 'add a query parameter where rule 1 shows none (listScopes)', file: scopes, search: '  responses:', replace: '  parameters:\n    - name: limit\n      in: query\n      description: Page size.\n      schema:\n        type: integer\n  responses:' },
  { name: 'add the open query parameters to listWebhooks', file: webhooks, search: '  responses:', replace: '  parameters:\n    - $ref: ../components/parameters/OpenQuery.yaml\n  responses:' },
  { name: 'drop the open query parameters of getApiKey', file: 'paths/v1_api-key.yaml', search: '  parameters:\n    - $ref: ../components/parameters/OpenQuery.yaml\n', replace: '' },
  { name: 'drop the id parameter of an operation', file: 'paths/v1_webhooks_id.yaml', search: '  parameters:\n    - $ref: ../components/parameters/Id.yaml\n', replace: '' },
  { name: 'move the id parameter to the path item (Swagger UI 5 sends {id} unreplaced)', file: 'paths/v1_webhooks_id.yaml', search: /^([^]*?) {2}parameters:\n {4}- \$ref: \.\.\/components\/parameters\/Id\.yaml\n/, replace: 'parameters:\n  - $ref: ../components/parameters/Id.yaml\n$1' },
  { name: 'add a header parameter (X-Api-Key)', file: 'paths/v1_quotas.yaml', search: '  responses:', replace: '  parameters:\n    - name: X-Api-Key\n      in: header\n      description: A key.\n      required: true\n      schema:\n        type: string\n  responses:' },
  { name: 'drop the request body of sendBatch', file: batchSend, search: / {2}requestBody:\n(?: {4}.*\n)+/, replace: '' },
  { name: 'make an optional body required (sendBatch)', file: batchSend, search: '    required: false', replace: '    required: true' },
  { name: 'drop the description of a request body (sendBatch)', file: batchSend, search: '    description: A JSON object whose fields the interface document does not state.\n', replace: '' },
  { name: 'name the open query pairs params (a generated function keeps that name)', file: 'components/parameters/OpenQuery.yaml', search: 'name: pairs', replace: 'name: params' },
  { name: 'make the required body optional (updateUserPassword)', file: 'paths/v1_user_password.yaml', search: '    required: true', replace: '    required: false' },
  { name: 'add a body where rule 1 shows none (exportContacts)', file: 'paths/v2_contacts_export_filter.yaml', search: '  responses:', replace: '  requestBody:\n    content:\n      application/json:\n        schema:\n          $ref: ../components/schemas/SendBatchRequestBody.yaml\n  responses:' },
  { name: 'change the id parameter type to integer', file: 'components/parameters/Id.yaml', search: 'type: string', replace: 'type: integer' },
  { name: 'drop minLength from the id parameter', file: 'components/parameters/Id.yaml', search: '  minLength: 1\n', replace: '' },
  { name: 'give the id parameter a format', file: 'components/parameters/Id.yaml', search: '  minLength: 1\n', replace: '  minLength: 1\n  format: uuid\n' },
  { name: 'drop the ./.. exclusion from the id parameter', file: 'components/parameters/Id.yaml', search: '  not:\n    enum:\n      - .\n      - ..\n', replace: '' },
  // Open schemas
  { name: 'close an open schema (additionalProperties: false)', file: schema('GetApiKeyResponseBody'), search: 'additionalProperties: true', replace: 'additionalProperties: false' },
  { name: 'add a property to an open schema', file: schema('GetMailSettingsResponseBody'), search: { append: true }, replace: 'properties:\n  footer:\n    type: string\n' },
  { name: 'add required to a schema', file: schema('SendBatchRequestBody'), search: { append: true }, replace: 'required:\n  - name\n' },
  { name: 'add an enum to a schema', file: schema('ListScopesResponseBody'), search: { append: true }, replace: 'enum:\n  - read\n  - write\n' },
  { name: 'give a collection a shape (type: array)', file: schema('ListWebhooksResponseBody'), search: { append: true }, replace: 'type: array\n' },
  { name: 'add an example to a schema', file: schema('GetQuotaHistoryResponseBody'), search: { append: true }, replace: 'examples:\n  - used: 10\n' },
  { name: 'close the error body (type: object, no properties)', file: schema('ErrorBody'), search: { append: true }, replace: 'type: object\nadditionalProperties: false\n' },
  // operationIds, tags, summaries
  { name: 'duplicate an operationId', file: webhooks, search: 'operationId: listWebhooks', replace: 'operationId: listQuotas' },
  { name: 'rename an operationId (listWebhooks -> listHooks)', file: webhooks, search: 'operationId: listWebhooks', replace: 'operationId: listHooks' },
  { name: 'use a verb outside the list (fetchWebhooks)', file: webhooks, search: 'operationId: listWebhooks', replace: 'operationId: fetchWebhooks' },
  { name: 'drop the tag of an operation', file: webhooks, search: '  tags:\n    - Webhooks\n', replace: '' },
  { name: 'add a second tag to an operation', file: webhooks, search: '    - Webhooks\n', replace: '    - Webhooks\n    - Quotas\n' },
  { name: 'move an operation to another area', file: webhooks, search: '    - Webhooks\n', replace: '    - Quotas\n' },
  { name: 'add an eleventh tag', file: root, search: 'paths:\n', replace: '  - name: Billing\n    description: Invented.\npaths:\n' },
  { name: 'drop a declared tag', file: root, search: '  - name: Integrations\n    description: Operations under `/v1/integrations` and `/v1/integrations/{id}`.\n', replace: '' },
  { name: 'a summary in Title Case', file: webhooks, search: 'summary: List webhooks', replace: 'summary: List Webhooks' },
  { name: 'a summary with a trailing period', file: webhooks, search: 'summary: List webhooks', replace: 'summary: List webhooks.' },
  // Things the interface document leaves open
  { name: 'add a security requirement (document level)', file: root, search: 'tags:\n  - name: Account', replace: 'security:\n  - bearer: []\ntags:\n  - name: Account' },
  { name: 'add a security requirement (operation level)', file: webhooks, search: '  responses:', replace: '  security:\n    - {}\n  responses:' },
  { name: 'add a security scheme', file: root, search: 'paths:\n', replace: 'components:\n  securitySchemes:\n    bearer:\n      type: http\n      scheme: bearer\npaths:\n' },
  { name: 'add a top-level webhook', file: root, search: 'paths:\n', replace: "webhooks:\n  delivered:\n    post:\n      operationId: deliverEvent\n      summary: Deliver an event\n      description: Invented.\n      tags:\n        - Webhooks\n      responses:\n        '200':\n          description: OK\n        default:\n          $ref: components/responses/ErrorResponse.yaml\npaths:\n" },
  { name: 'point the server default away from the local mock', file: root, search: 'default: http://127.0.0.1:4010', replace: 'default: https://api.example.com' },
  { name: 'add a second server', file: root, search: 'tags:\n  - name: Account', replace: '  - url: https://api.example.com\ntags:\n  - name: Account' },
  { name: 'downgrade the OpenAPI version (3.1.0 -> 3.0.3)', file: root, search: 'openapi: 3.1.0', replace: 'openapi: 3.0.3' },
  { name: 'drop a part from the overview table (Authentication)', file: root, search: / {4}\| Authentication \|.*\n/, replace: '' },
  { name: 'a non-semver info.version', file: root, search: infoVersion, replace: '  version: v1' },
];

// The closed world (scripts/lint/contract/rules/closed-world.ts): for each kind of object, one mutant that adds a key
// the allow-list forbids and one that changes an allowed value to a forbidden one. Each invents a
// fact the interface document leaves open: versioning, events, errors, limits, auth, wire format, fields.
const quotas = 'paths/v1_quotas.yaml';
// prettier-ignore
const closedWorld: Shorthand[] = [
  { name: 'closed world: a document-level extension (x-api-lifecycle)', file: root, search: { append: true }, replace: 'x-api-lifecycle: beta\n' },
  { name: 'closed world: the OpenAPI version 3.2.0', file: root, search: 'openapi: 3.1.0', replace: 'openapi: 3.2.0' },
  { name: 'closed world: an API version in info (x-api-version)', file: root, search: infoVersion, replace: "$&\n  x-api-version: '2024-06-01'" },
  { name: 'closed world: a date as info.version', file: root, search: infoVersion, replace: '  version: 2024-06-01' },
  { name: 'closed world: a region on the server (x-region)', file: root, search: "  - url: '{base_url}'\n", replace: "  - url: '{base_url}'\n    x-region: eu-west-1\n" },
  { name: 'closed world: a version in the server URL ({base_url}/v3)', file: root, search: "  - url: '{base_url}'", replace: "  - url: '{base_url}/v3'" },
  { name: 'closed world: an enum on the base_url variable', file: root, search: '        default: http://127.0.0.1:4010\n', replace: '        default: http://127.0.0.1:4010\n        enum:\n          - http://127.0.0.1:4010\n' },
  { name: 'closed world: the base_url default on localhost', file: root, search: 'default: http://127.0.0.1:4010', replace: 'default: http://localhost:4010' },
  { name: 'closed world: external docs on a tag', file: root, search: '  - name: Quotas\n', replace: '  - name: Quotas\n    externalDocs:\n      url: https://example.com/quotas\n' },
  { name: 'closed world: a tag name outside the areas (Email testing (beta))', file: root, search: '  - name: Email testing\n', replace: '  - name: Email testing (beta)\n' },
  { name: 'closed world: a summary on a path item', file: quotas, search: 'get:\n', replace: 'summary: Quotas\nget:\n' },
  { name: 'the open query pairs beside the id (sendBatch)', file: batchSend, search: '  parameters:\n    - $ref: ../components/parameters/Id.yaml\n', replace: '  parameters:\n    - $ref: ../components/parameters/Id.yaml\n    - $ref: ../components/parameters/OpenQuery.yaml\n' },
  { name: 'closed world: a deprecated operation', file: quotas, search: '  responses:', replace: '  deprecated: true\n  responses:' },
  { name: 'closed world: a rate limit on an operation (x-rate-limit)', file: quotas, search: '  responses:', replace: '  x-rate-limit: 100\n  responses:' },
  { name: 'closed world: an operation tagged outside the areas (Billing)', file: quotas, search: '    - Quotas\n', replace: '    - Billing\n' },
  { name: 'closed world: reserved characters allowed in the open query pairs', file: 'components/parameters/OpenQuery.yaml', search: 'explode: true\n', replace: 'explode: true\nallowReserved: true\n' },
  { name: 'closed world: the id parameter in style label', file: 'components/parameters/Id.yaml', search: 'required: true\n', replace: 'required: true\nstyle: label\n' },
  { name: 'closed world: a size limit on a request body (x-max-size)', file: batchSend, search: '  requestBody:\n', replace: '  requestBody:\n    x-max-size: 1048576\n' },
  { name: 'closed world: a request body required as a string', file: batchSend, search: '    required: false', replace: "    required: 'no'" },
  { name: 'closed world: links on a response', file: quotas, search: "      description: OK\n", replace: '      description: OK\n      links:\n        history:\n          operationId: getQuotaHistory\n' },
  { name: 'closed world: a success label with more (OK (cached))', file: quotas, search: 'description: OK', replace: 'description: OK (cached)' },
  { name: 'closed world: an encoding on a media type', file: quotas, search: '        application/json:\n', replace: '        application/json:\n          encoding:\n            any:\n              contentType: text/plain\n' },
  { name: 'closed world: a versioned media type (application/vnd.email.v1+json)', file: quotas, search: 'application/json:', replace: 'application/vnd.email.v1+json:' },
  { name: 'closed world: maxProperties on a payload schema', file: schema('GetApiKeyResponseBody'), search: { append: true }, replace: 'maxProperties: 50\n' },
  { name: 'closed world: additionalProperties typed (string)', file: schema('GetApiKeyResponseBody'), search: 'additionalProperties: true', replace: 'additionalProperties:\n  type: string' },
  { name: 'closed world: an extension under components (x-errors)', file: root, search: 'paths:\n', replace: 'components:\n  x-errors:\n    codes:\n      - 400\n      - 404\npaths:\n' },
  { name: 'closed world: a component schema named outside the payloads (Quota)', file: root, search: 'paths:\n', replace: 'components:\n  schemas:\n    Quota:\n      description: One quota.\n      type: object\n      additionalProperties: true\npaths:\n' },
];

// Families: the same mistake in several path files, one mutant each, so that a check that works
// for one operation but not another is caught out.
interface PathFile {
  file: string;
  operationId: string;
  tag: string;
  otherTag: string;
  status: '200' | '201';
}
// One mutation per line, as a table.
// prettier-ignore
const pathFiles: PathFile[] = [
  { file: scopes, operationId: 'listScopes', tag: 'Account and access', otherTag: 'Quotas', status: '200' },
  { file: 'paths/v1_api-key.yaml', operationId: 'getApiKey', tag: 'Account and access', otherTag: 'Webhooks', status: '200' },
  { file: batchSend, operationId: 'sendBatch', tag: 'Messages and batches', otherTag: 'Mail settings', status: '201' },
  { file: 'paths/v1_mail-settings_footer.yaml', operationId: 'getFooterSetting', tag: 'Mail settings', otherTag: 'Integrations', status: '200' },
  { file: 'paths/v1_inbound-webhooks_id.yaml', operationId: 'getInboundWebhook', tag: 'Webhooks', otherTag: 'Email testing', status: '200' },
  { file: 'paths/v2_contacts_export_filter.yaml', operationId: 'exportContacts', tag: 'Contacts and lists', otherTag: 'Senders and branding', status: '200' },
  { file: 'paths/v1_link-branding_id.yaml', operationId: 'replaceLinkBranding', tag: 'Senders and branding', otherTag: 'Contacts and lists', status: '200' },
  { file: 'paths/v1_email-testing_link-validation.yaml', operationId: 'getLinkValidation', tag: 'Email testing', otherTag: 'Account and access', status: '200' },
  { file: 'paths/v1_reputation_score.yaml', operationId: 'getReputationScore', tag: 'Metrics, reputation, engagement', otherTag: 'Messages and batches', status: '200' },
  { file: 'paths/v1_integrations.yaml', operationId: 'deleteIntegrations', tag: 'Integrations', otherTag: 'Quotas', status: '200' },
  { file: 'paths/v1_quotas_history.yaml', operationId: 'getQuotaHistory', tag: 'Quotas', otherTag: 'Webhooks', status: '200' },
];
const families: Shorthand[] = pathFiles.flatMap(({ file, operationId, tag, otherTag, status }) => [
  {
    name: `rename an operationId within the verb list (${operationId} -> ${operationId}s)`,
    file,
    search: `operationId: ${operationId}\n`,
    replace: `operationId: ${operationId}s\n`,
  },
  { name: `move ${operationId} to another area (${otherTag})`, file, search: `    - ${tag}\n`, replace: `    - ${otherTag}\n` },
  { name: `change ${operationId}'s success status (${status} -> 202)`, file, search: `'${status}':`, replace: "'202':" },
]);

// One mutation per line, as a table.
// prettier-ignore
const singles: Shorthand[] = [
  { name: 'drop the summary of an operation', file: webhooks, search: '  summary: List webhooks\n', replace: '' },
  { name: 'drop the description of an operation', file: scopes, search: / {2}description: \|\n(?: {4}.*\n|\n)+?(?= {2}operationId)/, replace: '' },
  { name: 'drop the operationId of an operation', file: webhooks, search: '  operationId: listWebhooks\n', replace: '' },
  { name: 'an empty summary', file: webhooks, search: 'summary: List webhooks', replace: "summary: ''" },
  { name: 'change a method that keeps its verb (PUT /v1/link-branding/{id} becomes PATCH)', file: 'paths/v1_link-branding_id.yaml', search: /^put:\n/, replace: 'patch:\n' },
  { name: 'add a server to an operation', file: webhooks, search: '  responses:', replace: '  servers:\n    - url: https://api.example.com\n  responses:' },
  { name: 'add a callback to an operation', file: batchSend, search: '  responses:', replace: "  callbacks:\n    sent:\n      '{$request.body#/url}':\n        post:\n          operationId: sendBatchCallback\n          summary: Batch sent\n          description: Invented.\n          responses:\n            '200':\n              description: OK\n  responses:" },
  { name: 'move the id parameter to the query', file: 'components/parameters/Id.yaml', search: 'in: path', replace: 'in: query' },
  { name: 'make the id parameter optional', file: 'components/parameters/Id.yaml', search: 'required: true', replace: 'required: false' },
  { name: 'send the open query pairs as one deepObject', file: 'components/parameters/OpenQuery.yaml', search: 'style: form', replace: 'style: deepObject' },
  { name: 'send the open query pairs unexploded', file: 'components/parameters/OpenQuery.yaml', search: 'explode: true', replace: 'explode: false' },
  { name: 'make the open query pairs required', file: 'components/parameters/OpenQuery.yaml', search: 'required: false', replace: 'required: true' },
  { name: 'give the open query values a type (integer)', file: 'components/parameters/OpenQuery.yaml', search: '    type: string', replace: '    type: integer' },
  { name: 'move the open query pairs to a header', file: 'components/parameters/OpenQuery.yaml', search: 'in: query', replace: 'in: header' },
  { name: 'drop the server variable default', file: root, search: '        default: http://127.0.0.1:4010\n', replace: '' },
  { name: 'a server URL that is not {base_url}', file: root, search: "  - url: '{base_url}'", replace: "  - url: 'https://{base_url}'" },
  { name: 'drop info.description', file: root, search: / {2}description: \|\n(?: {4}.*\n|\n)+?(?= {2}version)/, replace: '' },
  { name: 'a two-part info.version', file: root, search: infoVersion, replace: '  version: 0.1' },
  { name: 'drop a tag description', file: root, search: '    description: Operations under `/v1/api-key`, `/v1/scopes` and `/v1/user/password`.\n', replace: '' },
  { name: 'declare a tag twice', file: root, search: 'paths:\n', replace: '  - name: Quotas\n    description: Again.\npaths:\n' },
  { name: 'rename an area (Quotas -> Quota)', file: root, search: '  - name: Quotas\n', replace: '  - name: Quota\n' },
  { name: 'add a second media type to a response (application/xml)', file: webhooks, search: '      content:\n        application/json:', replace: '      content:\n        application/xml:\n          schema:\n            $ref: ../components/schemas/ListWebhooksResponseBody.yaml\n        application/json:' },
  { name: 'send a body as text (sendBatch, text/plain)', file: batchSend, search: '    content:\n      application/json:', replace: '    content:\n      text/plain:' },
  { name: 'add a request body to a GET (listQuotas)', file: 'paths/v1_quotas.yaml', search: '  responses:', replace: '  requestBody:\n    content:\n      application/json:\n        schema:\n          $ref: ../components/schemas/SendBatchRequestBody.yaml\n  responses:' },
  { name: 'answer with another operation\'s schema (listWebhooks -> ListQuotasResponseBody)', file: webhooks, search: 'ListWebhooksResponseBody.yaml', replace: 'ListQuotasResponseBody.yaml' },
  { name: 'change the Created label (Created -> Accepted)', file: batchSend, search: 'description: Created', replace: 'description: Accepted' },
  { name: 'give the error body a property', file: schema('ErrorBody'), search: { append: true }, replace: 'properties:\n  message:\n    type: string\n' },
  { name: 'give a payload schema a format', file: schema('GetApiKeyResponseBody'), search: { append: true }, replace: 'format: email\n' },
  { name: 'make a payload schema nullable', file: schema('GetApiKeyResponseBody'), search: 'type: object', replace: 'type:\n  - object\n  - \'null\'' },
  { name: 'add minProperties to a payload schema', file: schema('GetIntegrationResponseBody'), search: { append: true }, replace: 'minProperties: 1\n' },
  { name: 'type an open collection as an object', file: schema('ListQuotasResponseBody'), search: { append: true }, replace: 'type: object\nadditionalProperties: true\n' },
  { name: 'drop the description of a payload schema', file: schema('GetApiKeyResponseBody'), search: /description: >-\n(?: {2}.*\n)+/, replace: '' },
  { name: 'a default value in a payload schema', file: schema('SendBatchRequestBody'), search: { append: true }, replace: 'default: {}\n' },
  { name: 'add a cookie parameter', file: 'paths/v1_quotas_history.yaml', search: '  responses:', replace: '  parameters:\n    - name: session\n      in: cookie\n      description: A session.\n      schema:\n        type: string\n  responses:' },
  { name: 'add an operation-level security scheme requirement', file: 'paths/v1_api-key.yaml', search: '  responses:', replace: '  security:\n    - apiKey: []\n  responses:' },
];

// Prose that speaks of a part the interface document leaves open, two or more per part, and
// numbers, code spans and links it does not state. A sentence is added (or one replaced) where a
// contributor would write it.
const sendsOneBatch = '    Sends one batch.\n';
const addedTo = (file: string, first: string) => (sentence: string) => ({ file, search: first, replace: `${first.trimEnd()} ${sentence}\n` });
const batchSentence = addedTo(batchSend, sendsOneBatch);
// One mutation per line, as a table.
// prettier-ignore
const prose: Shorthand[] = [
  { name: 'prose: a required scope (authentication)', ...batchSentence('Needs the mail.send scope.') },
  { name: 'prose: a credentials header (authentication)', ...addedTo('paths/v1_quotas.yaml', '    Lists the quotas.\n')('Callers authenticate with an API key header.') },
  { name: 'prose: a bearer token in a summary (authentication)', file: webhooks, search: 'summary: List webhooks', replace: 'summary: List webhooks with a bearer token' },
  { name: 'prose: a rate limit (limits)', ...addedTo(scopes, '    Lists the scopes.\n')('Requests are throttled per account.') },
  { name: 'prose: a size limit (limits)', ...batchSentence('Batches over the maximum size are refused.') },
  { name: 'prose: a per-call cap with a number (limits)', ...addedTo('paths/v1_messages_status.yaml', '    Returns the message status.\n')('At most 100 message ids per call.') },
  { name: 'prose: an error status (errors)', ...addedTo(webhooks, '    Lists the webhooks.\n')('Answers 404 when no webhook exists.') },
  { name: 'prose: an error body format (errors)', ...batchSentence('A failed send answers with a problem document.') },
  { name: 'prose: an error condition (errors)', ...addedTo('paths/v1_user_password.yaml', '    Updates the user password.\n')('A weak password is rejected.') },
  { name: 'prose: a deprecation (versioning)', ...addedTo('paths/v2_verified-senders_id.yaml', '    Deletes one verified sender.\n')('This operation is deprecated.') },
  { name: 'prose: version selection (versioning)', file: root, search: 'invents\n    nothing.', replace: 'invents\n    nothing. Clients select the API version with a header.' },
  { name: 'prose: a compatibility promise (versioning)', ...addedTo('paths/v1_mail-settings.yaml', '    Returns the mail settings.\n')('Its answer stays backward compatible.') },
  { name: 'prose: an event (events)', ...batchSentence('A batch.sent event is posted to every webhook.') },
  { name: 'prose: a delivery rule (events)', ...addedTo('paths/v1_webhooks_id.yaml', '    Deletes one webhook.\n')('Pending event deliveries are dropped.') },
  { name: 'prose: the format of id (formats)', file: 'components/parameters/Id.yaml', search: 'It is sent as one', replace: 'It is a UUID, sent as one' },
  { name: 'prose: the type of id (formats)', ...addedTo('paths/v1_messages_id.yaml', '    Deletes one message.\n')('The message id is an integer.') },
  { name: 'prose: a state (states)', ...batchSentence('Only a batch in the draft state can be sent.') },
  { name: 'prose: a transition (states)', ...addedTo('paths/v1_messages_id.yaml', '    Deletes one message.\n')('A deleted message becomes archived.') },
  { name: 'prose: a purpose of the service (purpose)', file: root, search: 'invents\n    nothing.', replace: 'invents\n    nothing. Use it to send transactional email.' },
  { name: 'prose: a purpose of an operation (purpose)', ...addedTo('paths/v1_reputation_score.yaml', '    Returns the reputation score.\n')('It helps you decide when to warm up an IP address.') },
  { name: 'prose: caching in a summary (behaviour)', file: scopes, search: 'summary: List scopes', replace: 'summary: List scopes (cached)' },
  { name: 'prose: paging (behaviour)', ...addedTo('paths/v1_quotas_history.yaml', '    Returns the quota history.\n')('Results are paginated with a cursor.') },
  { name: 'prose: idempotence (behaviour)', ...batchSentence('Sending is idempotent.') },
  { name: 'prose: a number the document does not state', ...addedTo('paths/v1_api-key.yaml', '    Returns the API key.\n')('It answers within 2 seconds.') },
  { name: 'prose: a version prefix the document does not state', ...addedTo('paths/v1_integrations_id.yaml', '    Returns one integration.\n')('Newer clients call v3.') },
  { name: 'prose: a spelled-out number the document does not state', ...addedTo(webhooks, '    Lists the webhooks.\n')('An account has three of them.') },
  { name: 'prose: a code span naming an invented field', ...batchSentence('Pass `batch_id` in the body.') },
  { name: 'prose: a code span naming an invented header', file: 'components/parameters/OpenQuery.yaml', search: 'query\n  parameter (`pairs`', replace: 'query\n  parameter beside `X-Request-Id` (`pairs`' },
  { name: 'prose: a link to pages the document does not state', ...addedTo(webhooks, '    Lists the webhooks.\n')('See https://docs.example.com/webhooks.') },
  // Inventions disguised as negations: "not only", "nothing but", "unless", a negation that is not about stating, an aside.
  { name: 'prose: disguised: not only ... but also (formats)', ...addedTo('paths/v1_custom-fields.yaml', '    Lists the custom fields.\n')('It returns not only the fields but also their types.') },
  { name: 'prose: disguised: nothing but (authentication)', ...addedTo('paths/v1_enforced-tls.yaml', '    Returns the enforced-TLS setting.\n')('Calls need nothing but a bearer token.') },
  { name: 'prose: disguised: a negation with unless (behaviour)', ...addedTo('paths/v1_quotas_history.yaml', '    Returns the quota history.\n')('It is not paginated, unless the history is long.') },
  { name: 'prose: disguised: an aside that the document is silent (behaviour)', ...addedTo('paths/v1_mail-settings_footer.yaml', '    Returns the footer mail setting.\n')('The footer is not cached, which the document does not state.') },
  { name: 'prose: disguised: a negated fact (formats)', file: 'components/parameters/Id.yaml', search: 'It is sent as one', replace: 'It is never a UUID. It is sent as one' },
  { name: 'prose: disguised: not shown to the caller (errors)', ...addedTo('paths/v1_metrics_delay-reasons.yaml', '    Lists the delay-reason metrics.\n')('Failed sends are not shown to the caller.') },
];

// The overview table's verdicts, each turned into its opposite: the table cannot lie.
const overviewVerdicts: [string, string, string][] = [
  ['What the service does', 'Partly specified:', 'Specified:'],
  ['Resources and their fields', 'Partly specified:', 'Specified:'],
  ['States and transitions', 'Left open.', 'Specified.'],
  ['Endpoints', 'Specified:', 'Left open:'],
  ['Authentication', 'Left open:', 'Specified:'],
  ['Events', 'Left open:', 'Specified:'],
  ['Errors', 'Left open:', 'Partly specified:'],
  ['Limits', 'Left open:', 'Specified:'],
  ['Versioning', 'Specified:', 'Left open:'],
];
const overview: Shorthand[] = overviewVerdicts.map(([part, from, to]) => ({
  name: `overview: the ${part} row says ${to.slice(0, -1)}`,
  file: root,
  search: `| ${part} | ${from}`,
  replace: `| ${part} | ${to}`,
}));

// A wording reworded, or what is open said in a lead: nothing new is stated, but what is open is
// said once, by the table's wording (docs/faithfulness.md, "Prose by construction"), so each is an
// error with the wording to use.
// prettier-ignore
const wordings: Shorthand[] = [
  { name: 'wording: what is open, reworded', file: scopes, search: 'Response fields, errors and required authorization are not specified.', replace: 'The interface document specifies neither the response fields, nor the errors, nor the required authorization.' },
  { name: 'wording: open limits, reworded', file: root, search: 'Quota values and rate limits are not specified.', replace: 'The interface document leaves quota values and rate limits open.' },
  { name: 'wording: the id\'s open format, reworded', file: 'components/parameters/Id.yaml', search: 'The\n  interface document does not specify its type or format.', replace: 'Its\n  type and format are not specified by the interface document.' },
  { name: 'wording: open errors, reworded', file: 'components/responses/ErrorResponse.yaml', search: 'The interface document does\n  not specify error status codes, the error body\'s shape or error conditions.', replace: 'Error status codes,\n  the error body\'s shape and error conditions are not specified.' },
  { name: 'wording: a sentence dropped from an operation\'s', file: batchSend, search: '    It may take a JSON request body whose fields are not specified.\n', replace: '' },
  { name: 'wording: a payload schema\'s, dropped', file: schema('ListQuotasResponseBody'), search: /The interface document specifies neither\n(?: {2}.*\n)+/, replace: '\n' },
  { name: 'lead: what is open, said in a lead', ...addedTo('paths/v1_custom-fields.yaml', '    Lists the custom fields.\n')('Nothing is said about their limits.') },
  { name: 'lead: a question and its verdict', ...addedTo('paths/v1_enforced-tls.yaml', '    Returns the enforced-TLS setting.\n')('Its authentication? Not shown.') },
  { name: 'lead: a collection described as whole (all: no paging)', file: webhooks, search: 'Lists the webhooks.', replace: 'Lists all the webhooks.' },
  { name: 'lead: a schema named with words not its operation\'s', file: schema('GetInboundWebhookResponseBody'), search: /^description: >-\n {2}\S[^,]*,/, replace: 'description: >-\n  The footer mail setting,' },
];

// Leads and wordings that state nothing new: each must pass lint, every generator and the contract.
// One mutation per line, as a table.
// prettier-ignore
const neutral: Shorthand[] = [
  { name: 'neutral: an operation described by its id', file: batchSend, search: sendsOneBatch, replace: '    Sends the batch that `id` names.\n' },
  { name: 'neutral: another verb of its method', file: 'paths/v1_api-key.yaml', search: 'Returns the API key.', replace: 'Fetches the API key.' },
  { name: 'neutral: the verb of its summary', file: 'paths/v1_reputation_score.yaml', search: 'Returns the reputation score.', replace: 'Gets the reputation score.' },
  { name: 'neutral: the collection path named in code', file: 'paths/v1_integrations.yaml', search: 'Deletes the integrations.', replace: 'Deletes the integrations at `/v1/integrations`.' },
  { name: 'neutral: the operationId named in code', file: batchSend, search: sendsOneBatch, replace: '    Sends one batch, `sendBatch`.\n' },
  { name: 'neutral: a summary in fewer of its path\'s words', file: 'paths/v1_api-key.yaml', search: 'summary: Get the API key', replace: 'summary: Get the key' },
  { name: 'neutral: a schema\'s lead in its operation\'s words', file: schema('ListQuotasResponseBody'), search: 'The quotas, as returned', replace: 'The list of quotas, as returned' },
  { name: 'neutral: its words in another order', file: 'paths/v1_quotas_history.yaml', search: 'Returns the quota history.', replace: 'Returns the history of the quotas.' },
  { name: 'neutral: a wording wrapped otherwise', file: scopes, search: 'label (OK).\n    Response fields', replace: 'label (OK). Response fields' },
  { name: 'neutral: an area\'s wording wrapped otherwise', file: root, search: 'Event kinds,\n      payload shape', replace: 'Event kinds, payload\n      shape' },
];

const accountTag = / {2}- name: Account and access\n {4}description: .*\n/;

export const mutations: Mutation[] = [
  ...[...shorthands, ...families, ...singles, ...closedWorld, ...prose, ...wordings, ...overview].map(make),
  ...neutral.map((shorthand) => make({ ...shorthand, neutral: true })),
  {
    name: 'reorder the areas (Account and access moves last)',
    file: root,
    apply: (text) => {
      const tag = accountTag.exec(text)?.[0];
      if (!tag) throw new Error('the text to mutate is not there: the Account and access tag');
      return text.replace(tag, '').replace('paths:\n', `${tag}paths:\n`);
    },
  },
];
