// House rules that Redocly's configurable rules cannot express: they look at the
// source files themselves (a component's name is its file's), not only at the document's content.
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

/** The lists redocly.yaml gives `house/generator-safe-names` (docs/generators.md: the survey they come from). */
interface GeneratorSafeNamesOptions {
  /** Types a language or a generator's runtime already has (`Error`, `Response`, `Data` ...): no component may take one. */
  builtInTypes?: string[];
  /** Suffixes generators add to an operation's name for their own types (`Response`, `Params` ...). */
  operationSuffixes?: string[];
  /** Names generated functions use for their own variables and arguments (`params`, `body` ...). */
  parameterNames?: string[];
}

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * Component names (a component's file name in the split source) and parameter names that no
 * generator trips on: not a type a language or runtime already has, not the name a generator
 * derives from an operationId for a type of its own, not a variable a generated function keeps.
 * A path parameter is exempt: its name is the interface document's (`{id}`).
 */
const GeneratorSafeNames: Oas3Rule = (options: GeneratorSafeNamesOptions) => {
  const builtIn = new Set(options.builtInTypes ?? []);
  const suffixes = options.operationSuffixes ?? [];
  const parameterNames = new Set(options.parameterNames ?? []);
  const components: { name: string; kind: string; location: UserContext['location'] }[] = [];
  const operationIds: string[] = [];
  const seen = new Set<string>();
  return {
    any: {
      enter(_node, ctx) {
        const file = ctx.location.source.absoluteRef;
        const kind = path.basename(path.dirname(file));
        if (seen.has(file) || path.basename(path.dirname(path.dirname(file))) !== 'components') return;
        seen.add(file);
        components.push({ name: path.basename(file, path.extname(file)), kind, location: ctx.location });
      },
    },
    Operation(operation) {
      if (typeof operation.operationId === 'string') operationIds.push(operation.operationId);
    },
    Parameter(parameter, ctx) {
      if (parameter.in !== 'path' && parameterNames.has(parameter.name))
        ctx.report({
          message: `Parameter name \`${parameter.name}\` is a variable that generated functions keep for themselves (openapi-python-client shadows it); choose another.`,
          location: ctx.location.child(['name']),
        });
    },
    Root: {
      leave(_root, ctx) {
        for (const { name, kind, location } of components) {
          const clash = builtIn.has(name)
            ? 'a type languages and generators already have'
            : operationIds.flatMap((id) =>
                suffixes.filter((suffix) => `${pascal(id)}${suffix}` === name).map((suffix) => `the ${suffix} type generators derive from \`${id}\``),
              )[0];
          if (!/^[A-Z][A-Za-z0-9]*$/.test(name))
            ctx.report({ message: `Component name \`${name}\` (${kind}) must be PascalCase letters and digits.`, location });
          else if (clash)
            ctx.report({ message: `Component name \`${name}\` (${kind}) is ${clash}; name it after the naming scheme (docs/generators.md).`, location });
        }
      },
    },
  };
};

export default function housePlugin() {
  return {
    id: 'house',
    rules: {
      oas3: {
        'path-item-file-name': PathItemFileName,
        'no-braces-in-file-names': NoBracesInFileNames,
        'generator-safe-names': GeneratorSafeNames,
      },
    },
  };
}
