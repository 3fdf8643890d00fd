// faithful/operation-id: each operation has the operationId the table gives it (a rename breaks
// generated clients).
import { located, operationRule, reportBelow } from '../visit.ts';

export const OperationId = operationRule((seen, ctx) => {
  const { row, operation, at } = seen;
  if (operation.operationId !== row.operationId)
    reportBelow(
      ctx,
      located(seen),
      ['operationId'],
      `#${row.n}'s operationId: expected ${JSON.stringify(row.operationId)}, found ${JSON.stringify(operation.operationId)} (a rename is a breaking change: the table of operations in scripts/lint/contract/operations.ts names it, and changes with it)`,
      at('operationId'),
    );
});
