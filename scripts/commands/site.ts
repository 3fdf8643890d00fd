// `npm run site -- --out <folder>`: the static site of every release (its `v*` tag, or where the
// clone has none, its dated CHANGELOG.md section) and of the current commit, built from the git
// history into <folder>, which is replaced whole (scripts/site/site.ts).
import path from 'node:path';
import { type CommandDefinition, type CommandIo, commandLine } from '../command-line.ts';
import { forTerminal } from '../escape.ts';
import { openProject, toolsCache } from '../project.ts';
import { cacheFolder } from '../site/cache.ts';
import { buildSite } from '../site/site.ts';

export const definition: CommandDefinition = {
  name: 'site',
  summary: [
    'Builds the static site of every release (its v* tag, or where the clone has none, its dated',
    'CHANGELOG.md section) and of the current commit (next/), each from its own commit read from git:',
    'docs, Markdown reference, llms.txt, the bundle and its variants with SHA256SUMS, a root page and',
    'versions.json. The folder is replaced whole; its path is relative to where you run npm.',
  ].join('\n'),
  options: {
    out: { type: 'string', value: '<folder>', required: true, description: 'where the site goes (new, empty, or a site this command built)' },
  },
  examples: ['npm run site -- --out site'],
  exits: [
    [0, 'built'],
    [1, 'a tag, a release or the folder was refused; the folder is unchanged'],
    [2, 'bad arguments'],
  ],
};

export async function run(args: string[], io: CommandIo): Promise<number> {
  const parsed = commandLine(definition, args, io);
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const ok = await buildSite(
    openProject(io.root),
    { info: io.out, error: io.err },
    { out: path.resolve(io.cwd, values.out), shownAs: forTerminal(values.out), cache: cacheFolder(io.env), tools: toolsCache(io.env) },
  );
  return ok ? 0 : 1;
}
