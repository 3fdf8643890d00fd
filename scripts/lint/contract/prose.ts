// Closed prose: every text of the bundle (each description, summary and title) is one the contract
// writes, docs/faithfulness.md ("Prose by construction"):
// - a wording (open-wordings.ts), keyed by the table: what the interface document leaves open is
//   said there, once, and nowhere else;
// - or, before some wordings, a lead the author writes (an operation's summary and first
//   paragraph, the name a payload schema gives what it holds), in its operation's words only
//   (lead-words.ts), with no number the interface document does not state and no code span that
//   names something the bundle does not have.
// Three rules report the breaches: faithful/prose (a text that is not its wording, a lead word
// outside the vocabulary, a text where the contract writes none), faithful/prose-number and
// faithful/prose-code (a lead's numbers and code spans). proseBreaches reads a whole document (a
// bundle, or view.ts's view of the split source); rules/closed-prose.ts reports through Redocly.
import { deref, eachOperation, nodeAt, type OpenApiDocument, operationParameters, pointer, pointerSegments, type Response } from '../../openapi-document.ts';
import { leadVocabulary, wordsOutside } from './lead-words.ts';
import {
  areaWording,
  fixedWordings,
  introWording,
  operationWording,
  payloadHasLead,
  payloadKind,
  payloadLeadJoin,
  payloadWording,
  requestBodyWording,
  sameWords,
} from './open-wordings.ts';
import { areas, type OperationRow, operations } from './operations.ts';
import { documentParts, numberWords } from './overview.ts';
import { payloadSchemaOwners } from './payloads.ts';

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

const quoted = (sentence: string) => JSON.stringify(sentence.length > 160 ? `${sentence.slice(0, 157)}...` : sentence);

export type ProseRule = 'faithful/prose' | 'faithful/prose-number' | 'faithful/prose-code';

/** A sentence that breaks a prose rule, with the text it is in. */
export interface ProseBreach {
  at: string;
  /** The object that holds the text, and its key there: where the engine locates it. */
  holder: object;
  key: string;
  /** The sentence, to report at its line; empty when the text is missing. */
  sentence: string;
  rule: ProseRule;
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

/** The sentences of a text, split after . ! or ? (a wording's sentences, to point at the first that differs). */
const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?])\s+(?=\S)/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);

/** What one read of a document finds: each text it holds to a wording or a vocabulary, then the rest. */
class ProseReader {
  readonly breaches: ProseBreach[] = [];
  /** The texts the contract writes, by pointer: any other text is a breach. */
  private readonly known = new Set<string>();
  private readonly document: OpenApiDocument;
  private readonly words: Vocabulary;

  constructor(document: OpenApiDocument) {
    this.document = document;
    this.words = vocabulary(document);
  }

  /** The text at `at`, and what holds it; marks it as one the contract writes (or another rule holds). */
  text(at: string): { holder?: object; key: string; text?: string } {
    const segments = pointerSegments(at);
    const key = segments.pop()!;
    const holder = nodeAt(this.document, pointer(...segments));
    this.known.add(at);
    const value = holder && typeof holder === 'object' ? (holder as Record<string, unknown>)[key] : undefined;
    return { holder: holder && typeof holder === 'object' ? holder : undefined, key, text: typeof value === 'string' ? value : undefined };
  }

  private report(at: string, sentence: string, rule: ProseRule, message: string): void {
    const { holder, key } = this.text(at);
    if (holder) this.breaches.push({ at, holder, key, sentence, rule, message });
  }

  /** The text at `at` is `wording` (line breaks aside), after a lead when `lead` reads one off. */
  wording(at: string, wording: string, what: string): void {
    const { holder, text } = this.text(at);
    if (!holder) return;
    if (text === undefined) return this.report(at, '', 'faithful/prose', `${what} is missing: it reads exactly ${JSON.stringify(wording)}`);
    if (sameWords(text, wording)) return;
    const found = sentencesOf(text);
    const expected = sentencesOf(wording);
    const first = found.findIndex((sentence, index) => !sameWords(sentence, expected[index] ?? ''));
    const sentence = found[first === -1 ? found.length - 1 : first] ?? '';
    this.report(
      at,
      sentence,
      'faithful/prose',
      `${quoted(sentence)} differs from the wording of ${what}, which reads exactly (docs/faithfulness.md): ${JSON.stringify(wording)}`,
    );
  }

  /** A lead in `row`'s words, with stated numbers and known code spans only. */
  lead(at: string, lead: string, row: OperationRow, what: string): void {
    for (const sentence of sentencesOf(lead)) {
      const found = (rule: ProseRule, message: string) => this.report(at, sentence, rule, `${quoted(sentence)} ${message}`);
      const plain = codeBreaches(sentence, this.words, found);
      numberBreaches(plain, this.words, found);
      const outside = wordsOutside(plain.replace(numberToken, ' '), leadVocabulary(row));
      if (outside.length > 0)
        found(
          'faithful/prose',
          `uses ${outside.map((word) => JSON.stringify(word)).join(', ')}, which ${what} may not: a lead names only what #${row.n}'s row does (its verb, the words of its path, operationId and area); what is open is its wording's to say`,
        );
    }
  }

