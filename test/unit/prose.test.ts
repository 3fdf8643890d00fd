// Closed prose (scripts/lint/contract/prose.ts), in memory on the committed bundle: a sentence added
// to a description that speaks of a silent part, states a number or names something the bundle
// does not have is a breach of its rule, naming the sentence and the part; a rewording that states
// nothing new is not.
import { beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../scripts/lint/contract/operations.ts';
import { proseBreaches, sentences } from '../../scripts/lint/contract/prose.ts';
import { type Json, loadBundle } from '../support/helpers.ts';
import { disguisedInventions, neutralRewordings } from '../support/prose-rewordings.ts';

let bundle: Json;
beforeAll(async () => {
  bundle = await loadBundle();
});

/** The bundle with `sentence` added to sendBatch's description, or to the text at `where`. */
function withSentence(
  sentence: string,
  where: (d: Json) => { node: Json; key: string } = (d) => ({ node: d.paths['/v1/batches/{id}/send'].post, key: 'description' }),
) {
  const document = structuredClone(bundle);
  const { node, key } = where(document);
  node[key] = `${sentence} ${node[key]}`;
  return document;
}
const summaryOf = (path: string, method: string) => (d: Json) => ({ node: d.paths[path][method], key: 'summary' });
const schemaDescription = (name: string) => (d: Json) => ({ node: d.components.schemas[name], key: 'description' });

const breaches: [string, { where?: Parameters<typeof withSentence>[1]; rule: string; says: RegExp }][] = [
  [
    'Needs the mail.send scope.',
    { rule: 'faithful/prose', says: /^"Needs the mail\.send scope\." speaks of authentication \("scope"\), which the interface document leaves open$/ },
  ],
  ['Authenticate with an API key.', { rule: 'faithful/prose', says: /speaks of authentication/ }],
  ['Send at most 10 batches per minute.', { rule: 'faithful/prose', says: /speaks of limits/ }],
  ['Requests are throttled.', { rule: 'faithful/prose', says: /speaks of limits \("throttled"\)/ }],
  ['Errors come as a problem document.', { rule: 'faithful/prose', says: /speaks of errors/ }],
  ['A malformed body is rejected.', { rule: 'faithful/prose', says: /speaks of errors \("rejected"\)/ }],
  ['This operation is deprecated.', { rule: 'faithful/prose', says: /speaks of versioning/ }],
  ['It stays backward compatible.', { rule: 'faithful/prose', says: /speaks of versioning/ }],
  ['Sending fires an event.', { rule: 'faithful/prose', says: /speaks of events/ }],
  ['Subscribers are notified.', { rule: 'faithful/prose', says: /speaks of events/ }],
  ['The id is a UUID.', { rule: 'faithful/prose', says: /speaks of the type and format of values/ }],
  ['The id is an integer.', { rule: 'faithful/prose', says: /speaks of the type and format of values/ }],
  ['Only a batch in the draft state can be sent.', { rule: 'faithful/prose', says: /speaks of states and transitions/ }],
  ['A sent batch becomes archived.', { rule: 'faithful/prose', says: /speaks of states and transitions/ }],
  ['Use it to send newsletters.', { rule: 'faithful/prose', says: /speaks of the service's purpose/ }],
  ['It lets you reach many people.', { rule: 'faithful/prose', says: /speaks of the service's purpose/ }],
  ['Answers are cached.', { rule: 'faithful/prose', says: /speaks of an operation's behaviour/ }],
  ['Retries are safe.', { rule: 'faithful/prose', says: /speaks of an operation's behaviour/ }],
  [
    'Send a batch (cached)',
    {
      where: summaryOf('/v1/batches/{id}/send', 'post'),
      rule: 'faithful/prose',
      says: /^"Send a batch \(cached\) Send a batch" speaks of an operation's behaviour/,
    },
  ],
  ['Needs a token.', { where: schemaDescription('SendBatchRequestBody'), rule: 'faithful/prose', says: /speaks of authentication/ }],
  ['Tokens are not in the header.', { rule: 'faithful/prose', says: /speaks of authentication \("Tokens"\)/ }],
  ['It answers within 2 seconds.', { rule: 'faithful/prose-number', says: /states the number 2, which the interface document does not/ }],
  ['It answers 202 too.', { rule: 'faithful/prose-number', says: /states the number 202/ }],
  ['Newer clients call v3.', { rule: 'faithful/prose-number', says: /states the number v3/ }],
  ['It is one of five.', { rule: 'faithful/prose-number', says: /states the number "five"/ }],
  ['It is operation #31.', { rule: 'faithful/prose-number', says: /states the number #31/ }],
  ['Pass `batch_id` in the body.', { rule: 'faithful/prose-code', says: /names `batch_id`, which is neither in the bundle nor a declared literal/ }],
  ['See https://docs.example.com/batches.', { rule: 'faithful/prose-code', says: /links to https:\/\/docs\.example\.com\/batches, which/ }],
  [
    'Needs the admin scope; the rest is not specified.',
    { rule: 'faithful/prose', says: /"Needs the admin scope; the rest is not specified\." speaks of authentication/ },
  ],
];

// Rewordings that state nothing new: they say what is open, or name what the bundle has.
const rewordings: [string, Parameters<typeof withSentence>[1]?][] = [
  ['Its authentication is not specified.'],
  ['Rate limits for it are not specified.'],
  ['What it answers on failure is not specified.'],
  ['The interface document leaves its events open.'],
  ['Event kinds: not shown.'],
  ['The interface document specifies neither its errors nor its limits.'],
  ['No security scheme is declared for it.'],
  ['What scopes it requires is not part of the interface document.'],
  ['Its error bodies are absent from the interface document.'],
  ['Sends the batch that `id` names.'],
  ['It answers `201 Created` on success.'],
  [`This is operation #13 of the ${operations.length}.`],
  ['The `sendBatch` operation is under `/v1/batches/{id}/send`, one of the `/v1/` paths.'],
  ['Its body is `SendBatchRequestBody`, sent as `application/json`.'],
  ['Lists every scope.', summaryOf('/v1/scopes', 'get')],
  ['Returns the API key.', (d) => ({ node: d.paths['/v1/api-key'].get, key: 'description' })],
  ['The quota history of the account.', schemaDescription('GetQuotaHistoryResponseBody')],
  ['Deletes one webhook.', (d) => ({ node: d.paths['/v1/webhooks/{id}'].delete, key: 'description' })],
];

describe('closed prose', () => {
  it('finds nothing in the committed bundle', () => {
    expect(proseBreaches(bundle)).toEqual([]);
  });

  it.each(breaches)('"%s" breaks its rule, named with the sentence', (sentence, { where, rule, says }) => {
    const found = proseBreaches(withSentence(sentence, where));
    expect(found.length, JSON.stringify(found)).toBeGreaterThan(0);
    expect(found.map((breach) => breach.rule)).toContain(rule);
    expect(found.find((breach) => breach.rule === rule)?.message).toMatch(says);
    for (const breach of found) expect(breach.sentence).toContain(sentence.replace(/[.]$/, ''));
  });

  it.each(rewordings)('"%s" states nothing new', (sentence, where) => {
    expect(proseBreaches(withSentence(sentence, where))).toEqual([]);
  });

  // Every prose field is judged by the same rule: a server's, a variable's, a tag's and a parameter's
  // descriptions, a summary and a title.
  const fields: [string, Parameters<typeof withSentence>[1]][] = [
    ['the server description', (d) => ({ node: d.servers[0], key: 'description' })],
    ['the base_url variable description', (d) => ({ node: d.servers[0].variables.base_url, key: 'description' })],
    ['a tag description', (d) => ({ node: d.tags[2], key: 'description' })],
    ['the id parameter description', (d) => ({ node: d.components.parameters.Id, key: 'description' })],
    ['the title', (d) => ({ node: d.info, key: 'title' })],
    ['a summary', summaryOf('/v1/quotas', 'get')],
  ];
  it.each(fields)('judges %s by the same rule', (_name, where) => {
    expect(proseBreaches(withSentence('Its authentication is nowhere stated.', where))).toEqual([]);
    expect(proseBreaches(withSentence('Tokens expire hourly.', where)).map((breach) => breach.rule)).toContain('faithful/prose');
  });

  it.each(neutralRewordings)('a neutral rewording passes: "%s"', (sentence) => {
    expect(proseBreaches(withSentence(sentence))).toEqual([]);
  });

  it.each(disguisedInventions)('an invention disguised as a negation is caught: "%s"', (sentence) => {
    expect(proseBreaches(withSentence(sentence)).map((breach) => breach.rule)).toContain('faithful/prose');
  });

  it('reads a text as sentences: wrapped lines joined, paragraphs and table rows apart', () => {
    expect(sentences('One sentence wraps\nhere. Another one.\n\n| a | b |\n|---|---|\nLast `x.y` one.')).toEqual([
      'One sentence wraps here.',
      'Another one.',
      '| a | b |',
      '|---|---|',
      'Last `x.y` one.',
    ]);
  });
});
