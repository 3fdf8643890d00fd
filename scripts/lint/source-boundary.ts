// The source boundary: everything in a pull request is untrusted, so before any linter reads the
// description, this reads it itself, within limits, and hands Redocly only what it read. From the
// root file it follows every `$ref` to another file: a reference must be a relative path that
// stays inside openapi/ and names a regular file reached through no symbolic link; a file must be
// UTF-8, of bounded size, with bounded YAML aliases; the chain of references is bounded in depth and
// has no cycle. Each breach is a problem at the referring file and line, found before anything is
// fetched, read outside openapi/ or written. Nothing here opens a network connection.
import fs from 'node:fs';
import path from 'node:path';
import { pointerSegments } from '../openapi-document.ts';
import { type Project, shown, strictlyWithin } from '../project.ts';
import { type Reference, scanReferences } from './reference-scan.ts';

/** Far above what the description needs (its largest file is under 4 KB, its deepest chain 3). */
export const sourceLimits = { fileBytes: 1024 * 1024, files: 1000, totalBytes: 16 * 1024 * 1024, refDepth: 32, yamlAliases: 100, refLength: 1024 };

export type BoundaryRule =
  | 'source/ref-url'
  | 'source/ref-absolute'
  | 'source/ref-outside'
  | 'source/ref-symlink'
  | 'source/ref-not-a-file'
  | 'source/ref-depth'
  | 'source/ref-too-long'
  | 'source/ref-cycle'
  | 'source/file-size'
  | 'source/too-many-files'
  | 'source/not-utf8'
  | 'source/yaml-aliases'
  | 'source/unreferenced';

export interface BoundaryProblem {
  rule: BoundaryRule;
  message: string;
  file: string;
  line: number;
  col: number;
}

export interface SourceRead {
  /** Every file of the description that was read, by absolute path, with its text. */
  files: Map<string, string>;
  /** What was refused: with any, nothing may be linted. */
  problems: BoundaryProblem[];
  /** The files of openapi/ that no `$ref` reaches (`source/unreferenced`): the lint names them, and still runs. */
  unreferenced: BoundaryProblem[];
}

type Parsed = { text: string; references: Reference[]; value?: unknown };

/** A failure to read one file, with the rule it breaks. */
class Refused extends Error {
  readonly rule: BoundaryRule;
  constructor(rule: BoundaryRule, message: string) {
    super(message);
    this.rule = rule;
  }
}

/** The lstat of each path a read checked, so that a folder many files share is looked at once. */
export type StatCache = Map<string, fs.Stats | undefined>;

/**
 * Refuses `target` unless it is inside `folder` and reached from it through no symbolic link, and
 * is a regular file of at most `maxBytes` (or, for `kind` folder, a folder). `shownAs` names it.
 * Synchronous: a description is some dozens of small files, and each check is a few system calls.
 */
export function assertReachable(
  folder: string,
  target: string,
  shownAs: string,
  kind: 'file' | 'folder',
  maxBytes = Infinity,
  stats: StatCache = new Map(),
): void {
  if (!strictlyWithin(folder, target)) throw new Refused('source/ref-outside', `${shownAs} is outside ${path.basename(folder)}/`);
  const steps = path.relative(folder, target).split(path.sep);
  for (let i = 1; i <= steps.length; i += 1) {
    const at = path.join(folder, ...steps.slice(0, i));
    if (!stats.has(at)) stats.set(at, lstat(at, shownAs));
    const stat = stats.get(at);
    if (!stat) throw new Refused('source/ref-not-a-file', `${shownAs} does not exist`);
    if (stat.isSymbolicLink())
      throw new Refused('source/ref-symlink', `${shownAs} is reached through a symbolic link (${path.relative(folder, at)}), which could lead outside`);
    if (i < steps.length) continue;
    if (kind === 'folder' ? !stat.isDirectory() : !stat.isFile()) throw new Refused('source/ref-not-a-file', `${shownAs} is not a regular ${kind}`);
    if (stat.size > maxBytes) throw new Refused('source/file-size', `${shownAs} has ${stat.size} bytes, more than the ${maxBytes} it may have`);
  }
}

