// Closed prose, faithful/prose: every text of the bundle (each description, summary and title) is
// one the contract writes (docs/faithfulness.md, "Prose by construction"):
// - a wording (scripts/stated/open-wordings.ts), keyed by the table: what the interface document
//   leaves open is said there, once, and nowhere else;
// - or, before some wordings, a lead the author writes (an operation's summary and first paragraph,
//   the name a payload schema gives what it holds), in its operation's words, names and numbers
//   only (scripts/stated/lead-words.ts).
// A text that is neither, or is missing, is a breach too; the texts of an operation the table does
// not have, and of a schema no body of the table's names, are left to faithful/operations and
// faithful/open-payload, which refuse the whole. proseBreaches reads a whole document (a bundle,
// or view.ts's view of the split source); rules/closed-prose.ts reports through Redocly.
import { nodeAt, type OpenApiDocument, pointer, pointerSegments } from '../../openapi-document.ts';
import { leadProblems } from '../../stated/lead-words.ts';
import {
  areaWording,
  fixedWordings,
  introWording,
  operationWording,
  operationLead,
  payloadHasLead,
  payloadKind,
  payloadLead,
  payloadLeadJoin,
  payloadText,
  payloadWording,
  requestBodyWording,
  sameWords,
} from '../../stated/open-wordings.ts';
import { areas, type OperationRow, operations } from '../../stated/operations.ts';
import { operationsOf } from './described-operations.ts';
import { tableHeader } from '../../stated/overview.ts';
import { payloadSchemaOwners } from './payloads.ts';

const quoted = (sentence: string) => JSON.stringify(sentence.length > 160 ? `${sentence.slice(0, 157)}...` : sentence);

/** A sentence that breaks a prose rule, with the text it is in. */
export interface ProseBreach {
  at: string;
  /** The object that holds the text, and its key there: where the engine locates it. */
  holder: object;
  key: string;
  /** The sentence, to report at its line; empty when the text is missing. */
  sentence: string;
  message: string;
  /** The whole text it should be, when the contract knows it (a wording, after the author's lead). */
  fix?: string;
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

  constructor(document: OpenApiDocument) {
    this.document = document;
  }

  /** The text at `at`, and what holds it; marks it as one the contract writes (or another rule holds). */
  text(at: string): { holder?: object; key: string; text?: string } {
    const segments = pointerSegments(at);
    const key = segments.pop()!;
    const node = nodeAt(this.document, pointer(...segments));
    const holder = node !== null && typeof node === 'object' ? (node as Record<string, unknown>) : undefined;
    this.known.add(at);
    return { holder, key, text: typeof holder?.[key] === 'string' ? holder[key] : undefined };
  }

  private report(at: string, sentence: string, message: string, fix?: string): void {
    const { holder, key } = this.text(at);
    if (holder) this.breaches.push({ at, holder, key, sentence, message, ...(fix === undefined ? {} : { fix }) });
  }

  /**
   * The text at `at` is `wording` (line breaks aside). The message quotes it as `shown` (with
   * `<lead>` where the author's lead goes); `fixable` when `wording` is the whole text it should be.
   */
  wording(at: string, wording: string, what: string, { shown = wording, fixable = true } = {}): void {
    const { holder, text } = this.text(at);
    if (!holder || (text !== undefined && sameWords(text, wording))) return;
    const reads = `reads exactly${fixable ? ' (`npm run lint -- --fix` writes it)' : ''}: ${JSON.stringify(shown)}`;
    const fix = fixable ? wording : undefined;
    if (text === undefined) return this.report(at, '', `${what} is missing: it ${reads}`, fix);
    const [found, expected] = [sentencesOf(text), sentencesOf(wording)];
    const first = found.findIndex((sentence, index) => !sameWords(sentence, expected[index] ?? ''));
    const sentence = found[first === -1 ? found.length - 1 : first] ?? '';
    this.report(at, sentence, `${quoted(sentence)} differs from the wording of ${what}, which ${reads} (docs/faithfulness.md)`, fix);
  }

  /** A lead in `row`'s words (scripts/stated/lead-words.ts), each problem of each sentence reported at it. */
  lead(at: string, lead: string, row: OperationRow): void {
    for (const sentence of sentencesOf(lead)) for (const problem of leadProblems(sentence, row)) this.report(at, sentence, `${quoted(sentence)} ${problem}`);
  }

