// faithful/operation-id: each operation has the operationId the table gives it (a rename breaks
// generated clients).
import { factsRule, located, reportBelow } from '../visit.ts';

export const OperationId = factsRule((facts, ctx) => {
  for (const seen of facts.operations) {
    const { row, operation, at } = seen;
    if (!row || operation.operationId === row.operationId) continue;
    reportBelow(
      ctx,
      located(seen),
      ['operationId'],
      `#${row.n}'s operationId: expected ${JSON.stringify(row.operationId)}, found ${JSON.stringify(operation.operationId)} (a rename is a breaking change: the table of operations in scripts/lint/contract/operations.ts names it, and changes with it)`,
      at('operationId'),
    );
  }
});