/** The lstat of `at`, undefined when nothing is there; a path the system cannot look up is refused. */
function lstat(at: string, shownAs: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(at, { throwIfNoEntry: false });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new Refused('source/ref-not-a-file', `${shownAs} cannot be looked up (${code})`);
  }
}

/** Reads `file`, which `assertReachable` allows, as UTF-8 text. */
export function readInside(folder: string, file: string, shownAs: string, maxBytes: number, stats?: StatCache): string {
  assertReachable(folder, file, shownAs, 'file', maxBytes, stats);
  // Opened without following a link, in case one was put in place since the check.
  const descriptor = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
  try {
    const bytes = fs.readFileSync(descriptor);
    if (bytes.length > maxBytes) throw new Refused('source/file-size', `${shownAs} has more than the ${maxBytes} bytes it may have`);
    return decodeUtf8(bytes, shownAs);
  } finally {
    fs.closeSync(descriptor);
  }
}

/** The text of `bytes`, which must be UTF-8; the refusal names the line of the first bad byte. */
function decodeUtf8(bytes: Uint8Array, shownAs: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    // The longest prefix that decodes tells where the bad byte is.
    let good = 0;
    let bad = bytes.length;
    while (good + 1 < bad) {
      const middle = Math.floor((good + bad) / 2);
      const decodes = (() => {
        try {
          new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, middle), { stream: true });
          return true;
        } catch {
          return false;
        }
      })();
      if (decodes) good = middle;
      else bad = middle;
    }
    const line = new TextDecoder().decode(bytes.subarray(0, good)).split('\n').length;
    throw new Refused('source/not-utf8', `${shownAs}: line ${line} holds bytes that are not UTF-8; source files must be UTF-8`);
  }
}

/**
 * The alias expansion of a text that has any (a `*`), under the yaml library's own bound against
 * alias bombs: a message when it is exceeded. Redocly's parser would expand a bomb unbounded.
 */
export async function aliasBomb(text: string): Promise<string | undefined> {
  if (!text.includes('*')) return undefined;
  const { parseDocument } = await import('yaml');
  const document = parseDocument(text, { uniqueKeys: false });
  if (document.errors.length > 0) return undefined; // Redocly's to report, with its own message
  try {
    document.toJS({ maxAliasCount: sourceLimits.yamlAliases });
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!/alias/i.test(message)) throw error;
    return message;
  }
}

/** What is wrong with a reference's form, before anything is resolved. */
function referenceForm(value: string, target: string): [BoundaryRule, string] | undefined {
  if (/^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('//'))
    return ['source/ref-url', `$ref ${JSON.stringify(value)} is a URL: the description references only files in openapi/, and nothing is fetched`];
  if (path.isAbsolute(target) || /^[a-z]:[\\/]/i.test(target) || target.startsWith('\\'))
    return ['source/ref-absolute', `$ref ${JSON.stringify(value)} is an absolute path: references are relative paths inside openapi/`];
  return undefined;
}

type Where = { file: string; line: number; col: number };

/** One read of a description: the files read so far, what was refused, and the running totals. */
class SourceReader {
  readonly files = new Map<string, string>();
  readonly problems: BoundaryProblem[] = [];
  readonly parsed = new Map<string, Parsed>();
  readonly project: Project;
  readonly sourceDir: string;
  private totalBytes = 0;
  private readonly stats: StatCache = new Map();

  constructor(project: Project) {
    this.project = project;
    this.sourceDir = path.dirname(project.sourceEntry);
  }

  problem(rule: BoundaryRule, message: string, at: Where): void {
    this.problems.push({ rule, message, file: shown(this.project, at.file), line: at.line, col: at.col });
  }

  /** Reads one file, then the files it references (depth first, so a cycle is seen as one). */
  async visit(file: string, chain: string[], from?: Where): Promise<void> {
    const where = from ?? { file, line: 1, col: 1 };
    if (chain.includes(file)) {
      const cycle = [...chain.slice(chain.indexOf(file)), file].map((f) => shown(this.project, f)).join(' -> ');
      return this.problem('source/ref-cycle', `the references form a cycle (${cycle}); the description's files reference each other as a tree`, where);
    }
    if (chain.length > sourceLimits.refDepth)
      return this.problem('source/ref-depth', `the chain of references is deeper than ${sourceLimits.refDepth} files`, where);
    if (this.files.has(file)) return;
    const found = await this.read(file, where);
    for (const reference of (found ?? []).filter(({ target }) => target !== '')) {
      const at = { file, line: reference.line, col: reference.col };
      const form = referenceForm(reference.value, reference.target);
      if (form) {
        this.problem(form[0], form[1], at);
        continue;
      }
      const target = path.resolve(path.dirname(file), reference.target);
      if (!strictlyWithin(this.sourceDir, target)) {
        this.problem('source/ref-outside', `$ref ${JSON.stringify(reference.value)} leads outside ${shown(this.project, this.sourceDir)}/`, at);
        continue;
      }
      await this.visit(target, [...chain, file], at);
    }
  }

