// Overlays, in process: reading an overlay file and refusing what is not one, applying its actions
// strictly (RFC 9535 targets that must select something), the standard lint of the result with
// problems put on their action's line, what the overlays change and what is refused, the output
// folder's checks, and what the build's steps make of the example overlays.
import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { generateClient } from '../../scripts/pipeline/generate-client.ts';
import { markdownReference } from '../../scripts/pipeline/markdown-reference.ts';
import { type AppliedAction, applyOverlays } from '../../scripts/overlay/apply-overlay.ts';
import { overlaidInfo } from '../../scripts/openapi-document.ts';
import { type Overlaid, overlaidDescription } from '../../scripts/overlay/build-overlaid.ts';
import { checkOutputFolder, manifestFile, recordOutputFolder } from '../../scripts/overlay/output-folder.ts';
import { silentPartRules } from '../../scripts/overlay/lint-overlaid.ts';
import { overlayChanges } from '../../scripts/overlay/overlay-changes.ts';
import { readOverlay } from '../../scripts/overlay/read-overlay.ts';
import { checkout, type Json, loadBundle, root } from '../support/helpers.ts';
import { scratchFolderPerFile } from '../support/scratch-folder.ts';

const examples = path.join(root, 'examples', 'overlays');
const auth = path.join(examples, 'auth.yaml');
const fields = path.join(examples, 'fields.yaml');
const scratch = scratchFolderPerFile('overlay-unit');
let base: Json;

beforeAll(async () => {
  base = await loadBundle();
});
/** Writes `text` as an overlay file in the scratch folder; returns its path. */
async function overlayFile(name: string, text: string): Promise<string> {
  const file = path.join(scratch.dir, name);
  await fs.writeFile(file, text);
  return file;
}

