// Closed prose: every text of the bundle (each description, summary and title) may speak of a part
// the interface document leaves open only to say that it is open. Three rules, from principles
// rather than from a list of bad sentences (docs/faithfulness.md):
// - faithful/prose: a clause that uses the words of a silent part says that the part is open
//   (open-clause.ts judges what the clause asserts);
// - faithful/prose-number: a number is one the interface document states;
// - faithful/prose-code: a code span names something the bundle has, or a declared literal.
// A resource's own name is not a claim: "Lists the scopes" names the resource /v1/scopes, so the
// words of an operation's own path are exempt in that operation's texts and its payloads' schemas.
// proseBreaches reads a whole document (a bundle, or view.ts's view of the split source); the rules
// in rules/closed-prose.ts, rules/prose-number.ts and rules/prose-code.ts report its breaches through Redocly's engine.
import { deref, eachOperation, type OpenApiDocument, operationParameters, pointer, type Response } from '../../openapi-document.ts';
import { operations } from './operations.ts';
import { documentParts, isOverviewLine, numberWords } from './overview.ts';
import { hasVerb, isVerdict, openSpans, saidOpen } from './open-clause.ts';
import { payloadSchemaOwners } from './payloads.ts';

/** The parts the interface document leaves open, each with its own words and the ordinary words for the same things. */
export const silentParts: { part: string; words: RegExp }[] = [
  {
    part: 'authentication',
    words:
      /\b(?:authenticat\w*|authori[sz]\w*|credentials?|bearer|oauth\w*|api[- ]?keys?|access (?:keys?|tokens?)|tokens?|scopes?|permissions?|privileges?|secrets?|passwords?|log ?in|sign(?:ed)? in|security|signatures?|hmac|basic auth|client certificates?|rights?|admins?|administrators?|owners?|roles?|(?:may|can|cannot|must) (?:call|use|access)|allowed to (?:call|use|access))\b/gi,
  },
  {
    part: 'limits',
    words:
      /\b(?:rate[- ]?limit\w*|limit\w*|throttl\w*|quotas?|per (?:second|minute|hour|day|month)|requests? per|at most|at least|up to|maximum|minimum|max|min|too many|exceed\w*|burst\w*|capped|allowance)\b/gi,
  },
  {
    part: 'errors',
    words:
      /\b(?:errors?|fail\w*|[45]\d\d|[45]xx|exceptions?|problems?|bad request|not found|unauthori[sz]ed|forbidden|conflicts?|invalid|reject\w*|retry-after)\b/gi,
  },
  {
    part: 'versioning',
    words:
      /\b(?:deprecat\w*|sunset\w*|compatib\w*|breaking|version (?:selection|header|negotiation)|select\w* (?:a |the )?version|api[- ]version|legacy|beta|alpha|preview|experimental|stable|retire\w*|end[- ]of[- ]life|obsolete|superseded|successor|latest)\b/gi,
  },
  {
    part: 'events',
    words:
      /\b(?:events?|webhooks?|callbacks?|notif\w*|subscri(?:be|bed|bes|ption|ptions)|deliver(?:y|ies|ed|s)? (?:rules?|attempts?|guarantees?|order)|redeliver\w*|payload shapes?|fires?|fired|triggers?|triggered)\b/gi,
  },
  {
    part: 'the type and format of values',
    words:
      /\b(?:formats?|formatted|types?|typed|uuids?|guids?|ulids?|integers?|numeric|digits?|hex\w*|base64|iso[- ]?8601|rfc ?\d+|timestamps?|date-time|dates?|characters? long|length|prefixed|case[- ]sensitive|xml|csv)\b/gi,
  },
  {
    part: 'states and transitions',
    words:
      /\b(?:states? (?:of|machine)|(?:the|a|an|its|their|each|every|any|current|initial|final|new) states?\b|transitions?|pending|queued|scheduled|processing|delivered|bounced|deferred|opened|clicked|active|inactive|enabled|disabled|suspended|archived|drafts?|lifecycle|life cycle|moves? (?:to|into)|becomes?|cancel(?:l?ed|s|l?ing|lations?)?|revoked|expired)\b/gi,
  },
  {
    part: "the service's purpose",
    words:
      /\b(?:purpose|used (?:to|for)|use (?:it|this) (?:to|for)|lets? you|allows? you|enables? you|helps? you|so that you|in order to|designed (?:to|for)|intended (?:to|for)|meant (?:to|for))\b/gi,
  },
  {
    part: "an operation's behaviour beyond its method and path",
    words:
      /\b(?:cach\w*|idempoten\w*|retr(?:y|ies|ied|ying)|asynchronous\w*|synchronous\w*|async|eventual\w*|immediately|in the background|paginat\w*|pages?|cursors?|sort\w*|ordered by|order by|(?:alphabetical|chronological|ascending|descending|reverse) order|alphabetical\w*|chronological\w*|newest first|oldest first|timeouts?|expir\w*|ttl|atomic\w*|transaction\w*|concurren\w*|guarantee\w*)\b/gi,
  },
];