  /** Reads one file within the limits; its references, or undefined when it was refused (or is Redocly's to report). */
  private async read(file: string, where: Where): Promise<Reference[] | undefined> {
    if (this.files.size >= sourceLimits.files)
      return void this.problem('source/too-many-files', `the description references more than ${sourceLimits.files} files`, where);
    let text = this.project.sourceOverlay.get(file);
    try {
      text ??= readInside(this.sourceDir, file, shown(this.project, file), sourceLimits.fileBytes, this.stats);
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      // A missing file is Redocly's to report ("Can't resolve $ref"), as for any dangling reference.
      if (error.rule === 'source/ref-not-a-file' && error.message.endsWith(' does not exist')) return undefined;
      return void this.problem(error.rule, error.message, where);
    }
    this.totalBytes += text.length;
    if (this.totalBytes > sourceLimits.totalBytes)
      return void this.problem('source/file-size', `the description's files hold more than ${sourceLimits.totalBytes} bytes together`, where);
    const bomb = await aliasBomb(text);
    if (bomb) return void this.problem('source/yaml-aliases', `YAML aliases expand beyond what a source file may hold (${bomb})`, { file, line: 1, col: 1 });
    this.files.set(file, text);
    const { references: found, tooLong } = scanReferences(text, sourceLimits.refLength);
    if (tooLong.length > 0)
      return void this.problem('source/ref-too-long', `$ref is longer than the ${sourceLimits.refLength} characters a reference may have`, {
        file,
        ...tooLong[0],
      });
    this.parsed.set(file, { text, references: found });
    return found;
  }
}

/** Reads the description from its root file through every file reference, within the boundary and its limits. */
export async function readSource(project: Project): Promise<SourceRead> {
  const reader = new SourceReader(project);
  if (!project.sourceOverlay.has(project.sourceEntry) && fs.lstatSync(reader.sourceDir, { throwIfNoEntry: false })?.isSymbolicLink())
    reader.problem('source/ref-symlink', `${shown(project, reader.sourceDir)}/ is a symbolic link, which could lead outside the repository`, {
      file: project.sourceEntry,
      line: 1,
      col: 1,
    });
  if (reader.problems.length === 0) await reader.visit(project.sourceEntry, []);
  if (reader.problems.length === 0) {
    // Redocly's own YAML parser, which the lint loads anyway (imported here, not at the top: the
    // Spectral worker starts before Redocly is imported).
    const { parseYaml } = await import('@redocly/openapi-core');
    referenceLoops(reader.parsed, parseYaml, (message, at) => reader.problem('source/ref-cycle', message, at), project);
  }
  const problems = [...reader.problems];
  if (problems.length === 0) unreferenced(reader);
  return { files: reader.files, problems, unreferenced: reader.problems.slice(problems.length) };
}

/**
 * The description's files that no `$ref` reaches: nothing lints them and the bundle leaves them
 * out, so a text in one is never checked (a new path file before its `$ref` is written, a schema
 * left behind by a rename). Only what the boundary may read is listed: YAML and JSON files, at most
 * as many as the description may have.
 */
