// `npm run bench -- --only size`: the contract's lines and its most complex function, in the tree and
// at a commit read from git, on a small repository made here (a commit, then an edit of the tree).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchSize } from '../../scripts/dev/bench-size.ts';
import type { Project } from '../../scripts/project.ts';
import { withScratchFolder } from '../support/scratch-folder.ts';

const write = (dir: string, file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
};

describe('npm run bench -- --only size', () => {
  it('counts the lines of both folders and finds the most complex function, in the tree and at the commit', async () => {
    await withScratchFolder('bench-size', async (dir) => {
      const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir });
      git('init', '-q');
      // Complexity 3: the function, an if, a conditional.
      write(dir, 'scripts/lint/contract/rule.ts', 'export function rule(a: number) {\n  if (a > 1) return 1;\n  return a ? 2 : 3;\n}\n');
      write(dir, 'scripts/stated/table.ts', 'export const table = [1, 2];\n');
      write(dir, 'scripts/other/skipped.ts', 'export const x = (a: boolean) => (a && a) || a;\n'.repeat(5));
      git('add', '-A');
      git('commit', '-qm', 'first');
      // Complexity 4, and a file git does not know yet: the tree is what is on disk.
      write(dir, 'scripts/lint/contract/rule.ts', 'export function check(a: number, b: boolean) {\n  return a > 1 && b ? 1 : a || 2;\n}\n');
      write(dir, 'scripts/stated/untracked.ts', 'export const y = 1;\n');
      const { rows } = await benchSize({ root: dir } as Project, 'HEAD');
      expect(rows).toEqual([
        ['this tree', '3', '2', '5', "4 (Function 'check', scripts/lint/contract/rule.ts:1)"],
        ['HEAD', '4', '1', '5', "3 (Function 'rule', scripts/lint/contract/rule.ts:1)"],
      ]);
    });
  });

  it('names a baseline that is not a commit, and says when a commit has neither folder', async () => {
    await withScratchFolder('bench-size', async (dir) => {
      const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir });
      git('init', '-q');
      write(dir, 'README.md', 'before the contract\n');
      git('add', '-A');
      git('commit', '-qm', 'first');
      await expect(benchSize({ root: dir } as Project, 'nosuch')).rejects.toThrow('--baseline "nosuch" is not a commit of this repository');
      await expect(benchSize({ root: dir } as Project, '--output=x')).rejects.toThrow('--baseline "--output=x" is not a commit of this repository');
      expect(fs.existsSync(path.join(dir, 'x'))).toBe(false);
      const { rows } = await benchSize({ root: dir } as Project, 'HEAD');
      expect(rows).toEqual([
        ['this tree', '0', '0', '0', '(neither folder there)'],
        ['HEAD', '0', '0', '0', '(neither folder there)'],
      ]);
    });
  });
});
