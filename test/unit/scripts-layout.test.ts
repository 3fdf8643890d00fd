// The layout of scripts/ that keeps it legible: no two files share a name (the commands of
// scripts/commands/ aside, each named after its npm script), and every folder says what it holds in a README.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../support/helpers.ts';

const scripts = path.join(root, 'scripts');
const entries = fs.readdirSync(scripts, { recursive: true, withFileTypes: true });

describe('scripts/', () => {
  it('holds no two files of the same name outside scripts/commands/', () => {
    const byName = new Map<string, string[]>();
    for (const entry of entries.filter((e) => e.isFile() && e.name.endsWith('.ts'))) {
      const file = path.relative(scripts, path.join(entry.parentPath, entry.name));
      if (file.startsWith(`commands${path.sep}`)) continue;
      byName.set(entry.name, [...(byName.get(entry.name) ?? []), file]);
    }
    expect([...byName.values()].filter((files) => files.length > 1)).toEqual([]);
  });

  it('has a README in every folder', () => {
    const folders = [scripts, ...entries.filter((e) => e.isDirectory()).map((e) => path.join(e.parentPath, e.name))];
    expect(folders.filter((folder) => !fs.existsSync(path.join(folder, 'README.md'))).map((folder) => path.relative(root, folder))).toEqual([]);
  });
});
