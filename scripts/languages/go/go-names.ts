// The Go names an SDK declares, read from its gofmt'd source (oapi-codegen's models, the generated
// files, the runtime), and the clashes that would keep it from compiling: one name declared twice
// in the package, two fields of one struct with one Go name (properties or parameters that differ
// by case, `Status` and `status`), a field named as a method of its type. Each is named with the
// wire names it comes from, so that `npm run sdk` refuses it before --out is touched.

/** A Go source file of the SDK, by its name in the folder. */
export interface GoFile {
  file: string;
  source: string;
}

/** One field of a struct: its Go name and the name on the wire (its json tag), where it has one. */
interface Field {
  name: string;
  wire?: string;
}

/** The names `source` declares at package level (types, functions, constants, variables), methods left out. */
export function packageNames(source: string): string[] {
  const names: string[] = [];
  let block: string | undefined;
  for (const line of source.split('\n')) {
    if (block) {
      if (line === ')') block = undefined;
      else {
        const match = /^\t([A-Za-z_]\w*(?:, *[A-Za-z_]\w*)*)\b/.exec(line);
        if (match) names.push(...match[1].split(/, */));
      }
      continue;
    }
    const opened = /^(const|var|type) \($/.exec(line);
    if (opened) {
      block = opened[1];
      continue;
    }
    const single = /^(?:func|type|const|var) ([A-Za-z_]\w*(?:, *[A-Za-z_]\w*)*)/.exec(line);
    if (single) names.push(...single[1].split(/, */));
  }
  return names.filter((name) => name !== '_');
}

/** The methods of each type `source` declares (`func (r *T) Name(`), by the type's name. */
export function methodsByType(source: string): Map<string, string[]> {
  const methods = new Map<string, string[]>();
  for (const [, type, name] of source.matchAll(/^func \(\w+ \*?(\w+)(?:\[[^\]]*\])?\) (\w+)[[(]/gm)) methods.set(type, [...(methods.get(type) ?? []), name]);
  return methods;
}

/** The fields of every struct `source` declares, an inline struct named by its path (`Type.Field`). */
export function structFields(source: string): Map<string, Field[]> {
  const structs = new Map<string, Field[]>();
  const open: string[] = [];
  for (const line of source.split('\n')) {
    const declared = /^type (\w+) (?:= )?struct \{$/.exec(line);
    if (declared && open.length === 0) {
      open.push(declared[1]);
      structs.set(declared[1], []);
      continue;
    }
    if (open.length === 0) continue;
    const field = /^\t+([A-Za-z_]\w*) +(.*)$/.exec(line);
    if (field && !line.trimStart().startsWith('//')) {
      const wire = /`[^`]*\bjson:"([^",]*)/.exec(field[2])?.[1];
      structs.get(open.at(-1)!)!.push({ name: field[1], ...(wire && wire !== '-' ? { wire } : {}) });
      if (/struct \{$/.test(field[2])) {
        const inner = `${open.at(-1)}.${field[1]}`;
        open.push(inner);
        structs.set(inner, []);
      }
      continue;
    }
    if (/^\t*\}/.test(line)) open.pop();
  }
  return structs;
}

/** The names a struct's field of a parameters struct or a model comes from, for a message: `"Status" and "status"`. */
function wireNames(fields: Field[]): string {
  const wires = fields.map((field) => field.wire).filter((wire): wire is string => wire !== undefined);
  return wires.length > 0 ? ` (from ${wires.map((wire) => JSON.stringify(wire)).join(' and ')})` : '';
}

/**
 * The clashes of names in the package made of `files`, each one line naming the Go name, where it
 * is declared and the wire names it comes from; `owner` names what a type is made from (a schema,
 * the parameters of an operation) where the writer knows it.
 */
