// The README is the user's page: its first screen gives the two commands a fresh machine needs (the
// build, and the tests), and it stays short enough to read (the maintainers' material lives in
// CONTRIBUTING.md and docs/), each section a link away.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../support/helpers.ts';

const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const lines = readme.split('\n');

describe('README.md', () => {
  it('gives the two commands on its first screen: install and build, then the tests', () => {
    const firstScreen = lines.slice(0, 24).join('\n');
    expect(firstScreen).toMatch(/```sh\nnpm ci && npm run build +#[^\n]*\nnpm run install:languages && npm test +#[^\n]*\n```/);
  });

  it('is at most 200 lines, and links each topic it leaves out', () => {
    expect(lines.length).toBeLessThanOrEqual(200);
    for (const page of ['CONTRIBUTING.md', 'docs/robustness.md', 'docs/toolchain.md', 'docs/releases.md', 'docs/verify.md', 'docs/mcp.md', 'docs/overlays.md'])
      expect(readme, page).toContain(`](${page}`);
  });
});
