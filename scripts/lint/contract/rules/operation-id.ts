// faithful/operation-id: each operation has the operationId the table gives it (a rename breaks
// generated clients).
import { operationRule } from '../view.ts';

export const OperationId = operationRule(({ row, operation, at }, view) => {
  if (operation.operationId !== row.operationId)
    view.report(
      at('operationId'),
      `#${row.n}'s operationId: expected ${JSON.stringify(row.operationId)}, found ${JSON.stringify(operation.operationId)} (the table of operations, scripts/stated/operations.ts, names it: where the table is wrong, fix its row #${row.n}; a rename of a released operation is a breaking change, and changes the table with it)`,
    );
});
