// Spectral's `schema` function (which `spectral:oas` uses to check each example against its schema)
// makes fresh Ajv instances for every document it lints, and each new instance compiles the JSON
// Schema meta-schemas again before it checks a first schema: about half the time of a lint of this
// description (measured: 60 ms of the 130 ms of a warm in-thread lint). Installing this makes a
// schema that cannot tell one instance from another use Ajv instances shared by every document.
// Those are schemas whose compilation does not depend on, or add to, what an instance holds
// besides its meta-schemas: no identifier (`$id`, or `id` for draft 4), anchor or `$schema`
// anywhere in them, and every reference local (`#…`). Any other schema goes to instances of the
// document's own, made when it first needs them, as Spectral's function does. Compiled schemas are
// kept by object, and each document's are new objects, so no result of one document can reach
// another; the shared instances are replaced after a bounded number of schemas (Ajv keeps each
// one it compiled).
import { createRequire } from 'node:module';

type Validator = (data: unknown) => boolean;
type AssignAjvInstance = (schema: Record<string, unknown>, dialect: string, allErrors: boolean) => Validator;
interface AjvModule {
  createAjvInstances: () => AssignAjvInstance;
}

const require = createRequire(import.meta.url);
const schemasPerSharedInstances = 2000;
let installed = false;

/** Installs the shared instances into Spectral's `schema` function (once; later calls do nothing). */
export function shareSpectralAjvInstances(): void {
  if (installed) return;
  installed = true;
  const ajvModule = require('@stoplight/spectral-functions/dist/schema/ajv') as AjvModule;
  const ownInstances = ajvModule.createAjvInstances;
  if (typeof ownInstances !== 'function') return; // another version of Spectral: left as it is
  let shared = ownInstances();
  let sharedSchemas = 0;
  // Called by Spectral once per document, for that document's instances.
  ajvModule.createAjvInstances = () => {
    let own: AssignAjvInstance | undefined;
    return (schema, dialect, allErrors) => {
      if (standsAlone(schema, dialect === 'draft4' ? 'id' : '$id')) {
        if (++sharedSchemas > schemasPerSharedInstances) {
          shared = ownInstances();
          sharedSchemas = 1;
        }
        return shared(schema, dialect, allErrors);
      }
      own ??= ownInstances();
      return own(schema, dialect, allErrors);
    };
  };
}

// Keys by which a schema names itself or part of itself, or names its meta-schema.
const namingKeys = new Set(['$id', '$anchor', '$dynamicAnchor', '$recursiveAnchor', '$schema']);
const referenceKeys = new Set(['$ref', '$dynamicRef', '$recursiveRef']);

/** Whether `schema` has no identifier (`idKey`), anchor or `$schema` at any depth, and only local references. */
function standsAlone(schema: unknown, idKey: string): boolean {
  const seen = new Set<object>();
  const visit = (node: unknown): boolean => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return true;
    seen.add(node);
    if (Array.isArray(node)) return node.every(visit);
    for (const [key, value] of Object.entries(node)) {
      if (key === idKey || namingKeys.has(key)) return false;
      if (referenceKeys.has(key) && !(typeof value === 'string' && value.startsWith('#'))) return false;
      if (!visit(value)) return false;
    }
    return true;
  };
  return visit(schema);
}
