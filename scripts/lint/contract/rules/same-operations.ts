// faithful/operations: exactly the operations of the interface document's Endpoints table (the
// table in scripts/stated/operations.ts), by method and path: none missing, none added.
import { pointer } from '../../../openapi-document.ts';
import { operations } from '../../../stated/operations.ts';
import { operationsOf } from '../described-operations.ts';
import { viewRule } from '../view.ts';

export const Operations = viewRule((view) => {
  const seen = operationsOf(view.document);
  const found = new Set(seen.map(({ method, path }) => `${method} ${path}`));
  for (const row of operations) {
    if (found.has(`${row.method} ${row.path}`)) continue;
    const file = `${row.path.slice(1).replaceAll('/', '_').replace(/[{}]/g, '')}.yaml`;
    view.report(
      pointer('paths', row.path, row.method),
      `operation #${row.n} (${row.method.toUpperCase()} ${row.path}) is missing: write it in openapi/paths/${file}, referenced as \`${row.path}: {$ref: paths/${file}}\` under \`paths:\` (CONTRIBUTING.md)`,
    );
  }
  for (const { row, method, path, at } of seen)
    if (!row)
      view.report(
        at(),
        `${method.toUpperCase()} ${path} is not one of the ${operations.length} operations of the Endpoints table: if the interface document lists it, add its row to the table in scripts/stated/operations.ts (CONTRIBUTING.md); if not, remove it`,
      );
});
