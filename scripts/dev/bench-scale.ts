// One size of `npm run bench`'s scale section, run in its own process (no heap carried over from
// another size): `node scripts/dev/bench-scale.ts <root> <factor> <runs>`. Builds a description with
// <factor> times the operations of the project in <root> (copies under /v1/s<k>/...), times lint,
// bundle, types and docs on it (median of <runs> each, samples on stderr), prints the medians as JSON.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { bundle, createConfig, lint, loadConfig } from '@redocly/openapi-core';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { buildDocs } from '../pipeline/build-docs.ts';
import { generateTypes } from '../pipeline/generate-types.ts';
import { loadRuleset } from '../lint/spectral-ruleset.ts';
import { httpMethods, isRef, type OpenApiDocument } from '../openapi-document.ts';
import { openProject } from '../project.ts';
import { medianOf } from './bench-timing.ts';

const [root, ...numbers] = process.argv.slice(2);
const [factor, runs] = numbers.map(Number);
if (!root || !(factor >= 1 && runs >= 1)) {
  console.error('usage: node scripts/dev/bench-scale.ts <root> <factor> <runs>');
  process.exit(2);
}
const project = openProject(root);

function scaled(base: OpenApiDocument, factor: number): OpenApiDocument {
  const copy = { ...structuredClone(base), paths: {} as NonNullable<OpenApiDocument['paths']> };
  for (let k = 0; k < factor; k++) {
    for (const [apiPath, item] of Object.entries(base.paths ?? {})) {
      const clone = structuredClone(item);
      // Copy k of an operation gets a letters-only suffix (the house rules allow no digits): B, C, ..., BA, ...
      const suffix = k === 0 ? '' : [...String(k)].map((digit) => String.fromCharCode(65 + Number(digit))).join('');
      if (!isRef(clone))
        for (const method of httpMethods) {
          const operation = clone[method];
          if (operation?.operationId) operation.operationId = `${operation.operationId}${suffix}`;
        }
      copy.paths[k === 0 ? apiPath : apiPath.replace(/^\/(v\d)\//, `/$1/s${k}/`)] = clone;
    }
  }
  return copy;
}

const base = JSON.parse(await fs.readFile(path.join(project.outputDir, 'openapi.json'), 'utf8')) as OpenApiDocument;
const document = scaled(base, factor);
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'email-delivery-scale-'));
try {
  const file = path.join(work, 'openapi.json');
  const text = `${JSON.stringify(document, null, 2)}\n`;
  await fs.writeFile(file, text);
  const config = await loadConfig({ configPath: project.redoclyConfig });
  const plain = await createConfig({});
  // The lint's work, not its start-up: Spectral's ruleset is loaded once, here.
  const ruleset = await loadRuleset(project, project.spectralRuleset);
  let problems = 0;
  const lintMs = await medianOf(`${factor}x lint`, runs, async () => {
    const spectral = new spectralCore.Spectral();
    spectral.setRuleset(ruleset);
    problems = (await lint({ ref: file, config })).length + (await spectral.run(new spectralCore.Document(text, spectralParsers.Json, file))).length;
  });
  if (problems > 0) throw new Error(`the ${factor}x description has ${problems} lint problems: the synthetic copies must lint clean`);
  const bundleMs = await medianOf(`${factor}x bundle`, runs, () => bundle({ ref: file, config: plain }));
  const typesMs = await medianOf(`${factor}x types`, runs, () => generateTypes(document));
  const docsMs = await medianOf(`${factor}x docs`, runs, () => buildDocs(project, document, path.join(work, 'docs')));
  console.log(JSON.stringify({ lint: lintMs, bundle: bundleMs, types: typesMs, docs: docsMs }));
} finally {
  await fs.rm(work, { recursive: true, force: true });
}