export function nameClashes(files: GoFile[], owner: (type: string) => string | undefined = () => undefined): string[] {
  const problems: string[] = [];
  const declaredIn = new Map<string, string[]>();
  for (const { file, source } of files) for (const name of packageNames(source)) declaredIn.set(name, [...(declaredIn.get(name) ?? []), file]);
  for (const [name, where] of declaredIn)
    if (where.length > 1) {
      const made = owner(name);
      problems.push(
        `the Go name ${name} is declared ${where.length} times (${where.join(', ')})${made ? `: ${made}` : ''}; rename what one of them is made from`,
      );
    }
  for (const { source } of files) {
    const methods = methodsByType(source);
    for (const [type, fields] of structFields(source)) {
      const made = owner(type.split('.')[0]);
      const what = `${type}${made ? ` (${made})` : ''}`;
      const byName = new Map<string, Field[]>();
      for (const field of fields) byName.set(field.name, [...(byName.get(field.name) ?? []), field]);
      for (const [name, same] of byName)
        if (same.length > 1)
          problems.push(
            `${what} has ${same.length} fields named ${name}${wireNames(same)}: names that differ only by case or punctuation come to one Go name; rename one, or give it an \`x-go-name\` in your overlay`,
          );
      for (const method of methods.get(type) ?? [])
        if (byName.has(method))
          problems.push(
            `${what} has a field and a method named ${method}${wireNames(byName.get(method)!)}: rename the field, or give it an \`x-go-name\` in your overlay`,
          );
    }
  }
  return problems;
}

/** Every `enum` of strings in `node` (a description), as found. */
function describedEnums(node: unknown, found: string[][] = []): string[][] {
  if (Array.isArray(node)) for (const item of node) describedEnums(item, found);
  else if (typeof node === 'object' && node !== null)
    for (const [key, value] of Object.entries(node)) {
      if (key === 'enum' && Array.isArray(value) && value.length > 1 && value.every((item) => typeof item === 'string')) found.push(value as string[]);
      else describedEnums(value, found);
    }
  return found;
}

/** The values of the string constants of each type `models` declares (oapi-codegen's enum constants), by type. */
function enumConstants(models: string): Map<string, Set<string>> {
  const constants = new Map<string, Set<string>>();
  for (const [, type, literal] of models.matchAll(/^\t\w+ +(\w+) = ("(?:[^"\\]|\\.)*")$/gm)) {
    let value: string;
    try {
      value = JSON.parse(literal) as string;
    } catch {
      continue;
    }
    constants.set(type, (constants.get(type) ?? new Set()).add(value));
  }
  return constants;
}

/**
 * The enum values of `document` oapi-codegen declared no constant for (its enum names are made
 * unique by a number, which another value's name can already be: `"empty"`, `""` and `"Empty1"`
 * keep two constants of three), one line each, naming the type and the value.
 */
export function droppedEnumValues(document: unknown, models: string): string[] {
  const constants = [...enumConstants(models)];
  const taken = new Set<string>();
  const isSubset = (have: Set<string>, wanted: Set<string>) => [...have].every((value) => wanted.has(value));
  const problems: string[] = [];
  const described = describedEnums(document).map((values) => ({ values, wanted: new Set(values) }));
  // The enums whose values all have constants first, then each of the others takes a type left.
  const whole = described.filter(({ wanted }) => {
    const type = constants.find(([name, have]) => !taken.has(name) && have.size === wanted.size && isSubset(have, wanted));
    if (type) taken.add(type[0]);
    return type !== undefined;
  });
  for (const { values, wanted } of described.filter((entry) => !whole.includes(entry))) {
    const partial = constants.find(([name, have]) => !taken.has(name) && have.size < wanted.size && isSubset(have, wanted));
    if (!partial) continue;
    taken.add(partial[0]);
    const lost = values.filter((value) => !partial[1].has(value));
    problems.push(
      `oapi-codegen declared no constant of ${partial[0]} for the enum value${lost.length > 1 ? 's' : ''} ${lost.map((value) => JSON.stringify(value)).join(', ')}: two values of the enum [${values.map((value) => JSON.stringify(value)).join(', ')}] came to one Go name; name each with \`x-enum-varnames\` in your overlay`,
    );
  }
  return problems;
}