/**
 * The code-span literals the description may use besides the names the bundle has: how the open
 * query pairs travel, the two ids a path segment cannot be, the document's name for its base URL,
 * and the field that holds this description's own version.
 */
export const declaredLiterals = ['name=value', '.', '..', '{base_url}', 'info.version'];

const codeSpan = /`([^`]+)`/g;
const url = /\b(?:https?|ftp|wss?):\/\/\S+/gi;
const html = /<!--|<\/?[a-z][\w-]*(?:\s[^>]*)?\/?>/gi;
const numberToken = /#?\b\d+(?:[.,]\d+)*(?:[a-z%]+\b)?|\bv\d+\b|\b[45]xx\b/gi;
const numberWord =
  /\b(?:zero|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|dozen|twice|thrice|double|triple)(?:-\w+)?\b/gi;

/** What the bundle lets prose name, and the numbers the interface document states. */
interface Vocabulary {
  names: Set<string>;
  pathPrefixes: Set<string>;
  numbers: Set<string>;
  numberWords: Set<string>;
  versionPrefixes: Set<string>;
  /** Phrases that are names, not claims: the title, the service's name, the areas. */
  namesInProse: string[];
}

function vocabulary(document: OpenApiDocument): Vocabulary {
  const all = [...eachOperation(document)];
  const names = new Set<string>(declaredLiterals);
  const pathPrefixes = new Set<string>();
  for (const { path, method, operation, pathItem } of all) {
    names.add(path);
    names.add(method.toUpperCase());
    const segments = path.split('/');
    for (let i = 2; i <= segments.length; i += 1) {
      pathPrefixes.add(`${segments.slice(0, i).join('/')}/`);
      pathPrefixes.add(segments.slice(0, i).join('/'));
    }
    if (typeof operation.operationId === 'string') names.add(operation.operationId);
    for (const [status, reference] of Object.entries(operation.responses ?? {})) {
      const response = deref<Response>(document, reference);
      names.add(status);
      if (typeof response?.description === 'string' && /^2\d\d$/.test(status)) names.add(`${status} ${response.description}`);
      for (const media of Object.keys(response?.content ?? {})) names.add(media);
    }
    for (const media of Object.keys(deref(document, operation.requestBody)?.content ?? {})) names.add(media);
    for (const parameter of operationParameters(document, pathItem, operation)) if (typeof parameter?.name === 'string') names.add(parameter.name);
  }
  for (const kind of ['schemas', 'parameters', 'responses']) {
    const components = (document.components?.[kind as 'schemas'] ?? {}) as Record<string, { name?: unknown; content?: object }>;
    for (const [name, component] of Object.entries(components)) {
      names.add(name);
      if (typeof component?.name === 'string') names.add(component.name);
      for (const media of Object.keys(component?.content ?? {})) names.add(media);
    }
  }
  const successStatuses = new Set(operations.map((row) => row.status));
  const versionPrefixes = new Set(all.map(({ path }) => path.split('/')[1]));
  const counts = [operations.length, document.tags?.length ?? 0, documentParts.length, versionPrefixes.size];
  return {
    names,
    pathPrefixes,
    numbers: new Set([String(operations.length), ...successStatuses, String(document.info?.version ?? '')]),
    numberWords: new Set(counts.map((count) => spelled(count)).filter(Boolean)),
    versionPrefixes,
    namesInProse: [
      String(document.info?.title ?? ''),
      String(document.info?.title ?? '').replace(/ API$/, ''),
      ...(document.tags ?? []).map((tag) => String(tag?.name ?? '')),
    ]
      .filter((phrase) => phrase.length > 0)
      .sort((a, b) => b.length - a.length),
  };
}

const tens = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
/** `29` -> `twenty-nine`, for the counts the prose may spell out. */
function spelled(count: number): string {
  if (count < numberWords.length) return numberWords[count];
  if (count < 100) return `${tens[Math.floor(count / 10)]}${count % 10 ? `-${numberWords[count % 10]}` : ''}`;
  return '';
}

/** The words a resource's own name is made of, for the texts about it: `/v1/api-key` -> api, key. */
function resourceWords(paths: string[]): Set<string> {
  const words = new Set<string>();
  for (const path of paths) for (const word of path.toLowerCase().split(/[/_{}-]+/)) if (/^[a-z]+$/.test(word) && !/^v\d/.test(word)) words.add(word);
  return words;
}

const singular = (word: string) => word.replace(/(?:ies)$/, 'y').replace(/s$/, '');
const isOwnName = (match: string, own: Set<string>) => {
  const words = match.toLowerCase().split(/[\s-]+/);
  return own.size > 0 && words.every((word) => own.has(word) || [...own].some((name) => singular(name) === singular(word)));
};

/** The sentences of a text: paragraphs and table rows apart, wrapped lines joined, split after . ! or ?. */
export function sentences(text: string): string[] {
  const units: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    const lines = paragraph.split('\n');
    let prose: string[] = [];
    const flush = () => {
      const joined = prose.join(' ').trim();
      if (joined) units.push(...joined.split(/(?<=[.!?]["')]?)\s+(?=\S)/));
      prose = [];
    };
    for (const line of lines) {
      if (/^\s*\|/.test(line)) {
        flush();
        units.push(line.trim());
      } else prose.push(line.trim());
    }
    flush();
  }
  return units.map((unit) => unit.trim()).filter(Boolean);
}

/** A clause of a sentence; `verdict` when it follows a colon or semicolon, where a bare verdict may speak for the clause before it. */
interface Clause {
  text: string;
  verdict: boolean;
}

/**
 * The clauses of a sentence: split at `;`, `:`, and a comma before a word that starts a clause of
 * its own, unless what comes before has no verb (a list: "X, Y, and Z are not stated"). An aside
 * between commas is a clause with its antecedent ("Tokens, which expire hourly, are not
 * described": "Tokens which expire hourly", then "Tokens are not described"), unless the aside
 * itself says something is open ("X, which the document does not describe, ...").
 */
function clauses(sentence: string): Clause[] {
  return sentence.split(/;\s|:\s/).flatMap((part, index) => {
    const found: Clause[] = [];
    let pending = '';
    for (let piece of part.split(/,\s(?=(?:and|but|while|whereas|so|yet|though|although|which|who|as|because|since|unless|except)\s)/)) {
      const aside = /^(which|who)\s[^,]*,\s/.exec(piece);
      if (aside && pending && !hasVerb(pending)) {
        const text = aside[0].slice(0, -2);
        found.push({ text: openSpans(text).length > 0 ? text : `${pending} ${text}`, verdict: false });
        piece = piece.slice(aside[0].length);
        pending = `${pending} ${piece}`;
      } else pending = pending ? `${pending}, ${piece}` : piece;
      if (hasVerb(pending)) {
        found.push({ text: pending, verdict: false });
        pending = '';
      }
    }
    if (pending) found.push({ text: pending, verdict: false });
    if (index > 0 && found.length > 0) found[0].verdict = true;
    return found;
  });
}

interface TextField {
  at: string;
  /** The object that holds the text, and its key there: where the engine locates it. */
  holder: object;
  key: string;
  text: string;
  /** The words of the resource the text is about, exempt as its name. */
  own: Set<string>;
}

/** Every description, summary and title in the bundle, with the resource it is about. */
function textFields(document: OpenApiDocument): TextField[] {
  const owners = payloadSchemaOwners(document);
  const tagPaths = new Map<string, string[]>();
  for (const { path, operation } of eachOperation(document))
    for (const tag of operation.tags ?? []) tagPaths.set(String(tag), [...(tagPaths.get(String(tag)) ?? []), path]);
  const ownOf = (segments: string[]): Set<string> => {
    if (segments[0] === 'paths' && segments[1]) return resourceWords([segments[1]]);
    if (segments[0] === 'components' && segments[1] === 'schemas') {
      const owner = owners.get(segments[2]);
      return owner ? resourceWords([owner.path]) : new Set();
    }
    if (segments[0] === 'tags' && segments[1] !== undefined) return resourceWords(tagPaths.get(String(document.tags?.[Number(segments[1])]?.name)) ?? []);
    return new Set();
  };
  const fields: TextField[] = [];
  const walk = (node: unknown, segments: string[]) => {
    if (Array.isArray(node)) node.forEach((child, index) => walk(child, [...segments, String(index)]));
    else if (node && typeof node === 'object')
      for (const [key, child] of Object.entries(node)) {
        if (typeof child === 'string' && ['description', 'summary', 'title'].includes(key))
          fields.push({ at: pointer(...segments, key), holder: node, key, text: child, own: ownOf(segments) });
        else walk(child, [...segments, key]);
      }
  };
  walk(document, []);
  return fields;
}

const quoted = (sentence: string) => JSON.stringify(sentence.length > 160 ? `${sentence.slice(0, 157)}...` : sentence);

export type ProseRule = 'faithful/prose' | 'faithful/prose-number' | 'faithful/prose-code';

/** A sentence that breaks a prose rule, with the text it is in. */
export interface ProseBreach extends Omit<TextField, 'own'> {
  rule: ProseRule;
  /** The sentence. */
  sentence: string;
  message: string;
}

type Found = (rule: ProseRule, message: string) => void;

/** faithful/prose-code: code spans name what the bundle has; no links, no HTML. Returns the sentence without them. */
function codeBreaches(sentence: string, words: Vocabulary, breach: Found): string {
  for (const [, name] of sentence.matchAll(codeSpan)) {
    const known = words.names.has(name) || words.pathPrefixes.has(name) || /^#\d+$/.test(name);
    if (!known) breach('faithful/prose-code', `names \`${name}\`, which is neither in the bundle nor a declared literal`);
  }
  let plain = sentence.replace(codeSpan, ' ');
  for (const link of plain.match(url) ?? [])
    breach('faithful/prose-code', `links to ${link.replace(/[.,;:!?)]+$/, '')}, which the interface document does not state`);
  plain = plain.replace(url, ' ');
  for (const [tag] of plain.matchAll(html))
    breach(
      'faithful/prose-code',
      `holds the HTML ${JSON.stringify(tag)}: prose is Markdown text, and HTML would reach the rendered docs and the Markdown reference as it is`,
    );
  for (const phrase of words.namesInProse) plain = plain.replaceAll(phrase, ' ');
  return plain;
}

