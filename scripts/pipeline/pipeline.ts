// The build's steps, each a small function over one shared context, and the runner that starts
// each step as soon as the steps it comes after have passed, so that independent ones overlap.
// Heavy tools are imported inside their step, so that the lint step (which starts Spectral's
// worker first) does not wait for them.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Project } from '../project.ts';
import type { OpenApiDocument } from '../openapi-document.ts';
import { bundleJsonText, type LintOptions, lintDescription } from '../lint/lint-description.ts';
import { requireClean } from '../lint/lint-problems.ts';

export interface BuildContext {
  project: Project;
  /** The folder this run writes into (a staging or scratch folder, never the outputs themselves). */
  outDir: string;
  /** How the lint step runs Spectral and Redocly (the mutation runner keeps them loaded). */
  lintOptions?: LintOptions;
  bundle?: OpenApiDocument;
  /** The text of `openapi.json`: the very text Spectral linted. */
  bundleJson?: string;
}

export interface Step {
  name: string;
  /** The steps whose outputs this one needs; it starts when they have all finished. */
  after: string[];
  run(context: BuildContext): Promise<void>;
}

/** The bundle and its JSON text, which the lint step leaves in the context for the steps after it. */
export function requireLinted(context: BuildContext): { bundle: OpenApiDocument; bundleJson: string } {
  if (!context.bundle || context.bundleJson === undefined) throw new Error('internal: the lint step has not run');
  return { bundle: context.bundle, bundleJson: context.bundleJson };
}

const requireBundle = (context: BuildContext) => requireLinted(context).bundle;

/** Redocly on the split source, then Spectral on a fresh in-memory bundle. */
export const lintStep: Step = {
  name: 'lint',
  after: [],
  async run(context) {
    Object.assign(context, requireClean(context.project, await lintDescription(context.project, context.lintOptions)));
  },
};

/** openapi.json (the text Spectral linted) and openapi.yaml. */
export const bundleStep: Step = {
  name: 'bundle',
  after: ['lint'],
  async run(context) {
    const { stringifyYaml } = await import('@redocly/openapi-core');
    const { bundle, bundleJson } = requireLinted(context);
    await fs.writeFile(path.join(context.outDir, 'openapi.json'), bundleJson);
    await fs.writeFile(path.join(context.outDir, 'openapi.yaml'), stringifyYaml(bundle, { noRefs: true, lineWidth: -1 }));
  },
};

/** openapi-3.0.json and openapi.dereferenced.json, for tools that need them. */
export const variantsStep: Step = {
  name: 'variants',
  after: ['lint'],
  async run(context) {
    const { dereferenced, toOpenApi30 } = await import('./variants.ts');
    const bundle = requireBundle(context);
    await fs.writeFile(path.join(context.outDir, 'openapi-3.0.json'), bundleJsonText(toOpenApi30(bundle)));
    await fs.writeFile(path.join(context.outDir, 'openapi.dereferenced.json'), bundleJsonText(await dereferenced(bundle)));
  },
};

/** schema.ts, by openapi-typescript. */
export const typesStep: Step = {
  name: 'types',
  after: ['lint'],
  async run(context) {
    const { generateTypes } = await import('./generate-types.ts');
    await fs.writeFile(path.join(context.outDir, 'schema.ts'), await generateTypes(requireBundle(context)));
  },
};

/** client.ts and its runtime, then dist/ compiled from them and schema.ts. */
export const clientStep: Step = {
  name: 'client',
  after: ['types'],
  async run(context) {
    const [{ generateClient, clientRuntimeSource }, { compileClient }] = await Promise.all([import('./generate-client.ts'), import('./compile-client.ts')]);
    // The package's version, where the project has a package.json (a test's temporary copy may not).
    const packageJson = await fs.readFile(path.join(context.project.root, 'package.json'), 'utf8').catch(() => undefined);
    const packageVersion = packageJson === undefined ? undefined : (JSON.parse(packageJson) as { version?: string }).version;
    await fs.writeFile(path.join(context.outDir, 'client.ts'), generateClient(requireBundle(context), packageVersion));
    await fs.writeFile(path.join(context.outDir, 'client-runtime.ts'), await clientRuntimeSource(requireBundle(context)));
    await compileClient(context.project, context.outDir);
  },
};

