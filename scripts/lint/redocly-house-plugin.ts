// House rules that Redocly's configurable rules cannot express: they look at the
// source files themselves, not only at the document's content.
import path from 'node:path';
import type { Oas3Rule, UserContext } from '@redocly/openapi-core';

/** The file name a path item must live in: `/v1/batches/{id}/send` -> `v1_batches_id_send.yaml`. */
export function pathItemFileName(apiPath: string): string {
  return `${apiPath.replace(/^\//, '').replace(/[{}]/g, '').replaceAll('/', '_')}.yaml`;
}

const PathItemFileName: Oas3Rule = () => ({
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
});

const NoBracesInFileNames: Oas3Rule = () => {
  const seen = new Set<string>();
  const check = (_node: unknown, ctx: UserContext) => {
    const file = ctx.location.source.absoluteRef;
    if (seen.has(file)) return;
    seen.add(file);
    if (/[{}]/.test(path.basename(file))) {
      ctx.report({ message: `File name \`${path.basename(file)}\` contains a brace, which some validators refuse.`, location: ctx.location });
    }
  };
  return { any: { enter: check } };
};

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
