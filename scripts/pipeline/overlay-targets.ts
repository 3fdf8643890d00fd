// The reference's page of overlay targets: each operation of the bundle, its request body schema
// and its success body schema, as the JSONPath an overlay action names. Made from the bundle, so an
// operation added to the description is listed with no other edit.
import type { OpenApiDocument } from '../openapi-document.ts';
import { listOperations } from '../bundle-operations.ts';

export const overlayTargetsFile = 'overlay-targets.md';

/** A schema's JSONPath in the bundle, as a code span. */
const schemaTarget = (name: string) => `\`$.components.schemas.${name}\``;

export function overlayTargetsMarkdown(document: OpenApiDocument): string {
  const rows = listOperations(document).map(
    (operation) =>
      `| \`${operation.operationId}\` | \`$.paths['${operation.path}'].${operation.method}\` | ${operation.body ? schemaTarget(operation.body.schema) : 'none'} | ${schemaTarget(operation.success.schema)} |`,
  );
  return [
    '# Overlay targets',
    '',
    `Each operation of the ${document.info!.title} description, its request body schema and its success body schema, as the JSONPath an overlay action's \`target\` names. Targets address the bundle (\`openapi.json\`), where every payload is a named schema under \`components.schemas\`, shared by nothing else: a field added to one operation's schema changes that operation only.`,
    '',
    '| operationId | Operation | Request body schema | Success body schema |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
