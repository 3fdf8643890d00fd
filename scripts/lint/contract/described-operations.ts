// Every operation a description holds (in the bundle's form), each with its row of the table
// (scripts/stated/operations.ts) when it has one: what most rules of the contract walk.
import { eachOperation, type OpenApiDocument, pointer } from '../../openapi-document.ts';
import { rowOf } from '../../stated/operations.ts';

/** Every operation under `paths`, in document order, with its row of the table and `at(...keys)`, a JSON pointer below it. */
export const operationsOf = (document: OpenApiDocument) =>
  [...eachOperation(document)].map(({ path, method, pathItem, operation }) => ({
    path,
    method,
    row: rowOf(path, method),
    operation,
    pathItem,
    at: (...keys: (string | number)[]) => pointer('paths', path, method, ...keys),
  }));

/** An operation of a description, with its row of the table when it has one. */
export type SeenOperation = ReturnType<typeof operationsOf>[number];
