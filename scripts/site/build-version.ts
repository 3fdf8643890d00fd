// One version's files for the site, built from that commit's own description with today's build
// steps: its openapi/ is read from git into memory (release/read-at-commit.ts), bundled within the source
// boundary, then the bundle, its variants, the Markdown reference with llms.txt, and the HTML docs
// are written into `outDir`, with the SHA256SUMS of the description files. Nothing of the commit
// is checked out or run.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createConfig } from '@redocly/openapi-core';
import { forTerminal } from '../escape.ts';
import { bundleWithinBoundary } from '../lint/redocly.ts';
import { bundleJsonText } from '../lint/lint-description.ts';
import { bundleStep, docsStep, referenceStep, runSteps, variantsStep } from '../pipeline/pipeline.ts';
import { openProject, type Project, ReportedError } from '../project.ts';
import { filesAtCommit } from '../release/read-at-commit.ts';
import type { SiteVersion } from './releases.ts';

/** The description's files in each version's folder, which SHA256SUMS lists (and a release attaches). */
export const descriptionFiles = ['openapi.json', 'openapi.yaml', 'openapi-3.0.json', 'openapi.dereferenced.json'];

/** Builds `version` into `outDir` (an empty folder); a ReportedError names the version when it does not build. */
export async function buildVersion(project: Project, version: SiteVersion, outDir: string): Promise<void> {
  const failed = (reason: string) => new ReportedError(`site: ${version.label} (commit ${version.commit.slice(0, 7)}) no longer builds: ${reason}`);
  const files = await filesAtCommit(project, version.commit, path.relative(project.root, path.dirname(project.sourceEntry))).catch((error: unknown) =>
    Promise.reject(error instanceof ReportedError ? failed(error.message) : error),
  );
  // The commit's project: an empty folder as its root, its description held in memory, today's configs.
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'email-delivery-site-'));
  try {
    const source = new Map([...files].map(([file, text]) => [path.join(root, file), text]));
    const atCommit: Project = { ...openProject(root, source), redoclyConfig: project.redoclyConfig, spectralRuleset: project.spectralRuleset };
    const { bundle, problems } = await bundleWithinBoundary(atCommit, await createConfig({})).catch((error: unknown) =>
      Promise.reject(error instanceof ReportedError ? failed(error.message) : error),
    );
    if (problems.length > 0) throw failed(`its description does not bundle: ${problems[0].message}`);
    const described = bundle.info?.version;
    if (version.section && described !== version.name)
      throw new ReportedError(
        `site: ${version.label} is not a release: its description's info.version is ${forTerminal(JSON.stringify(described))}, not "${version.name}"`,
      );
    const context = { project: atCommit, outDir, bundle, bundleJson: bundleJsonText(bundle) };
    await runSteps(context, [bundleStep, variantsStep, referenceStep, docsStep], () => {}).catch((error: unknown) =>
      Promise.reject(failed(error instanceof Error ? error.message : String(error))),
    );
    await fs.writeFile(path.join(outDir, 'SHA256SUMS'), await checksums(outDir));
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
}

/** `sha256sum`'s format, one line per description file: `<hex>  <name>`. */
export async function checksums(dir: string): Promise<string> {
  const lines = await Promise.all(
    descriptionFiles.map(
      async (file) =>
        `${createHash('sha256')
          .update(await fs.readFile(path.join(dir, file)))
          .digest('hex')}  ${file}\n`,
    ),
  );
  return lines.join('');
}