function unreferenced(reader: SourceReader): void {
  const { project, sourceDir } = reader;
  // A description read from git (the release gate's two sides) has no folder on disk: nothing to list.
  if (!fs.existsSync(sourceDir)) return;
  const files = fs
    .readdirSync(sourceDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(?:ya?ml|json)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()
    .slice(0, sourceLimits.files * 2);
  for (const file of files) {
    if (reader.files.has(file)) continue;
    const relative = path.relative(sourceDir, file);
    const [folder] = relative.split(path.sep);
    // `v1_batches_id_send.yaml` is the path item of `/v1/batches/{id}/send` (CONTRIBUTING.md).
    const hint =
      folder === 'paths' && path.dirname(relative) === 'paths'
        ? `add \`/${path
            .basename(relative, path.extname(relative))
            .split('_')
            .map((segment) => (segment === 'id' ? '{id}' : segment))
            .join('/')}: {$ref: ${relative.split(path.sep).join('/')}}\` under \`paths:\` in ${shown(project, project.sourceEntry)}, or remove it`
        : 'add the `$ref` that names it, or remove it';
    reader.problem(
      'source/unreferenced',
      `no \`$ref\` reaches this file from ${shown(project, project.sourceEntry)}, so nothing lints it and the bundle leaves it out: ${hint}`,
      {
        file,
        line: 1,
        col: 1,
      },
    );
  }
}

/** The node a `$ref` names, across the files read: `nodeAt(file, fragment)`, each file parsed on first need. */
function nodesOf(parsed: Map<string, Parsed>, parseYaml: (text: string) => unknown): (file: string, fragment: string) => unknown {
  /** A file's value, parsed on first need (a syntax error is Redocly's to report). */
  const valueOf = (file: string): unknown => {
    const entry = parsed.get(file);
    if (entry && !('value' in entry)) {
      try {
        entry.value = parseYaml(entry.text);
      } catch {
        entry.value = undefined;
      }
    }
    return entry?.value;
  };
  return (file, fragment) =>
    pointerSegments(`#${fragment}`)
      .map((segment) => decodeURIComponent(segment))
      .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), valueOf(file));
}

/** The `$ref` of a node that is only a reference (`{$ref: ...}`), else undefined. */
const onlyReference = (node: unknown): unknown =>
  node && typeof node === 'object' && !Array.isArray(node) && Object.keys(node).length === 1 ? (node as { $ref?: unknown }).$ref : undefined;

/**
 * The chain of `file#fragment` steps that `reference` (in `file`) follows through nodes that are only
 * references, with the step it comes back to; undefined when it reaches a value.
 */
function loopFrom(
  file: string,
  reference: Reference,
  parsed: Map<string, Parsed>,
  nodeAt: (file: string, fragment: string) => unknown,
  project: Project,
): { seen: string[]; back: string } | undefined {
  const seen: string[] = [];
  let current = { file, reference };
  for (;;) {
    const targetFile = current.reference.target === '' ? current.file : path.resolve(path.dirname(current.file), current.reference.target);
    const key = `${shown(project, targetFile)}#${current.reference.fragment}`;
    if (seen.includes(key)) return { seen, back: key };
    seen.push(key);
    let node: unknown;
    try {
      node = nodeAt(targetFile, current.reference.fragment);
    } catch {
      return undefined; // a malformed pointer is Redocly's to report
    }
    const next = onlyReference(node);
    if (typeof next !== 'string' || !parsed.has(targetFile)) return undefined;
    const hash = next.indexOf('#');
    current = {
      file: targetFile,
      reference: { ...reference, value: next, target: hash < 0 ? next : next.slice(0, hash), fragment: hash < 0 ? '' : next.slice(hash + 1) },
    };
  }
}

/**
 * Reference chains that never reach a value: a `$ref` to a node that is itself only a `$ref`, and
 * so on, back to where it started (`A: {$ref: B}`, `B: {$ref: A}`), within a file or across files.
 * Each such chain is named once, at the first reference of it found.
 */
function referenceLoops(
  parsed: Map<string, Parsed>,
  parseYaml: (text: string) => unknown,
  report: (message: string, at: Where) => void,
  project: Project,
): void {
  const nodeAt = nodesOf(parsed, parseYaml);
  const reported = new Set<string>();
  for (const [file, { references: found }] of parsed) {
    for (const reference of found) {
      const loop = loopFrom(file, reference, parsed, nodeAt, project);
      if (!loop || loop.seen.some((step) => reported.has(step))) continue;
      for (const step of loop.seen) reported.add(step);
      const chain = [...loop.seen.slice(loop.seen.indexOf(loop.back)), loop.back].join(' -> ');
      report(`the references loop without reaching a value (${chain})`, { file, line: reference.line, col: reference.col });
    }
  }
}
