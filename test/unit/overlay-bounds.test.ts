// Overlays within bounds of time and memory: the reproductions of the second security review
// (issue 29, item 5), each refused with one line, before it can take long or grow large; and of the
// fifth (item 5), a description nested deeper than its linters read, refused at its line. (The
// forged manifest of an output folder is in test/unit/overlay.test.ts, "the output folder".)
import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyOverlays } from '../../scripts/overlay/apply-overlay.ts';
import { lintApartLimits, standardProblemsApart } from '../../scripts/overlay/lint-apart.ts';
import { overlaidDescription } from '../../scripts/overlay/overlaid-description.ts';
import { standardProblems } from '../../scripts/overlay/lint-overlaid.ts';
import { measureJson, overlayLimits } from '../../scripts/overlay/overlay-limits.ts';
import { readOverlay } from '../../scripts/overlay/read-overlay.ts';
import { checkout, type Json, loadBundle } from '../support/helpers.ts';
import { scratchFolderPerFile } from '../support/scratch-folder.ts';

const scratch = scratchFolderPerFile('overlay-bounds');
let base: Json;

beforeAll(async () => {
  base = await loadBundle();
});
const header = 'overlay: 1.1.0\ninfo: {title: Test, version: "1"}\nactions:\n';

/** `text` written as an overlay file in the scratch folder; its path. */
async function overlayText(text: string): Promise<string> {
  const file = path.join(scratch.dir, `x-${Math.random().toString(36).slice(2)}.yaml`);
  await fs.writeFile(file, text);
  return file;
}

