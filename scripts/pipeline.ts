// The build's steps, each a small function over one shared context. `build` runs them into a
// temporary folder and swaps it in; `check` runs them into a scratch folder and compares.
// Steps run as soon as the steps they come after have finished, so independent ones overlap.
// Heavy tools are imported inside their step, so that the lint step (which starts Spectral's
// worker first) does not wait for them.
import fs from 'node:fs/promises';
import path from 'node:path';
import { bundleJsonText, lintDescription } from './lint-description.ts';

export interface BuildContext {
  /** The folder this run writes into; it becomes `generated/` only when every step has passed. */
  outDir: string;
  bundle?: Record<string, unknown>;
  /** The text of `openapi.json`: the very text Spectral linted. */
  bundleJson?: string;
}

export interface Step {
  name: string;
  /** The steps whose outputs this one needs; it starts when they have all finished. */
  after: string[];
  run(context: BuildContext): Promise<void>;
}

export function newContext(outDir: string): BuildContext {
  return { outDir };
}

/** Redocly on the split source, then Spectral on a fresh in-memory bundle (lint-description.js). */
export const lintStep: Step = {
  name: 'lint',
  after: [],
  async run(context) {
    const { bundle, bundleJson } = await lintDescription('stylish');
    context.bundle = bundle;
    context.bundleJson = bundleJson;
  },
};

export const bundleStep: Step = {
  name: 'bundle',
  after: ['lint'],
  async run(context) {
    if (context.bundleJson === undefined) throw new Error('internal: the lint step has not run');
    await fs.writeFile(path.join(context.outDir, 'openapi.json'), context.bundleJson);
    await fs.writeFile(path.join(context.outDir, 'openapi.yaml'), await bundleYamlText(requireBundle(context)));
  },
};

async function bundleYamlText(bundle: Record<string, unknown>): Promise<string> {
  const { stringifyYaml } = await import('@redocly/openapi-core');
  return stringifyYaml(bundle, { noRefs: true, lineWidth: -1 });
}

function requireBundle(context: BuildContext): Record<string, unknown> {
  if (!context.bundle) throw new Error('internal: the bundle step has not run');
  return context.bundle;
}

/** generated/schema.ts, by openapi-typescript. */
export const typesStep: Step = {
  name: 'types',
  after: ['bundle'],
  async run(context) {
    const { generateTypes } = await import('./generate-types.ts');
    await fs.writeFile(path.join(context.outDir, 'schema.ts'), await generateTypes(requireBundle(context)));
  },
};

/** generated/client.ts, then generated/dist/ compiled from it. */
export const clientStep: Step = {
  name: 'client',
  after: ['types'],
  async run(context) {
    const [{ generateClient }, { compileClient }] = await Promise.all([import('./generate-client.ts'), import('./compile-client.ts')]);
    await fs.writeFile(path.join(context.outDir, 'client.ts'), generateClient(requireBundle(context)));
    await compileClient(context.outDir);
  },
};

/** generated/docs/index.html, by Redocly build-docs. */
export const docsStep: Step = {
  name: 'docs',
  after: ['bundle'],
  async run(context) {
    const { buildDocs } = await import('./build-docs.ts');
    await buildDocs(requireBundle(context), context.outDir);
  },
};

/** generated/openapi-3.0.json and generated/openapi.dereferenced.json, for tools that need them. */
export const variantsStep: Step = {
  name: 'variants',
  after: ['bundle'],
  async run(context) {
    const { dereferenced, toOpenApi30 } = await import('./variants.ts');
    const bundle = requireBundle(context);
    await fs.writeFile(path.join(context.outDir, 'openapi-3.0.json'), bundleJsonText(toOpenApi30(bundle)));
    await fs.writeFile(path.join(context.outDir, 'openapi.dereferenced.json'), bundleJsonText(await dereferenced(bundle)));
  },
};

/** The steps whose outputs are committed and drift-checked. */
export const committedSteps: Step[] = [lintStep, bundleStep, variantsStep, typesStep, clientStep];

/** generated/docs/ is built, not committed (see README): `check` leaves it out. */
export const uncommittedOutputs = ['docs'];

export const buildSteps: Step[] = [...committedSteps, docsStep];

/**
 * Runs `steps`, each once the steps it comes after have passed, one progress line each as it
 * finishes. Waits for every started step to end, then throws the first failure (in step order),
 * naming the step; a step whose prerequisite failed does not run.
 */
export async function runSteps(context: BuildContext, steps: Step[], log: (line: string) => void): Promise<void> {
  const finished = new Map<string, Promise<boolean>>();
  const failures: StepError[] = [];
  for (const step of steps) {
    const prerequisites = step.after.map((name) => finished.get(name) ?? Promise.resolve(true));
    finished.set(
      step.name,
      Promise.all(prerequisites).then(async (passed) => {
        if (!passed.every(Boolean)) return false;
        const started = performance.now();
        try {
          await step.run(context);
          if (process.env.EMAIL_DELIVERY_BUILD_FAIL_AFTER === step.name) {
            throw new Error(`failure injected after this step by EMAIL_DELIVERY_BUILD_FAIL_AFTER=${step.name}`);
          }
        } catch (error) {
          failures.push(new StepError(step.name, error));
          return false;
        }
        log(`  ✓ ${step.name.padEnd(8)} ${((performance.now() - started) / 1000).toFixed(2)} s`);
        return true;
      }),
    );
  }
  await Promise.all(finished.values());
  if (failures.length > 0) throw failures.sort((a, b) => steps.findIndex((s) => s.name === a.step) - steps.findIndex((s) => s.name === b.step))[0];
}

export class StepError extends Error {
  readonly step: string;
  readonly reason: unknown;
  constructor(step: string, reason: unknown) {
    super(`step '${step}' failed: ${reason instanceof Error ? reason.message : String(reason)}`);
    this.step = step;
    this.reason = reason;
  }
}