const header = 'overlay: 1.1.0\ninfo: {title: Test, version: "1"}\nactions:\n';
/** Reads `text` as an overlay; the error message when it is refused. */
async function refusal(text: string): Promise<string> {
  const file = await overlayFile(`refused-${Math.random().toString(36).slice(2)}.yaml`, text);
  try {
    readOverlay(file, 'x.yaml');
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the overlay was read');
}

describe('reading an overlay', () => {
  it('reads the examples: version, title, and each action with its line', () => {
    const overlay = readOverlay(auth, 'auth.yaml');
    expect(overlay).toMatchObject({ version: '1.0.0', title: 'Example credentials header', overlayVersion: '1.0.0' });
    expect(overlay.actions.map((a) => [a.kind, a.target, a.line])).toEqual([
      ['update', '$.components', 8],
      ['update', '$', 17],
    ]);
  });

  it.each([
    [
      'an OpenAPI description',
      'openapi: 3.1.0\ninfo: {title: x, version: "1"}\n',
      'x.yaml:1: not an overlay: it has no `overlay:` version (it is an OpenAPI description',
    ],
    [
      'an unknown version',
      'overlay: 2.0.0\ninfo: {title: x, version: "1"}\nactions: []\n',
      'x.yaml:1: overlay version "2.0.0" is not supported: use 1.0.0 or 1.1.0',
    ],
    [
      'a version of two numbers, quoted',
      'overlay: "1.1"\ninfo: {title: x, version: "1"}\nactions: []\n',
      'x.yaml:1: overlay version "1.1" needs all three numbers: write "1.1.0"',
    ],
    ['not YAML', 'overlay: 1.0.0\ninfo: {title: x\n', 'x.yaml:3: not YAML or JSON:'],
    [
      'a version YAML reads as a number',
      'overlay: 1.0\ninfo: {title: x, version: "1"}\nactions: []\n',
      'x.yaml:1: `overlay: 1.0` is a YAML number (1), not a version; quote it, major.minor.patch: `overlay: "1.0.0"` or `overlay: "1.1.0"`',
    ],
    ['a list, not an object', '- overlay: 1.0.0\n', 'x.yaml:1: not an overlay: the file is not a YAML or JSON object'],
    ['no actions', 'overlay: 1.0.0\ninfo: {title: x, version: "1"}\nactions: []\n', 'x.yaml:3: `actions` must be a list of at least one action'],
    ['no info version', 'overlay: 1.0.0\ninfo: {title: x}\nactions: []\n', 'x.yaml:2: `info` must have a `title` and a `version`, both strings'],
    [
      'an action with update and remove',
      `${header}  - target: $.info\n    remove: true\n    update: {}\n`,
      'x.yaml:4: action 1: it has `remove` and `update`; an action does one thing: to replace the node, write one action with `remove: true` for it and, after it, one that `update`s its parent with the new value',
    ],
    ['an action with nothing to do', `${header}  - target: $.info\n`, 'x.yaml:4: action 1: it has no `update`, `remove: true` or `copy`'],
    [
      'a target that is not JSONPath',
      `${header}  - target: info\n    update: {}\n`,
      'x.yaml:4: action 1: `target` must be a JSONPath expression starting with `$`',
    ],
    [
      'copy in 1.0',
      'overlay: 1.0.0\ninfo: {title: x, version: "1"}\nactions:\n  - target: $.info\n    copy: $.servers[0]\n',
      'x.yaml:4: action 1: `copy` needs overlay version 1.1.0',
    ],
    ['an unknown field', `${header}  - target: $.info\n    updates: {}\n`, 'x.yaml:4: action 1: `updates` is not a field of an action; did you mean `update`?'],
    [
      'a misspelt top-level field',
      'overlay: 1.0.0\ninfo: {title: x, version: "1"}\naction:\n  - target: $.info\n',
      'x.yaml:3: `action` is not a field of an Overlay 1.0.0 document; did you mean `actions`?',
    ],
    [
      'a reference to a file',
      `${header}  - target: $.info\n    update: {x: {$ref: ../secret.yaml}}\n`,
      'x.yaml:4: action 1: `$ref: "../secret.yaml"` points outside the description',
    ],
    ['a reference to a URL', `${header}  - target: $.info\n    update: {x: {$ref: "https://example.com/s.yaml"}}\n`, 'points outside the description'],
    // Found by the review of issue 52 (finding 3): each of these crashed a build step with a stack trace (the lint, the
    // types, the MCP tools' table, the client's header check); now refused where it is written.
    ...(
      [
        ['a field named hasOwnProperty', 'properties:\n        hasOwnProperty: {type: string}', 7, 'the key `hasOwnProperty`'],
        ['a field named __defineGetter__', 'properties:\n        __defineGetter__: {type: string}', 7, 'the key `__defineGetter__`'],
        ['a field named __proto__', 'properties:\n        __proto__: {type: string}', 7, 'the key `__proto__`'],
        ['a query parameter named toString', 'parameters:\n        - {name: toString, in: query, schema: {type: string}}', 7, 'the name `toString`'],
        ['a header parameter named Constructor', 'parameters:\n        - {name: Constructor, in: header, schema: {type: string}}', 7, 'the name `Constructor`'],
      ] as [string, string, number, string][]
    ).map(([name, update, line, what]) => [
      name,
      `${header}  - target: $.components.schemas.ListQuotasResponseBody\n    update:\n      ${update}\n`,
      `x.yaml:${line}: action 1: ${what} is a name every JavaScript object has already (Object.prototype's), which the generators and the tools would read as that, not as yours: rename it`,
    ]),
  ])('refuses %s, naming the file and line', async (_name, text, message) => {
    expect(await refusal(text)).toContain(message);
  });

  it('suggests no field when none is close', async () => {
    expect(await refusal(`${header}  - target: $.info\n    replace: {}\n`)).toBe('x.yaml:4: action 1: `replace` is not a field of an action');
  });

  it('refuses an alias bomb and a file that is too large, as it does in the description', async () => {
    const bomb = `${header}  - target: $.info\n    update:\n      a: &a [x, x, x, x, x, x, x, x, x]\n${Array.from(
      { length: 8 },
      (_, i) =>
        `      b${i}: &b${i} [${Array(9)
          .fill(i === 0 ? '*a' : `*b${i - 1}`)
          .join(', ')}]\n`,
    ).join('')}`;
    expect(await refusal(bomb)).toMatch(/^x\.yaml: refused: .*alias/i);
    expect(await refusal(`${header}#${'x'.repeat(1024 * 1024)}\n`)).toMatch(/^overlay x\.yaml has \d+ bytes, more than the 1048576 it may have$/);
  });

  it('refuses a file that does not exist or is a folder', () => {
    expect(() => readOverlay(path.join(scratch.dir, 'missing.yaml'), 'missing.yaml')).toThrow(/^overlay missing\.yaml does not exist$/);
    expect(() => readOverlay(scratch.dir, 'folder')).toThrow(/^overlay folder is not a regular file$/);
  });
});

describe('applying overlays', () => {
  // The tests read the result untyped (helpers.ts's Json).
  const apply = async (actions: string, document: Json = base): Promise<{ document: Json; applied: AppliedAction[] }> =>
    applyOverlays(document, [readOverlay(await overlayFile('apply.yaml', `${header}${actions}`), 'apply.yaml')]);

  it('merges objects recursively, appends to lists, replaces plain values, and leaves the input as it was', async () => {
    const before = JSON.stringify(base);
    const { document, applied } = await apply(
      [
        '  - target: $.info',
        '    update: {title: Acme, x-team: {a: 1}}',
        '  - target: $.info',
        '    update: {x-team: {b: 2}}',
        '  - target: $.tags',
        '    update: [{name: One}, {name: Two}]',
        '  - target: $.servers[0].variables.base_url.default',
        '    update: https://example.test',
        '',
      ].join('\n'),
    );
    expect(document.info.title).toBe('Acme');
    expect(document.info['x-team']).toEqual({ a: 1, b: 2 });
    expect(document.tags.slice(-2)).toEqual([{ name: 'One' }, { name: 'Two' }]);
    expect(document.servers[0].variables.base_url.default).toBe('https://example.test');
    expect(applied.map((a) => a.pointers)).toEqual([
      ['#/info/title', '#/info/x-team'],
      ['#/info/x-team'],
      [`#/tags/${base.tags.length}`, `#/tags/${base.tags.length + 1}`],
      ['#/servers/0/variables/base_url/default'],
    ]);
    expect(JSON.stringify(base)).toBe(before);
  });

  it('removes every node a filter selects, list items included', async () => {
    const { document } = await apply("  - target: $.tags[?@.name == 'Webhooks' || @.name == 'Messages and batches']\n    remove: true\n");
    expect(document.tags.map((tag: Json) => tag.name)).not.toContain('Webhooks');
    expect(document.tags).toHaveLength(base.tags.length - 2);
  });

  it('copies (1.1) the one node `copy` selects into each target', async () => {
    const { document } = await apply(
      "  - target: $.components.schemas.SendBatchRequestBody\n    update: {properties: {subject: {type: string}}}\n  - target: $.components.schemas['SendBatchResponseBody','GetMessageStatusResponseBody']\n    copy: $.components.schemas.SendBatchRequestBody\n",
    );
    expect(document.components.schemas.SendBatchResponseBody.properties).toEqual({ subject: { type: 'string' } });
    expect(document.components.schemas.GetMessageStatusResponseBody.properties).toEqual({ subject: { type: 'string' } });
  });

  it.each([
    [
      'a target that selects nothing',
      '  - target: $.components.schemas.SendBatchRequst\n    update: {}\n',
      'apply.yaml:4: action 1 (target $.components.schemas.SendBatchRequst): the target selects nothing: $.components.schemas has no "SendBatchRequst"; did you mean "SendBatchRequestBody" (target: $.components.schemas.SendBatchRequestBody)?',
    ],
    [
      'a path with a typo',
      "  - target: $.paths['/v1/webhook'].get\n    update: {}\n",
      `apply.yaml:4: action 1 (target $.paths['/v1/webhook'].get): the target selects nothing: $.paths has no "/v1/webhook"; did you mean "/v1/webhooks" (target: $.paths['/v1/webhooks'].get)?`,
    ],
    [
      'a remove that selects nothing',
      '  - target: $.info.contact\n    remove: true\n',
      'apply.yaml:4: action 1 (target $.info.contact): the target selects nothing: $.info has no "contact"; it has',
    ],
    [
      'a filter that selects nothing',
      "  - target: $.tags[?@.name=='Webhook']\n    update: {}\n",
      `apply.yaml:4: action 1 (target $.tags[?@.name=='Webhook']): the target selects nothing: no item of $.tags has name "Webhook"; did you mean "Webhooks" (target: $.tags[?@.name=='Webhooks'])?`,
    ],
    [
      'an update of a list meant for one of its items',
      '  - target: $.tags\n    update: {name: Webhooks, description: Mine}\n',
      'apply.yaml:4: action 1 (target $.tags): the target is a list, and an update of a list is appended to it as a new item; to change one item, select it, e.g. `$.tags[?@.name==\'Webhooks\']`, or `$.tags[*]` for every item (an item named "Webhooks" is there already)',
    ],
    [
      'an update of a list of named items without a name',
      '  - target: $.tags\n    update: {description: Mine}\n',
      'apply.yaml:4: action 1 (target $.tags): the target is a list, and an update of a list is appended to it as a new item; to change one item, select it',
    ],
    [
      'an invalid JSONPath',
      "  - target: $.paths['/v1/scopes'\n    update: {}\n",
      "apply.yaml:4: action 1 (target $.paths['/v1/scopes'): \"$.paths['/v1/scopes'\" is not an RFC 9535 JSONPath expression: it ends too soon",
    ],
    [
      'a path written after a dot',
      '  - target: $.paths./v1/scopes.get\n    update: {}\n',
      `apply.yaml:4: action 1 (target $.paths./v1/scopes.get): "$.paths./v1/scopes.get" is not an RFC 9535 JSONPath expression: "/" cannot come at character 9; a name with characters other than letters, digits and _ goes in brackets: ['/v1/scopes']`,
    ],
    // Found by the second new-user trial: no hint for a status code after a dot.
    [
      'a status code written after a dot',
      "  - target: $.paths['/v1/scopes'].get.responses.200\n    update: {}\n",
      `"$.paths['/v1/scopes'].get.responses.200" is not an RFC 9535 JSONPath expression: "2" cannot come at character 37; a name that starts with a digit goes in brackets: ['200']`,
    ],
    [
      'an update that does not fit',
      '  - target: $.info\n    update: {title: {nested: true}}\n',
      'apply.yaml:4: action 1 (target $.info): #/info/title is a string in the description, and the update gives an object',
    ],
    ['a list update of an object', '  - target: $.info\n    update: [1]\n', 'the target #/info is an object, so the update must be an object'],
    ['removing the whole description', '  - target: $\n    remove: true\n', 'the whole description cannot be removed'],
    ['a copy source of two nodes', '  - target: $.info\n    copy: $.tags[*]\n', '`copy` $.tags[*] must select exactly one node; it selects'],
  ])('fails on %s, naming the file, the line and the target', async (_name, actions, message) => {
    await expect(apply(actions)).rejects.toThrow(message);
  });

  it('escapes what it prints of the overlay: a target with a terminal escape is shown, not obeyed', async () => {
    const failure = await apply('  - target: "$.info[\'\\e[31mred\']"\n    update: {}\n').catch((error: Error) => error.message);
    expect(failure).toContain("(target $.info['\\u001b[31mred'])");
    expect(failure).not.toContain('\u001b');
  });
});

const options = (overlays: string[], allowOperationChanges = false) => ({
  overlays,
  out: path.join(scratch.dir, 'out'),
  allowOperationChanges,
  shownAs: (f: string) => path.basename(f),
});

let bothExamples: Promise<Overlaid> | undefined;
/**
 * The description with both example overlays, made (and linted) once for the file by the first
 * test or hook that needs it: the first test checks it, and the build's steps are given copies of
 * its document. Nothing writes to it.
 */
const withBothExamples = (): Promise<Overlaid> => (bothExamples ??= overlaidDescription(checkout, options([auth, fields]), base));

/** One action of an overlay: `update` at `target`, as the lines of an overlay file. */
const textAction = (target: string, update: string) => `  - target: ${target}\n    update: ${update}\n`;

/**
 * Texts an overlay may not bring, each refused at the line of its key: name, target, update, the
 * problem. The standard lint names every problem of a description in one run, each at its own
 * action, so the rows are one overlay's actions, linted once (textRefused), but the zero-width
 * space: it updates the description of `info` as the raw HTML does, so it is an action of the
 * second overlay (alsoRefused).
 */
const textRefusals: [string, string, string, string][] = [
  [
    'raw HTML in a description (a redirect of the docs page)',
    '$.info',
    `{description: 'Hi <meta http-equiv="refresh" content="0;url=https://evil.example">'}`,
    'error overlay-text no-raw-html: the text holds raw HTML',
  ],
  ['an HTML comment in a summary', "$.paths['/v1/scopes'].get", "{summary: 'List <!-- x --> scopes'}", 'error overlay-text no-raw-html'],
  [
    'an escape character in a schema description',
    '$.components.schemas.ListQuotasResponseBody',
    '{description: "Quotas \\u001b[31m red"}',
    'error overlay-text no-control-characters',
  ],
  ['a right-to-left override in a title', '$.info', '{title: "Email \\u202e API"}', 'error overlay-text no-control-characters'],
  // Found by the third review: text a person cannot see but an agent reads in the MCP tool's description.
  [
    'an instruction in Unicode tag characters in a summary',
    "$.paths['/v1/quotas'].get",
    '{summary: "Lists quotas.\\U000E0049\\U000E0067\\U000E006E"}',
    'error overlay-text no-control-characters',
  ],
  ['a zero-width space in a description', '$.info', '{description: "Email\\u200bAPI"}', 'error overlay-text no-control-characters'],
  [
    'raw HTML between backslash-escaped backticks (no code span in Markdown)',
    "$.paths['/v1/scopes'].get",
    '{description: \'Lists scopes \\`<iframe src="https://evil.example"></iframe>\\`.\'}',
    'error overlay-text no-raw-html',
  ],
  // Found by the second new-user trial: merged beside the $ref, read by no tool, reported as no change.
  [
    'a schema merged beside a $ref (a success response targeted, not its schema)',
    "$.paths['/v1/scopes'].get.responses['200']",
    '{content: {application/json: {schema: {type: object, properties: {scopes: {type: array}}}}}}',
    'error overlay-text no-ref-siblings: type, properties beside a $ref: the generators, the reference and verify read only the $ref; change what it references instead (#/components/schemas/ListScopesResponseBody)',
  ],
  // Found by the fourth new-user trial: the shared error response's $ref. Updating what it references types every
  // operation's error; the message says so, and how to type this operation's alone.
  [
    "content merged beside the shared error response's $ref (one operation's error body meant)",
    "$.paths['/v1/webhooks/{id}'].delete.responses.default",
    '{content: {application/json: {schema: {type: object, properties: {code: {type: string}}}}}}',
    'error overlay-text no-ref-siblings: content beside a $ref: the generators, the reference and verify read only the $ref; #/components/responses/ErrorResponse is shared: to change every operation that uses it, update it (its schema: #/components/schemas/ErrorBody); to change this operation alone, replace `default`: remove it, then add `default` as a $ref to a component of your own',
  ],
];
const zeroWidthRow = 'a zero-width space in a description';
const textRefusalActions = textRefusals.filter(([name]) => name !== zeroWidthRow).map(([, target, update]) => textAction(target, update));
const typeInt =
  '  - target: $.components.schemas.GetMessageStatusResponseBody\n    update:\n      properties:\n        state:\n          type: int\n          description: The state.\n';
const alsoRefusedActions = [
  ...textRefusals.filter(([name]) => name === zeroWidthRow).map(([, target, update]) => textAction(target, update)),
  typeInt,
  '  - target: $.components.schemas.ListScopesResponseBody\n    update: {type: objet}\n',
];

interface Refused {
  file: string;
  /** What the build with the overlay failed with. */
  failure: string;
  /** The line action `index` starts on (its target's). */
  lineOf(index: number): number;
}

/** `actions` as one overlay file `name`, built once for the file by the first test that needs it; it must fail. */
function refusedOnce(name: string, actions: string[]): () => Promise<Refused> {
  let refused: Promise<Refused> | undefined;
  return () =>
    (refused ??= (async () => {
      const file = await overlayFile(name, `${header}${actions.join('')}`);
      const failure = await overlaidDescription(checkout, options([file]), base).then(
        () => expect.unreachable(`${name} was built`),
        (error: Error) => error.message,
      );
      // The header's three lines, then each action's.
      const starts = actions.map((_, index) => 4 + actions.slice(0, index).join('').split('\n').length - 1);
      return { file: name, failure, lineOf: (index: number) => starts[index] };
    })());
}
const textRefused = refusedOnce('texts.yaml', textRefusalActions);
const alsoRefused = refusedOnce('also-refused.yaml', alsoRefusedActions);

let passing: Promise<Overlaid> | undefined;
/**
 * fields.yaml and an overlay that adds a parameter in each location, requires sendBatch's body,
 * adds a response header and writes HTML as code in a description: built once for the file by the
 * first test that needs it (the build must pass), each test reading what it is about.
 */
const passingTogether = (): Promise<Overlaid> =>
  (passing ??= overlayFile(
    'passing.yaml',
    [
      header.trimEnd(),
      "  - target: $.paths['/v1/webhooks'].get",
      '    update:',
      '      parameters: [{name: cursor, in: query, schema: {type: string}}]',
      "  - target: $.paths['/v1/batches/{id}/send'].post",
      '    update:',
      '      parameters: [{name: Idempotency-Key, in: header, required: true, schema: {type: string}}]',
      '      requestBody: {required: true}',
      "  - target: $.paths['/v1/webhooks'].get.responses['200']",
      '    update:',
      '      headers: {X-Next-Cursor: {description: The next page., schema: {type: string}}}',
      '  - target: $.info',
      "    update: {description: 'The service answers `<meta>` tags as text.'}",
      '',
    ].join('\n'),
  ).then((file) => overlaidDescription(checkout, options([fields, file]), base)));

describe('the description with overlays', () => {
  it('carries the examples: the scheme, the requirement, the fields, and the overlays named in info', async () => {
    const overlaid = await withBothExamples();
    const document: Json = overlaid.document;
    expect(document.components.securitySchemes.ExampleApiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Example-Api-Key' });
    expect(document.security).toEqual([{ ExampleApiKey: [] }]);
    expect(Object.keys(document.components.schemas.SendBatchRequestBody.properties)).toEqual(['subject', 'sendAt']);
    expect(document.info['x-overlays']).toEqual([
      { title: 'Example credentials header', version: '1.0.0' },
      { title: 'Example batch and status fields', version: '1.0.0' },
    ]);
    expect(
      document.info.description.startsWith(
        `**Built with overlays.** This is the description ${base.info.version} with these overlays applied, in order: Example credentials header 1.0.0; Example batch and status fields 1.0.0.`,
      ),
    ).toBe(true);
    expect(JSON.parse(overlaid.json)).toEqual(document);
    // The description's own warnings (it states no contact: `info-contact`) are not the overlays'.
    expect(overlaid.warnings).toEqual([]);
    const body = "$.paths['/v1/batches/{id}/send'].post.requestBody";
    expect(overlaid.changesText).toEqual([
      'every operation: credentials: a caller must now send ExampleApiKey (the header X-Example-Api-Key) (can break a caller)',
      'sendBatch: request field `subject` at $.subject: a caller must now send it (string) (can break a caller)',
      'sendBatch: request field `sendAt` at $.sendAt: a caller may now send it (string, date-time, optional)',
      'getMessageStatus: 200 response field `state` at $.state: a caller can rely on it (string, one of queued, delivered, bounced, always present)',
      'add security scheme ExampleApiKey: the header X-Example-Api-Key',
      `warning: sendBatch: the request body is still optional (${body} is not \`required: true\`), so a call without a body is valid and its required \`$.subject\` cannot be enforced; to require the body, add \`required: true\` at ${body}`,
    ]);
    expect(overlaid.changesMarkdown).toContain('| sendBatch | request field `subject` at $.subject | must now send it (string) | yes |');
    expect(overlaid.changesMarkdown).toContain('| every operation | credentials | must now send ExampleApiKey (the header X-Example-Api-Key) | yes |');
    expect(overlaid.changesMarkdown).toContain('## Warnings: facts the description cannot enforce');
  });

  // That the Markdown report writes a scheme's header as code in its other changes, as in its table
  // for callers: overlay-recipes.test.ts' bearer scheme, which builds with bearer.yaml alone.

  it('names each parameter by name and location, and drops the warning once the body is required', async () => {
    const overlaid = await passingTogether();
    expect(overlaid.changesText).toContain('listWebhooks: query parameter `cursor`: a caller may now send it (string, optional)');
    expect(overlaid.changesText).toContain('sendBatch: header parameter `Idempotency-Key`: a caller must now send it (string) (can break a caller)');
    expect(overlaid.changesText.filter((line) => line.startsWith('warning:'))).toEqual([]);
  });

  it('names a response header an overlay adds, and what a caller may read', async () => {
    expect((await passingTogether()).changesText).toContain('listWebhooks: 200 response header `X-Next-Cursor`: a caller may now read it (string)');
  });

  it.each(['auth.yaml', 'fields.yaml'])('builds with %s alone', async (name) => {
    const overlaid = await overlaidDescription(checkout, options([path.join(examples, name)]), base);
    expect(overlaidInfo(overlaid.document)?.['x-overlays']).toHaveLength(1);
  });

  it('fails on an action that makes the description invalid, with the overlay line and the linter message', async () => {
    const file = await overlayFile('undeclared.yaml', `${header}  - target: $.paths['/v1/scopes'].get\n    update: {security: [{Missing: []}]}\n`);
    await expect(overlaidDescription(checkout, options([auth, file]), base)).rejects.toThrow(
      "undeclared.yaml:5: action 1 (target $.paths['/v1/scopes'].get): error redocly security-defined: There is no `Missing` security scheme defined.",
    );
  });

  it.each(textRefusals)('refuses %s at the line of its key', async (name, target, update, message) => {
    const { file, failure, lineOf } = await (name === zeroWidthRow ? alsoRefused() : textRefused());
    const action = (name === zeroWidthRow ? alsoRefusedActions : textRefusalActions).findIndex((text) => text === textAction(target, update));
    // A problem at the line of the update, and this one at this action (at the update's line, or
    // its target's when it is about the node the action merged into).
    expect(failure).toContain(`${file}:${lineOf(action) + 1}: action ${action + 1} (target ${target}): `);
    expect(failure).toContain(`: action ${action + 1} (target ${target}): ${message}`);
  });

  it('refuses the same raw HTML again in a second build (each text is parsed once per process)', async () => {
    const file = await overlayFile('html-twice.yaml', `${header}  - target: $.info\n    update: {description: 'Hi <b>twice</b>'}\n`);
    for (let build = 0; build < 2; build++)
      await expect(overlaidDescription(checkout, options([file]), base)).rejects.toThrow(
        'html-twice.yaml:5: action 1 (target $.info): error overlay-text no-raw-html',
      );
  });

  it('keeps HTML written as code (`<meta>` in backticks): it is shown, not rendered', async () => {
    const overlaid = await passingTogether();
    expect(overlaid.document.info?.description).toContain('The service answers `<meta>` tags as text.');
  });

  it("names the line of the key that is wrong, not only the action's: `type: int` deep in an update", async () => {
    const { file, failure, lineOf } = await alsoRefused();
    const action = alsoRefusedActions.indexOf(typeInt);
    // The action starts on its target's line; `type: int` is four lines below it.
    expect(failure).toContain(
      `${file}:${lineOf(action) + 4}: action ${action + 1} (target $.components.schemas.GetMessageStatusResponseBody): error redocly struct: \`type\` can be one of the following only`,
    );
  });

  it('ends Spectral\'s suggestion with its question mark (it printed `Did you mean "object"?.`)', async () => {
    expect((await alsoRefused()).failure).toContain('Did you mean "object"? (at #/components/schemas/ListScopesResponseBody/type)');
  });

  it('refuses to remove or move an operation, or change its success status, unless allowed', async () => {
    const file = await overlayFile(
      'moves.yaml',
      `${header}  - target: $.paths['/v1/scopes']\n    remove: true\n  - target: $.paths['/v1/webhooks'].get.operationId\n    update: fetchWebhooks\n`,
    );
    const refused = overlaidDescription(checkout, options([file]), base);
    await expect(refused).rejects.toThrow(
      'pass --allow-operation-changes to build anyway:\n  listWebhooks (GET /v1/webhooks): operationId renamed: operationId listWebhooks is now fetchWebhooks\n  listScopes (GET /v1/scopes): operation removed: GET /v1/scopes is gone',
    );
    // Allowed, the build goes on to the lint, which finds the component only listScopes used.
    await expect(overlaidDescription(checkout, options([file], true), base)).rejects.toThrow(
      `moves.yaml:4: action 1 (target $.paths['/v1/scopes']): error redocly no-unused-components: Component: "ListScopesResponseBody" is never used.`,
    );
  });

  it('refuses a changed method or success status', async () => {
    const file = await overlayFile(
      'method.yaml',
      [
        header.trimEnd(),
        "  - target: $.paths['/v1/quotas']",
        '    update: {put: {}}',
        "  - target: $.paths['/v1/quotas'].put",
        "    copy: $.paths['/v1/quotas'].get",
        "  - target: $.paths['/v1/quotas'].get",
        '    remove: true',
        '',
      ].join('\n'),
    );
    const moved = await overlayFile(
      'status.yaml',
      `${header}  - target: $.paths['/v1/webhooks'].get.responses\n    update: {'202': {description: Accepted}}\n  - target: $.paths['/v1/webhooks'].get.responses['200']\n    remove: true\n`,
    );
    // Both overlays in one build: the refusal lists every operation moved away.
    const refused = overlaidDescription(checkout, options([file, moved]), base);
    await expect(refused).rejects.toThrow('\n  listQuotas (GET /v1/quotas): path or path parameter renamed: GET /v1/quotas is now PUT /v1/quotas');
    await expect(refused).rejects.toThrow('\n  listWebhooks (GET /v1/webhooks): success status removed or changed');
  });

  it('lists a change that every operation shares once, for every operation', () => {
    const after = structuredClone(base);
    after.components.schemas.ErrorBody.properties = { code: { type: 'string' } };
    expect(overlayChanges(base, after).changes).toEqual([
      { operations: 'every operation', what: 'default response field `code` at $.code', caller: 'may find it (string, optional)', breaking: false },
    ]);
  });

  it('keeps off only the rules redocly.yaml switches off for silent parts', async () => {
    const config = YAML.parse(await fs.readFile(checkout.redoclyConfig, 'utf8'));
    const off = Object.entries(config.rules)
      .filter(([, setting]) => setting === 'off')
      .map(([rule]) => rule);
    expect([...silentPartRules].sort()).toEqual(off.sort());
  });
});

describe('what the build makes of a description with overlays', () => {
  let document: Json;
  beforeAll(async () => {
    document = structuredClone((await withBothExamples()).document);
  });

  it('the client takes typed credentials and sends each as its header; without schemes it does not', () => {
    const client = generateClient(document);
    expect(client).toContain(
      'export interface Credentials {\n  /** Sent as the X-Example-Api-Key header: security scheme ExampleApiKey. */\n  ExampleApiKey?: string;\n}',
    );
    expect(client).toContain('  ExampleApiKey: ["X-Example-Api-Key", ""],');
    expect(client).toContain('options: EmailDeliveryClientOptions & { credentials?: Credentials } = {}');
    expect(generateClient(base)).not.toContain('Credentials');
  });

  it('the Markdown reference shows the security schemes and the fields', () => {
    const reference = markdownReference(document);
    expect(reference.get('reference/README.md')).toContain(
      '## Security schemes\n\n- `ExampleApiKey` (API key in the header `X-Example-Api-Key`): An API key, sent in the `X-Example-Api-Key` header. Invented for this example.\n',
    );
    const messages = reference.get('reference/messages-and-batches.md')!;
    expect(messages).toContain("  - Field `subject` (string, required): The subject line of the batch's messages. Invented for this example.");
    expect(messages).toContain('  - Field `sendAt` (string, date-time, optional): When to send the batch. Invented for this example.');
    expect(messages).toContain(
      '  - Field `state` (string, required, one of `queued`, `delivered`, `bounced`): Where the message is. Invented for this example.',
    );
    expect(messages).toContain('| Security | `ExampleApiKey` |');
    expect(reference.get('llms-full.txt')).toContain('**Built with overlays.**');
  });
});

// Found by the third review: --name email-delivery gave the MCP command the description's own
// package has, the collision naming it after the package was to prevent.
describe("the package's name", () => {
  it.each(['email-delivery', 'email-delivery-mcp', '@email/delivery'])('%s, whose MCP command would be email-delivery-mcp, is refused', async (name) => {
    const { checkPackageName } = await import('../../scripts/overlay/overlay-package.ts');
    expect(() => checkPackageName(name)).toThrow(`would name its MCP command email-delivery-mcp, the description's own package's`);
  });

  it('names the MCP command after the package', async () => {
    const { mcpBinName } = await import('../../scripts/mcp/mcp-bin-name.ts');
    expect(['acme-email-api', '@acme/email-api', 'acme-mcp'].map(mcpBinName)).toEqual(['acme-email-api-mcp', 'acme-email-api-mcp', 'acme-mcp']);
  });
});

describe('the output folder', () => {
  it('is refused inside generated/ or openapi/, or when it holds them', () => {
    expect(() => checkOutputFolder(checkout, path.join(checkout.outputDir, 'acme'), 'generated/acme')).toThrow(
      "--out generated/acme is inside generated/, which only the description's own build writes",
    );
    expect(() => checkOutputFolder(checkout, path.join(root, 'openapi'), 'openapi')).toThrow('--out openapi is inside openapi/');
    expect(() => checkOutputFolder(checkout, root, '.')).toThrow('--out . holds generated/; choose a folder of its own');
  });

  it('is refused when it holds a file the command did not write, or changed since, and accepted when new, empty or its own', async () => {
    const cache = process.env.XDG_CACHE_HOME;
    process.env.XDG_CACHE_HOME = path.join(scratch.dir, 'cache');
    try {
      const out = path.join(scratch.dir, 'folder');
      expect(() => checkOutputFolder(checkout, out, 'folder')).not.toThrow();
      await fs.mkdir(path.join(out, 'docs'), { recursive: true });
      await fs.writeFile(path.join(out, 'docs', 'index.html'), '<html>');
      expect(() => checkOutputFolder(checkout, out, 'folder')).toThrow('--out folder holds docs/index.html, which this command did not write');
      // A manifest inside the folder is not trusted: anyone who wrote the folder could have forged it.
      await fs.writeFile(path.join(out, manifestFile), JSON.stringify({ files: ['docs/index.html', manifestFile] }));
      expect(() => checkOutputFolder(checkout, out, 'folder')).toThrow('holds .overlay-build.json, which this command did not write');
      recordOutputFolder(out);
      expect(() => checkOutputFolder(checkout, out, 'folder')).not.toThrow();
      await fs.writeFile(path.join(out, 'docs', 'index.html'), '<html>edited');
      expect(() => checkOutputFolder(checkout, out, 'folder')).toThrow('holds docs/index.html, which this command wrote but has changed since');
      recordOutputFolder(out);
      await fs.writeFile(path.join(out, 'notes.txt'), 'mine');
      expect(() => checkOutputFolder(checkout, out, 'folder')).toThrow('holds notes.txt, which this command did not write');
    } finally {
      if (cache === undefined) delete process.env.XDG_CACHE_HOME;
      else process.env.XDG_CACHE_HOME = cache;
    }
  });
});

describe('docs/overlays.md', () => {
  it('gives targets that each select something in the description; the reference lists every operation with its schemas', async () => {
    const { exec } = await import('jsonpath-rfc9535');
    const { listOperations } = await import('../../scripts/bundle-operations.ts');
    const text = await fs.readFile(path.join(root, 'docs', 'overlays.md'), 'utf8');
    const targetsPage = await fs.readFile(path.join(root, 'generated', 'reference', 'overlay-targets.md'), 'utf8');
    const targets = [
      ...text
        .split('### Targets in this description')[1]
        .split('## What is refused')[0]
        .matchAll(/`(\$[^`]*)`/g),
      ...targetsPage.matchAll(/`(\$[^`]*)`/g),
    ].map((m) => m[1]);
    expect(targets.length).toBeGreaterThan(listOperations(base).length * 2);
    for (const target of targets) {
      let selected = 0;
      exec(base, target, () => (selected += 1));
      expect(selected, target).toBeGreaterThan(0);
    }
    for (const operation of listOperations(base)) {
      const body = operation.body ? `\`$.components.schemas.${operation.body.schema}\`` : 'none';
      expect(targetsPage).toContain(
        `| \`${operation.operationId}\` | \`$.paths['${operation.path}'].${operation.method}\` | ${body} | \`$.components.schemas.${operation.success.schema}\` |`,
      );
    }
    expect(text).toContain('](../generated/reference/overlay-targets.md)');
  });
});
