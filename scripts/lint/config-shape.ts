// The closed world of the lint configs: the keys redocly.yaml and a Spectral ruleset may hold, which
// are the keys this project uses. Any other key (a decorator, `htmlTemplate`, `overrides`, `except`,
// `preprocessors` ...) is refused with its path, before the linter loads the config, so that no key
// this check does not know can name a file, a ruleset or code. A key the project starts to use is
// added here, in review.
import { isRecord } from '../openapi-document.ts';

/** What a value may be. */
export type Shape =
  | 'scalar' // a string, number, boolean or null
  | 'scalars' // a scalar, or a list of scalars and lists of them
  | 'json' // any value without a `$ref` key anywhere
  | { fields: Record<string, Shape> } // an object with only these keys
  | { map: Shape } // an object with any keys, each value of the shape
  | { list: Shape }
  | { either: Shape[] };

export interface ShapeProblem {
  /** Where in the config, as keys and indexes from its root. */
  at: (string | number)[];
  why: string;
}

const isScalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);
const isScalars = (value: unknown): boolean => isScalar(value) || (Array.isArray(value) && value.every(isScalars));

function hasRef(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasRef);
  return isRecord(value) && Object.entries(value).some(([key, child]) => key === '$ref' || hasRef(child));
}

/** The first place `value` leaves `shape`, or undefined when it fits. */
export function shapeProblem(value: unknown, shape: Shape, at: (string | number)[] = []): ShapeProblem | undefined {
  if (shape === 'scalar') return isScalar(value) ? undefined : { at, why: 'must be a single value' };
  if (shape === 'scalars') return isScalars(value) ? undefined : { at, why: 'must be a value or a list of values' };
  if (shape === 'json') return hasRef(value) ? { at, why: 'may hold no `$ref`' } : undefined;
  if ('either' in shape) {
    const problems = shape.either.map((option) => shapeProblem(value, option, at));
    if (problems.some((problem) => problem === undefined)) return undefined;
    // The deepest problem says most about what was meant.
    return problems.reduce((deepest, problem) => (problem!.at.length > deepest!.at.length ? problem : deepest));
  }
  if ('list' in shape) {
    if (!Array.isArray(value)) return { at, why: 'must be a list' };
    for (const [index, item] of value.entries()) {
      const problem = shapeProblem(item, shape.list, [...at, index]);
      if (problem) return problem;
    }
    return undefined;
  }
  if (!isRecord(value)) return { at, why: 'must be a mapping' };
  for (const [key, child] of Object.entries(value)) {
    const childShape = 'map' in shape ? shape.map : Object.hasOwn(shape.fields, key) ? shape.fields[key] : undefined;
    if (childShape === undefined)
      return {
        at: [...at, key],
        why: `is not a key this project's config uses here (${'fields' in shape ? Object.keys(shape.fields).join(', ') : ''}); the config is closed-world`,
      };
    const problem = shapeProblem(child, childShape, [...at, key]);
    if (problem) return problem;
  }
  return undefined;
}

const redoclyRule: Shape = {
  either: [
    'scalar',
    {
      fields: {
        severity: 'scalar',
        message: 'scalar',
        subject: { fields: { type: 'scalar', property: 'scalars' } },
        assertions: { map: 'scalars' },
        where: { list: { fields: { subject: { fields: { type: 'scalar', property: 'scalars' } }, assertions: { map: 'scalars' } } } },
        // Options of the house plugin's rules and of Redocly's built-in ones that this project sets.
        builtInTypes: 'scalars',
        operationSuffixes: 'scalars',
        parameterNames: 'scalars',
        allowedValues: 'scalars',
      },
    },
  ],
};

/** redocly.yaml: built-in rulesets, the house plugin, the `source` API, rules, and Redoc's options for build-docs. */
export const redoclyShape: Shape = {
  fields: {
    extends: 'scalars',
    plugins: 'scalars',
    apis: { map: { fields: { root: 'scalar', rules: { map: redoclyRule } } } },
    rules: { map: redoclyRule },
    openapi: {
      fields: {
        pathInMiddlePanel: 'scalar',
        expandResponses: 'scalar',
        codeSamples: { fields: { languages: { list: { fields: { lang: 'scalar', label: 'scalar' } } } } },
        theme: { fields: { colors: { map: { either: ['scalar', { map: 'scalar' }] } } } },
      },
    },
  },
};

const spectralThen: Shape = { fields: { field: 'scalar', function: 'scalar', functionOptions: 'json' } };
const spectralRule: Shape = {
  either: [
    'scalar',
    {
      fields: {
        description: 'scalar',
        message: 'scalar',
        severity: 'scalar',
        recommended: 'scalar',
        given: 'scalars',
        then: { either: [spectralThen, { list: spectralThen }] },
        resolved: 'scalar',
        documentationUrl: 'scalar',
      },
    },
  ],
};

/** A Spectral ruleset (.spectral.yaml and each ruleset file it extends): rulesets, rules, and functions from a folder. */
export const spectralShape: Shape = {
  fields: {
    description: 'scalar',
    documentationUrl: 'scalar',
    extends: { either: ['scalar', { list: { either: ['scalar', { list: 'scalar' }] } }] },
    rules: { map: spectralRule },
    functionsDir: 'scalar',
    functions: { list: 'scalar' },
  },
};