  /** Each area's description, its wording; a tag that is not an area is faithful/area's. */
  areas(tags: ({ name?: string } | null)[]): void {
    for (const [index, tag] of tags.entries()) {
      const name = tag?.name ?? '';
      const at = pointer('tags', index, 'description');
      const paths = operations.filter((row) => row.area === name).map((row) => row.path);
      if ((areas as readonly string[]).includes(name)) this.wording(at, areaWording(name, paths), `the ${name} area's description`);
      else this.text(at);
    }
  }

  /** An operation's summary (a lead), description (a lead, then its wording) and request body's description. */
  operation(path: string, method: string, row: OperationRow): void {
    const at = (...keys: string[]) => pointer('paths', path, method, ...keys);
    const summary = this.text(at('summary')).text;
    if (summary !== undefined) this.lead(at('summary'), summary, row);
    const description = this.text(at('description')).text;
    if (description !== undefined) {
      const lead = operationLead(description);
      this.lead(at('description'), lead, row);
      const wording = operationWording(row);
      if (!sameWords(description.slice(lead.length), wording))
        this.wording(at('description'), `${lead.trim()}\n\n${wording}`, `#${row.n}'s description`, { shown: `<lead>\n\n${wording}` });
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
    const lead = payloadLead(text, row.operationId);
    if (lead.trim() !== '') this.lead(at, lead, row);
    this.wording(at, payloadText(lead, kind, row.operationId), `the schema ${name}`, { shown: `<lead>${join} ${wording}`, fixable: lead.trim() !== '' });
  }

  /** Every text the walk did not hold to a wording or a lead, but in what `others` holds. */
  rest(others: Set<string>): void {
    const walk = (node: unknown, segments: string[]) => {
      if (Array.isArray(node)) node.forEach((child, index) => walk(child, [...segments, String(index)]));
      else if (node && typeof node === 'object')
        for (const [key, child] of Object.entries(node)) {
          const at = pointer(...segments, key);
          if (others.has(at)) continue;
          if (typeof child === 'string' && ['description', 'summary', 'title'].includes(key) && !this.known.has(at))
            this.report(
              at,
              child,
              `${quoted(child)} is a text where the contract writes none: each text is a wording of the table or a lead before one (docs/faithfulness.md)`,
            );
          else walk(child, [...segments, key]);
        }
    };
    walk(this.document, []);
  }
}

/**
 * The overview table of info.description as the contract writes it: its header and rule, then the
 * rows of the first run of lines that start with `|` (faithful/overview holds each row).
 */
function tableOf(description: string): string {
  const lines = description.split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, index) => index > first && !line.startsWith('|'));
  if (first === -1) return '';
  return [...tableHeader, ...lines.slice(first + tableHeader.length, end === -1 ? undefined : end)].join('\n');
}

/** Every breach of the three prose rules in `document`'s texts (a bundle, or the view of a split source). */
export function proseBreaches(document: OpenApiDocument): ProseBreach[] {
  const reader = new ProseReader(document);
  for (const [at, wording] of Object.entries(fixedWordings())) reader.wording(at, wording, at.slice(2));
  const all = operationsOf(document);
  const prefixes = [...new Set(all.map(({ path }) => path.split('/')[1]))].sort();
  const description = typeof document.info?.description === 'string' ? document.info.description : '';
  reader.wording(pointer('info', 'description'), `${introWording(prefixes)}\n\n${tableOf(description)}`, 'the introduction');
  reader.areas(document.tags ?? []);
  // An operation not in the table is faithful/operations', a schema no body uses faithful/open-payload's: their texts too.
  const others = new Set<string>();
  for (const { path, method, row } of all) {
    if (row) reader.operation(path, method, row);
    else others.add(pointer('paths', path, method));
  }
  const owners = payloadSchemaOwners(document);
  for (const [name, { row, body }] of owners) reader.payload(name, row, body);
  for (const name of Object.keys(document.components?.schemas ?? {})) if (!owners.has(name)) others.add(pointer('components', 'schemas', name));
  reader.rest(others);
  return reader.breaches;
}
