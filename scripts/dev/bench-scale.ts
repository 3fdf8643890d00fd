// One size of `npm run bench`'s scale section, in its own process: `<factor> <runs>`. Builds a
// description with <factor> times our operations (copies under /v1/s<k>/...), times lint, bundle,
// types and docs on it (median of <runs> each, samples on stderr), prints the medians as JSON.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { bundle, createConfig, lint, loadConfig } from '@redocly/openapi-core';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { buildDocs } from './build-docs.ts';
import { generateTypes } from './generate-types.ts';
import { redoclyConfigFile, root, spectralRulesetFile } from './project.ts';
import { loadRuleset } from './spectral-ruleset.ts';
import { medianOf } from './bench-timing.ts';

const [factor, runs] = process.argv.slice(2).map(Number);
if (!(factor >= 1 && runs >= 1)) {
  console.error('usage: node scripts/bench-scale.ts <factor> <runs>');
  process.exit(2);
}

function scaled(base: Record<string, any>, factor: number): Record<string, any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const copy = structuredClone(base);
  copy.paths = {};
  for (let k = 0; k < factor; k++) {
    for (const [apiPath, item] of Object.entries(base.paths as Record<string, any>)) { // eslint-disable-line @typescript-eslint/no-explicit-any
      const clone = structuredClone(item);
      // Copy k of an operation gets a letters-only suffix (the house rules allow no digits): B, C, ..., BA, ...
      const suffix = k === 0 ? '' : [...String(k)].map((digit) => String.fromCharCode(65 + Number(digit))).join('');
      for (const operation of Object.values(clone) as any[]) if (operation?.operationId) operation.operationId = `${operation.operationId}${suffix}`; // eslint-disable-line @typescript-eslint/no-explicit-any
      copy.paths[k === 0 ? apiPath : apiPath.replace(/^\/(v\d)\//, `/$1/s${k}/`)] = clone;
    }
  }
  return copy;
}

const base = JSON.parse(await fs.readFile(path.join(root, 'generated', 'openapi.json'), 'utf8'));
const document = scaled(base, factor);
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'email-delivery-scale-'));
try {
  const file = path.join(work, 'openapi.json');
  const text = `${JSON.stringify(document, null, 2)}\n`;
  await fs.writeFile(file, text);
  const config = await loadConfig({ configPath: redoclyConfigFile });
  const plain = await createConfig({});
  // The lint's work, not its start-up: Spectral's ruleset is loaded once, here.
  const ruleset = await loadRuleset(spectralRulesetFile);
  let problems = 0;
  const lintMs = await medianOf(`${factor}x lint`, runs, async () => {
    const spectral = new spectralCore.Spectral();
    spectral.setRuleset(ruleset);
    problems = (await lint({ ref: file, config })).length + (await spectral.run(new spectralCore.Document(text, spectralParsers.Json, file))).length;
  });
  if (problems > 0) throw new Error(`the ${factor}x description has ${problems} lint problems: the synthetic copies must lint clean`);
  const bundleMs = await medianOf(`${factor}x bundle`, runs, () => bundle({ ref: file, config: plain }));
  const typesMs = await medianOf(`${factor}x types`, runs, () => generateTypes(document));
  const docsMs = await medianOf(`${factor}x docs`, runs, () => buildDocs(document, path.join(work, 'docs')));
  console.log(JSON.stringify({ lint: lintMs, bundle: bundleMs, types: typesMs, docs: docsMs }));
} finally {
  await fs.rm(work, { recursive: true, force: true });
}
