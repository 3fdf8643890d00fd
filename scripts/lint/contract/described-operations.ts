// Every operation a description holds (in the bundle's form), each with its row of the table
// (scripts/stated/operations.ts) when it has one: what most rules of the contract walk.
import { eachOperation, type OpenApiDocument, type Operation, type PathItem, pointer } from '../../openapi-document.ts';
import { type OperationRow, rowOf } from '../../stated/operations.ts';

/** An operation of a description (in the bundle's form), with its row of the table when it has one. */
export interface SeenOperation {
  path: string;
  method: string;
  row?: OperationRow;
  operation: Operation;
  pathItem: PathItem;
  /** A JSON pointer below this operation: `at('responses')`. */
  at(...keys: (string | number)[]): string;
}

/** Every operation under `paths`, in document order, with its row of the table. */
export const operationsOf = (document: OpenApiDocument): SeenOperation[] =>
  [...eachOperation(document)].map(({ path, method, pathItem, operation }) => ({
    path,
    method,
    row: rowOf(path, method),
    operation,
    pathItem,
    at: (...keys) => pointer('paths', path, method, ...keys),
  }));