/** mcp-tools.json and the MCP server, bundled into dist/mcp.js (scripts/mcp/). */
export const mcpStep: Step = {
  name: 'mcp',
  after: ['lint'],
  async run(context) {
    const { compileMcpServer } = await import('../mcp/compile-mcp.ts');
    await compileMcpServer(requireBundle(context), context.outDir);
  },
};

/** mcp-resources.json and openapi-mcp.json: what the MCP server offers to read, and its tools and resources on record (scripts/mcp/mcp-record.ts). */
export const mcpRecordStep: Step = {
  name: 'mcp-record',
  after: ['bundle', 'mcp', 'reference'],
  async run(context) {
    const { writeMcpRecord } = await import('../mcp/mcp-record.ts');
    await writeMcpRecord(requireBundle(context), context.outDir);
  },
};

/** reference/ (README.md and a page per area), llms.txt and llms-full.txt: the Markdown reference. */
export const referenceStep: Step = {
  name: 'reference',
  after: ['lint'],
  async run(context) {
    const [{ markdownReference }, { goModuleOf }] = await Promise.all([import('./markdown-reference.ts'), import('./sdk-samples.ts')]);
    const bundle = requireBundle(context);
    for (const [file, text] of markdownReference(bundle, goModuleOf(context.project, bundle))) {
      await fs.mkdir(path.dirname(path.join(context.outDir, file)), { recursive: true });
      await fs.writeFile(path.join(context.outDir, file), text);
    }
  },
};

/** docs/index.html, by Redocly build-docs (a child process: the CLI has no programmatic API). */
export const docsStep: Step = {
  name: 'docs',
  after: ['lint'],
  async run(context) {
    const { buildDocs } = await import('./build-docs.ts');
    await buildDocs(context.project, requireBundle(context), context.outDir);
  },
};

/** The steps whose outputs are committed and drift-checked. */
export const committedSteps: Step[] = [lintStep, bundleStep, variantsStep, typesStep, clientStep, mcpStep, referenceStep, mcpRecordStep];

/** generated/docs/ is built, not committed (README): the drift check leaves it out. */
export const uncommittedOutputs = ['docs'];

/**
 * generated/sdk/ holds the SDKs of other languages, which `npm run sdk` writes (one folder per
 * language) and each language's tests keep in step: the build carries it over into the outputs it
 * replaces, and the drift check leaves it out.
 */
export const keptOutputs = ['sdk'];

export const buildSteps: Step[] = [...committedSteps, docsStep];

/**
 * Runs `steps`, each once the steps it comes after have passed, one progress line each as it
 * finishes. Waits for every started step to end, then throws the first failure (in step order),
 * naming the step; a step whose prerequisite failed does not run.
 */
export async function runSteps(context: BuildContext, steps: Step[], log: (line: string) => void): Promise<void> {
  const finished = new Map<string, Promise<boolean>>();
  const failures: StepError[] = [];
  const nameWidth = Math.max(...steps.map((step) => step.name.length));
  for (const step of steps) {
    const prerequisites = step.after.map((name) => finished.get(name) ?? Promise.resolve(true));
    finished.set(
      step.name,
      Promise.all(prerequisites).then(async (passed) => {
        if (!passed.every(Boolean)) return false;
        const started = performance.now();
        try {
          await step.run(context);
        } catch (error) {
          failures.push(new StepError(step.name, error));
          return false;
        }
        log(`  ✓ ${step.name.padEnd(nameWidth)} ${((performance.now() - started) / 1000).toFixed(2)} s`);
        return true;
      }),
    );
  }
  await Promise.all(finished.values());
  const order = (failure: StepError) => steps.findIndex((step) => step.name === failure.step);
  if (failures.length > 0) throw failures.sort((a, b) => order(a) - order(b))[0];
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