/** Reads `text` as the overlay x.yaml and applies it to the description; the one-line error it ends with. */
async function refusal(text: string): Promise<string> {
  const file = await overlayText(text);
  try {
    applyOverlays(base, [readOverlay(file, 'x.yaml')]);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the overlay was applied');
}

describe('an overlay within bounds', () => {
  it('runs a backtracking regex in linear time: (a+)+! over 34 characters selects nothing, at once', async () => {
    const message = await refusal(
      `${header}  - target: $.info\n    update: {x-probe: ${'a'.repeat(34)}}\n  - target: "$.info[?search(@, '(a+)+!')]"\n    update: probed\n`,
    );
    expect(message).toBe(
      `x.yaml:6: action 2 (target $.info[?search(@, '(a+)+!')]): the target selects nothing in the description; check it against docs/overlays.md`,
    );
  });

  it('still matches with the linear engine', () => {
    // The same engine selects what the pattern does match: the probe, not the title.
    return expect(
      refusal(`${header}  - target: $.info\n    update: {x-probe: aaa!}\n  - target: "$.info[?match(@, '(a+)+!')]"\n    update: {}\n`),
    ).resolves.toContain("x.yaml:6: action 2 (target $.info[?match(@, '(a+)+!')]): the target #/info/x-probe is a string");
  });

  it('refuses a pattern that is not I-Regexp (RFC 9485), saying where', async () => {
    expect(await refusal(`${header}  - target: >-\n      $.tags[?match(@.name, '\\\\d+')]\n    update: {}\n`)).toBe(
      'x.yaml:4: action 1 (target $.tags[?match(@.name, \'\\\\d+\')]): the pattern "\\\\d+" of match(): it is not I-Regexp (RFC 9485) at character 1 (`\\d+`): `\\d` is not I-Regexp (no `\\d`, `\\w`, `\\s`, `\\b` or back-references); write a class such as `[0-9]`',
    );
  });

  it('refuses a choice at the top of a match() pattern, which the JSONPath library would anchor on its first and last branch only', async () => {
    expect(await refusal(`${header}  - target: "$.tags[?match(@.name, 'Webhooks|Quotas')]"\n    update: {}\n`)).toBe(
      `x.yaml:4: action 1 (target $.tags[?match(@.name, 'Webhooks|Quotas')]): the pattern "Webhooks|Quotas" of match(): a choice at the top of a match() pattern is anchored on its first and last branch only by the JSONPath library; write it in a group: "(Webhooks|Quotas)"`,
    );
  });

  it('selects by a choice in a group, the whole name matched', async () => {
    const { document } = applyOverlays(base, [
      readOverlay(await overlayText(`${header}  - target: "$.tags[?match(@.name, '(Webhooks|Quotas)')]"\n    update: {x-picked: true}\n`), 'x.yaml'),
    ]);
    expect(document.tags!.filter((tag) => (tag as Json)['x-picked']).map((tag) => tag.name)).toEqual(['Webhooks', 'Quotas']);
  });

  it('refuses a pattern the linear-time engine cannot compile (a repeat over 1000)', async () => {
    expect(await refusal(`${header}  - target: "$.tags[?match(@.name, 'a{1001}')]"\n    update: {}\n`)).toMatch(
      /^x\.yaml:4: action 1 \(target .*\): the pattern "a\{1001\}" of match\(\): the linear-time engine refuses it: /,
    );
  });

  it('refuses 30 actions {target: $, copy: $} once the description would pass its bound', async () => {
    const text = `${header}${'  - {target: $, copy: $}\n'.repeat(30)}`;
    expect(text.length).toBeLessThan(900);
    expect(await refusal(text)).toMatch(
      new RegExp(
        `^x\\.yaml:\\d+: action \\d+ \\(target \\$\\): the description would grow past ${overlayLimits.documentBytes} bytes, more than an overlay may make it$`,
      ),
    );
  });

  it('refuses a 0.9 MB anchor with 99 aliases: the expanded overlay is bounded, not only the count of aliases', async () => {
    const text = `${header}  - target: $.info\n    update:\n      a: &a "${'x'.repeat(900_000)}"\n${Array.from({ length: 99 }, (_, i) => `      b${i}: *a\n`).join('')}`;
    expect(await refusal(text)).toBe(
      `x.yaml: refused: with its YAML aliases expanded it is more than ${overlayLimits.expandedBytes} bytes; write each value once, or fewer aliases of a large one`,
    );
  });

  it('reads at most the bound of a file whose size is reported as 0 (/proc/self/pagemap)', () => {
    expect(() => readOverlay('/proc/self/pagemap', '/proc/self/pagemap')).toThrow(
      new RegExp(`^overlay /proc/self/pagemap has more than the ${overlayLimits.fileBytes} bytes it may have$`),
    );
  });

  it('refuses `remove: true` on $..* with one line, and removes nodes inside removed nodes without a stack', async () => {
    expect(await refusal(`${header}  - target: $..*\n    remove: true\n`)).toBe(
      'x.yaml:4: action 1 (target $..*): it removes #/openapi, without which there is no description; target the nodes inside it you mean',
    );
    const file = path.join(scratch.dir, 'nested.yaml');
    await fs.writeFile(file, `${header}  - target: $.servers..*\n    remove: true\n`);
    const { document } = applyOverlays(base, [readOverlay(file, 'nested.yaml')]);
    expect(document.servers).toEqual([]);
  });

  /** An update of ErrorBody with a property `deep` holding `levels` objects within each other, one key a line. */
  const nested = (levels: number) => {
    const lines = ['  - target: $.components.schemas.ErrorBody', '    update:', '      properties:', '        deep:'];
    for (let level = 0, indent = 10; level < levels; level += 1, indent += 4)
      lines.push(`${' '.repeat(indent)}type: object`, `${' '.repeat(indent)}properties:`, `${' '.repeat(indent + 2)}a:`);
    return `${header}${lines.join('\n')}\n${' '.repeat(10 + 4 * levels)}type: string\n`;
  };

  it('refuses a schema nested 48 levels with one line at the key past the bound, where Redocly threw `nesting exceeded maxDepth (100)`', async () => {
    const message = await refusal(nested(48));
    // The key whose value is the first object past the bound: the 31st `properties:` of the file (the update's own is the 1st).
    const lines = nested(48).split('\n');
    const pastLine = lines.flatMap((line, i) => (line.trim() === 'properties:' ? [i + 1] : []))[30];
    expect(message).toMatch(
      new RegExp(
        `^x\\.yaml:${pastLine}: action 1 \\(target \\$\\.components\\.schemas\\.ErrorBody\\): the description would nest objects and lists deeper than ${overlayLimits.depth} levels \\(at #/components/schemas/ErrorBody/properties/deep(/properties/a)+/properties\\), more than its linters and generators read; flatten it, or name the inner schema as a component and \`\\$ref\` it$`,
      ),
    );
    expect(message).not.toContain('\n');
  });

  it('applies and lints (Redocly and Spectral) the deepest description within the bound', async () => {
    const file = await overlayText(nested(29));
    const { document } = applyOverlays(base, [readOverlay(file, 'x.yaml')]);
    expect(measureJson(document, Infinity, overlayLimits.depth).tooDeep).toBeUndefined();
    expect(measureJson(document, Infinity, overlayLimits.depth - 1).tooDeep).toBeDefined();
    const problems = await standardProblems(document, JSON.stringify(document));
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    await expect(refusal(nested(30))).resolves.toContain(`deeper than ${overlayLimits.depth} levels`);
  });

  /** `run` with the lint child's time bound at 50 ms (far less than loading the linters takes), then as it was. */
  async function withChildBoundOf50Ms(run: () => Promise<void>): Promise<void> {
    const seconds = lintApartLimits.seconds;
    lintApartLimits.seconds = 0.05;
    try {
      await run();
    } finally {
      lintApartLimits.seconds = seconds;
    }
  }

  it('lints apart within its time: a child past it is ended, and the refusal is one line', async () => {
    await withChildBoundOf50Ms(() =>
      expect(standardProblemsApart(JSON.stringify(base))).rejects.toThrow(
        /^the standard lint of the description with the overlays, run apart, failed: it took more than 0\.05 s$/,
      ),
    );
  });

  it('lints one description with overlays once a process: a lint that failed is not kept, one that passed is used again', async () => {
    // An overlay of its own: no other test of this process has linted this description.
    const file = await overlayText(`${header}  - target: $.info\n    update:\n      x-linted-once: ${Math.random().toString(36).slice(2)}\n`);
    const make = () => overlaidDescription(checkout, { overlays: [file], out: '', lintApart: true }, base as never);
    await withChildBoundOf50Ms(() => expect(make()).rejects.toThrow(/run apart, failed: it took more than 0\.05 s$/));
    const first = await make();
    // Linted again, the child would not end within 50 ms: the first lint's problems are used.
    await withChildBoundOf50Ms(async () => expect((await make()).warnings).toEqual(first.warnings));
  });
});
