// faithful/operations: exactly the operations of the interface document's Endpoints table (the
// table in ../operations.ts), by method and path: none missing, none added.
import { pointer } from '../../../openapi-document.ts';
import { operations } from '../operations.ts';
import { factsRule, reportAt } from '../visit.ts';

export const Operations = factsRule((facts, ctx) => {
  const found = new Set(facts.operations.map(({ method, path }) => `${method} ${path}`));
  for (const row of operations) {
    if (found.has(`${row.method} ${row.path}`)) continue;
    const where = facts.pathItems.get(row.path) ?? facts.pathsLocation ?? facts.rootLocation;
    const file = `${row.path.slice(1).replaceAll('/', '_').replace(/[{}]/g, '')}.yaml`;
    reportAt(
      ctx,
      where,
      `operation #${row.n} (${row.method.toUpperCase()} ${row.path}) is missing: write it in openapi/paths/${file}, referenced as \`${row.path}: {$ref: paths/${file}}\` under \`paths:\` (CONTRIBUTING.md)`,
      pointer('paths', row.path, row.method),
    );
  }
  for (const { row, method, path, location, at } of facts.operations)
    if (!row) reportAt(ctx, location, `${method.toUpperCase()} ${path} is not one of the ${operations.length} operations of the Endpoints table`, at());
});
