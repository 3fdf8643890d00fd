// faithful/operation-id: each operation has the operationId the table gives it (a rename breaks
// generated clients).
import { operationRule } from '../view.ts';

export const OperationId = operationRule(({ row, operation, at }, view) => {
  if (operation.operationId !== row.operationId)
    view.report(
      at('operationId'),
      `#${row.n}'s operationId: expected ${JSON.stringify(row.operationId)}, found ${JSON.stringify(operation.operationId)} (a rename is a breaking change: the table of operations in scripts/stated/operations.ts names it, and changes with it)`,
    );
});
