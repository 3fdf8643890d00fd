// `npm run sdk`: the SDK of one language (scripts/languages/languages.ts) from the bundle, or from the
// bundle with the user's overlays, written into --out whole or not at all (scripts/sdk/write-sdk.ts,
// docs/sdks.md).
import path from 'node:path';
import { type CommandDefinition, type CommandIo, commandLine } from '../command-line.ts';
import { forTerminal } from '../escape.ts';
import { asTyped, openProject } from '../project.ts';
import { sdkLanguages } from '../languages/languages.ts';

export const definition: CommandDefinition = {
  name: 'sdk',
  summary: [
    'Writes the SDK of one language from the bundle (generated/openapi.json), or from the bundle with your',
    'overlays applied strictly and linted as `npm run build -- --overlay` applies them, into --out, whole or',
    "not at all. The language's pinned generators come from `npm run install:languages`; without them it says",
    'what to install and writes nothing. generated/sdk/<lang> holds the SDK of the description itself.',
    'Paths are relative to where you run npm.',
  ].join('\n'),
  options: {
    lang: {
      type: 'string',
      value: sdkLanguages.map((language) => language.name).join('|'),
      required: true,
      choices: sdkLanguages.map((l) => l.name),
      description: 'the language',
    },
    out: {
      type: 'string',
      value: '<folder>',
      required: true,
      description: 'the folder to write: new, empty, written by this command, or generated/sdk/<lang>',
    },
    overlay: { type: 'string', value: '<file>', multiple: true, default: [], description: 'an overlay to apply, in order' },
    'allow-operation-changes': { type: 'boolean', description: 'write even when an overlay removes, renames or moves an operation' },
  },
  examples: [
    'npm run sdk -- --lang python --out generated/sdk/python',
    'npm run sdk -- --lang python --overlay examples/overlays/fields.yaml --out build/sdk-python',
    'npm run sdk -- --lang go --out generated/sdk/go',
  ],
  exits: [
    [0, 'written'],
    [1, "an overlay or the description is refused, or the language's tools are missing; --out unchanged"],
    [2, 'bad arguments; nothing read or written'],
  ],
};

export async function run(args: string[], io: CommandIo): Promise<number> {
  const parsed = commandLine(definition, args, io);
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const project = openProject(io.root);
  const language = sdkLanguages.find((candidate) => candidate.name === values.lang)!;
  // The work's modules (the overlays' reading and lint, a second of loading) after parsing: --help and a bad argument cost none of it.
  const { sdkOutProblem, writeSdk } = await import('../sdk/write-sdk.ts');
  const shownAs = asTyped(io.cwd, [...values.overlay, values.out]);
  const out = path.resolve(io.cwd, values.out);
  const problem = sdkOutProblem(project, out, shownAs(out), language.name, values.overlay.length > 0);
  if (problem) {
    io.err(`sdk: ${forTerminal(problem)}: see \`npm run sdk -- --help\``);
    return 2;
  }
  const ok = await writeSdk(
    project,
    { progress: io.err, info: io.out, error: io.err },
    {
      language,
      out,
      overlays: values.overlay.map((file: string) => path.resolve(io.cwd, file)),
      allowOperationChanges: values['allow-operation-changes'],
      shownAs,
      env: io.env,
      signal: io.signal,
    },
  );
  return ok ? 0 : 1;
}