  /** An operation's summary (a lead), description (a lead, then its wording) and request body's description. */
  operation(path: string, method: string, row: OperationRow): void {
    const at = (...keys: string[]) => pointer('paths', path, method, ...keys);
    const summary = this.text(at('summary')).text;
    if (summary !== undefined) this.lead(at('summary'), summary, row, 'a summary');
    const description = this.text(at('description')).text;
    if (description !== undefined) {
      const [lead, ...rest] = description.split(/\n\s*\n/);
      this.lead(at('description'), lead, row, 'a description');
      const wording = operationWording(row);
      if (!sameWords(rest.join(' '), wording)) this.wording(at('description'), `${lead.trim()}\n\n${wording}`, `#${row.n}'s description`);
    }
    if (nodeAt(this.document, at('requestBody'))) this.wording(at('requestBody', 'description'), requestBodyWording(), `#${row.n}'s request body`);
    for (const status of Object.keys((nodeAt(this.document, at('responses')) as object | undefined) ?? {})) this.text(at('responses', status, 'description'));
  }

  /** A payload schema: its lead and the wording of its kind. */
  payload(name: string, row: OperationRow | undefined, body: 'request' | 'response'): void {
    const at = pointer('components', 'schemas', name, 'description');
    const kind = payloadKind(row, body);
    const wording = payloadWording(kind, row?.operationId ?? '');
    if (!row || !payloadHasLead(kind)) return this.wording(at, wording, `the schema ${name}`);
    const text = this.text(at).text ?? '';
    const join = payloadLeadJoin(row.operationId);
    const lead = text.slice(0, Math.max(0, text.indexOf(join)));
    if (lead.trim() !== '') this.lead(at, lead, row, 'a payload schema');
    this.wording(at, `${lead.trim() || 'The ...'}${join} ${wording}`, `the schema ${name}`);
  }

  /** Every text the walk did not hold to a wording or a lead. */
  rest(): void {
    const walk = (node: unknown, segments: string[]) => {
      if (Array.isArray(node)) node.forEach((child, index) => walk(child, [...segments, String(index)]));
      else if (node && typeof node === 'object')
        for (const [key, child] of Object.entries(node)) {
          const at = pointer(...segments, key);
          if (typeof child === 'string' && ['description', 'summary', 'title'].includes(key) && !this.known.has(at))
            this.report(
              at,
              child,
              'faithful/prose',
              `${quoted(child)} is a text where the contract writes none: each text is a wording of the table or a lead before one (docs/faithfulness.md)`,
            );
          else walk(child, [...segments, key]);
        }
    };
    walk(this.document, []);
  }
}

/** The overview table of info.description: its first run of lines that start with `|` (faithful/overview holds its rows). */
function tableOf(description: string): string {
  const lines = description.split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, index) => index > first && !line.startsWith('|'));
  return first === -1 ? '' : lines.slice(first, end === -1 ? undefined : end).join('\n');
}

/** Every breach of the three prose rules in `document`'s texts (a bundle, or the view of a split source). */
export function proseBreaches(document: OpenApiDocument): ProseBreach[] {
  const reader = new ProseReader(document);
  for (const [at, wording] of Object.entries(fixedWordings())) reader.wording(at, wording, at.slice(2));
  const all = [...eachOperation(document)];
  const prefixes = [...new Set(all.map(({ path }) => path.split('/')[1]))].sort();
  const description = typeof document.info?.description === 'string' ? document.info.description : '';
  reader.wording(pointer('info', 'description'), `${introWording(prefixes)}\n\n${tableOf(description)}`, 'the introduction');
  // A tag that is not an area, or an operation that is not in the table, is faithful/area's or faithful/operations'.
  for (const [index, tag] of (document.tags ?? []).entries()) {
    const at = pointer('tags', index, 'description');
    if (!(areas as readonly string[]).includes(tag?.name)) reader.text(at);
    else
      reader.wording(
        at,
        areaWording(
          tag.name,
          operations.filter((row) => row.area === tag.name).map((row) => row.path),
        ),
        `the ${tag.name} area's description`,
      );
  }
  for (const { path, method } of all) {
    const row = operations.find((candidate) => candidate.path === path && candidate.method === method);
    if (row) reader.operation(path, method, row);
    else for (const key of ['summary', 'description']) reader.text(pointer('paths', path, method, key));
  }
  for (const [name, { row, body }] of payloadSchemaOwners(document)) reader.payload(name, row, body);
  reader.rest();
  return reader.breaches;
}