/** faithful/prose-number: every number is one the interface document states. */
function numberBreaches(plain: string, words: Vocabulary, breach: Found): void {
  for (const [token] of plain.matchAll(numberToken)) {
    const number = token.replace(/[.,]$/, '');
    const stated = number.startsWith('#')
      ? operations.some((row) => `#${row.n}` === number)
      : /^v\d+$/i.test(number)
        ? words.versionPrefixes.has(number.toLowerCase())
        : words.numbers.has(number);
    if (!stated) breach('faithful/prose-number', `states the number ${number}, which the interface document does not`);
  }
  for (const [word] of plain.matchAll(numberWord))
    if (!words.numberWords.has(word.toLowerCase())) breach('faithful/prose-number', `states the number "${word}", which the interface document does not`);
}

/** faithful/prose: a clause that uses a silent part's words says that the part is open (open-clause.ts). */
function silentBreaches(plain: string, own: Set<string>, breach: Found): void {
  const reported = new Set<string>();
  /** The parts an earlier clause of the sentence said are open. */
  const saidOpenBefore: string[] = [];
  const parts = clauses(plain);
  for (const [index, { text: clause }] of parts.entries()) {
    const next = parts[index + 1];
    if (next?.verdict && isVerdict(next.text)) continue;
    const open = openSpans(clause);
    for (const { part, words: partWords } of silentParts) {
      const matches = [...clause.matchAll(partWords)].filter((match) => !isOwnName(match[0], own));
      if (matches.some((match) => saidOpen(open, match.index))) saidOpenBefore.push(part);
      const spoken = matches.find((match) => !saidOpen(open, match.index));
      if (!spoken || reported.has(part)) continue;
      reported.add(part);
      breach('faithful/prose', `speaks of ${part} ("${spoken[0]}"), which the interface document leaves open`);
    }
    // A claim through a pronoun after saying the part is open: "X is not stated, but it is enforced".
    const back = pronounClaim.exec(clause);
    const part = saidOpenBefore.findLast((name) => !reported.has(name));
    if (back && part && open.length === 0 && hasVerb(clause.slice(back[0].length))) {
      reported.add(part);
      breach('faithful/prose', `speaks of ${part} ("${back[0]}", after saying it is open), which the interface document leaves open`);
    }
  }
}

/** A clause that goes on about what came before: "but they ...", "though it ...". */
const pronounClaim = /^(?:but|yet|though|although|however|except that)\s+(?:it|they|these|those)\b/i;

/** Every breach of the three prose rules in `document`'s texts (a bundle, or the view of a split source). */
export function proseBreaches(document: OpenApiDocument): ProseBreach[] {
  const words = vocabulary(document);
  const breaches: ProseBreach[] = [];
  for (const { own, ...field } of textFields(document)) {
    const all = sentences(field.text);
    for (const [position, sentence] of all.entries()) {
      // The overview table's rows are the contract's own text (faithful/overview holds them).
      if (field.at === pointer('info', 'description') && /^\|/.test(sentence) && isOverviewLine(sentence)) continue;
      // A question answered by a bare verdict: "Authentication? Not shown."
      if (/\?\s*$/.test(sentence) && isVerdict(all[position + 1] ?? '')) continue;
      const breach: Found = (rule, message) => breaches.push({ ...field, rule, sentence, message: `${quoted(sentence)} ${message}` });
      const plain = codeBreaches(sentence, words, breach);
      numberBreaches(plain, words, breach);
      silentBreaches(plain, own, breach);
    }
  }
  return breaches;
}
