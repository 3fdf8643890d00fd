// The size section of `npm run bench`: how large the faithfulness contract is (its lines of
// TypeScript, and those of scripts/stated/, what it holds a description to) and its most complex
// function (ESLint's cyclomatic complexity), and the TypeScript lines of scripts/ and test/ but
// this round's new capabilities, in this tree and at the baseline commit, read from git there: no
// worktree is made. docs/speed.md holds the targets.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import type { Project } from '../project.ts';

const exec = promisify(execFile);

/** The folders measured: the contract's rules, and what they hold a description to. */
const contractFolders = ['scripts/lint/contract', 'scripts/stated'];

/** The TypeScript files under `folders`, with their text: on disk in the checkout, or at `commit`. */
async function sources(root: string, commit?: string, folders = contractFolders): Promise<Map<string, string>> {
  const git = (...args: string[]) => exec('git', args, { cwd: root, maxBuffer: 64 * 1024 * 1024 }).then(({ stdout }) => stdout);
  // Not an option of git's (`--output=...`), and a commit of this repository.
  if (commit && (commit.startsWith('-') || !(await git('rev-parse', '--verify', '--quiet', `${commit}^{commit}`).catch(() => ''))))
    throw new Error(`--baseline ${JSON.stringify(commit)} is not a commit of this repository (git rev-parse --verify)`);
  const onDisk = async (folder: string) =>
    (await fs.readdir(path.join(root, folder), { recursive: true }).catch(() => [])).map((file) => `${folder}/${file.split(path.sep).join('/')}`);
  const listed = commit ? (await git('ls-tree', '-r', '--name-only', commit, '--', ...folders)).split('\n') : (await Promise.all(folders.map(onDisk))).flat();
  const files = listed.filter((file) => file.endsWith('.ts')).sort();
  const texts = await Promise.all(files.map((file) => (commit ? git('show', `${commit}:${file}`) : fs.readFile(path.join(root, file), 'utf8'))));
  return new Map(files.map((file, index) => [file, texts[index]]));
}

/** Lines as `wc -l` counts them. */
const lines = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** The function of the highest complexity among `files`: its complexity, and where it is. */
async function mostComplex(root: string, files: Map<string, string>): Promise<{ complexity: number; where: string }> {
  // Every function reported with its complexity: this one rule at 0, on TypeScript, whatever the tree's config.
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, rules: { complexity: ['warn', 0] } },
  });
  let top = { complexity: 0, where: '' };
  for (const [file, text] of files)
    for (const result of await eslint.lintText(text, { filePath: path.join(root, file) }))
      for (const message of result.messages) {
        const found = /^(.*?) has a complexity of (\d+)/.exec(message.message);
        if (found && Number(found[2]) > top.complexity) top = { complexity: Number(found[2]), where: `${found[1]}, ${file}:${message.line}` };
      }
  return top;
}

export async function benchSize(project: Project, baseline?: string): Promise<{ title: string; header: string[]; rows: string[][] }> {
  const folders = contractFolders;
  console.error(`size: lines of ${folders.join(' and ')}, and the most complex function there`);
  const rows: string[][] = [];
  for (const [label, commit] of [['this tree', undefined], ...(baseline ? [[baseline, baseline]] : [])] as [string, string | undefined][]) {
    const files = await sources(project.root, commit);
    const sum = (folder: string) => [...files].filter(([file]) => file.startsWith(`${folder}/`)).reduce((total, [, text]) => total + lines(text), 0);
    const [contract, stated] = folders.map(sum);
    const { complexity, where } = await mostComplex(project.root, files);
    rows.push([label, String(contract), String(stated), String(contract + stated), files.size === 0 ? '(neither folder there)' : `${complexity} (${where})`]);
  }
  return {
    title:
      'The faithfulness contract: lines of TypeScript, and its most complex function (targets: the contract 40% under the 1,635 lines of d53587e, complexity at most 15)',
    header: ['tree', folders[0], folders[1], 'both', 'most complex function'],
    rows,
  };
}

/** Issue 51's new capabilities, which its count of lines leaves out: scripts/learn/, and files named for traffic, recording or resources. */
const newCapability = (file: string) => file.startsWith('scripts/learn/') || /traffic|record|resource/.test(path.posix.basename(file));

/** The TypeScript lines of scripts/ and test/, this round's new capabilities left out, in this tree and at the baseline. */
export async function benchLines(project: Project, baseline?: string): Promise<{ title: string; header: string[]; rows: string[][] }> {
  console.error('size: lines of TypeScript in scripts/ and test/');
  const rows: string[][] = [];
  for (const [label, commit] of [['this tree', undefined], ...(baseline ? [[baseline, baseline]] : [])] as [string, string | undefined][]) {
    const files = [...(await sources(project.root, commit, ['scripts', 'test']))].filter(([file]) => !newCapability(file));
    const count = (folder: string) => files.filter(([file]) => file.startsWith(`${folder}/`)).reduce((total, [, text]) => total + lines(text), 0);
    rows.push([label, String(count('scripts')), String(count('test')), String(count('scripts') + count('test'))]);
  }
  return {
    title:
      "TypeScript lines of scripts/ and test/, but scripts/learn/ and files named for traffic, recording or resources (target: at least 1,000 fewer than 9ef4722's)",
    header: ['tree', 'scripts', 'test', 'both'],
    rows,
  };
}
