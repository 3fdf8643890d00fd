// House rules that Redocly's configurable rules cannot express: they look at the
// source files themselves, not only at the document's content.
import path from 'node:path';
/** @import { Oas3Rule, UserContext } from '@redocly/openapi-core' */

/**
 * The file name a path item must live in: `/v1/batches/{id}/send` -> `v1_batches_id_send.yaml`.
 * @param {string} apiPath
 */
export function pathItemFileName(apiPath) {
  return `${apiPath.replace(/^\//, '').replace(/[{}]/g, '').replaceAll('/', '_')}.yaml`;
}

/** @type {Oas3Rule} */
function PathItemFileName() {
  return {
    Paths: {
      PathItem(_node, ctx) {
        const file = path.basename(ctx.location.source.absoluteRef);
        const expected = pathItemFileName(String(ctx.key));
        if (file !== expected) {
          ctx.report({
            message: `Path item \`${ctx.key}\` must be in its own file \`openapi/paths/${expected}\`, not \`${file}\`.`,
            location: ctx.location.key(),
          });
        }
      },
    },
  };
}

/** @type {Oas3Rule} */
function NoBracesInFileNames() {
  const seen = new Set();
  /** @type {(node: unknown, ctx: UserContext) => void} */
  const check = (_node, ctx) => {
    const file = ctx.location.source.absoluteRef;
    if (seen.has(file)) return;
    seen.add(file);
    if (/[{}]/.test(path.basename(file))) {
      ctx.report({
        message: `File name \`${path.basename(file)}\` contains a brace, which some validators refuse.`,
        location: ctx.location,
      });
    }
  };
  return { any: { enter: check } };
}

export default function housePlugin() {
  return {
    id: 'house',
    rules: {
      oas3: {
        'path-item-file-name': PathItemFileName,
        'no-braces-in-file-names': NoBracesInFileNames,
      },
    },
  };
}
