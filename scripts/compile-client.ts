// generated/dist/: the client compiled for consumers (client.js, client.d.ts, schema.d.ts), with
// the TypeScript compiler API. A type error in the generated code fails the build, naming file and line.
import path from 'node:path';
import ts from 'typescript';
import { ReportedError, shown } from './project.ts';

const compilerOptions: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  declaration: true,
  skipLibCheck: true,
  newLine: ts.NewLineKind.LineFeed,
  types: [],
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
};

/** Compiles `<dir>/client.ts` (and the `schema.ts` it imports) into `<dir>/dist/`. */
export function compileClient(dir: string): void {
  const outDir = path.join(dir, 'dist');
  const program = ts.createProgram([path.join(dir, 'client.ts')], { ...compilerOptions, rootDir: dir, outDir });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0) throw new ReportedError(`the generated client does not compile:\n${formatDiagnostics(diagnostics)}`);
  // schema.ts holds types only: its declarations are kept, its empty JavaScript is not.
  const result = program.emit(undefined, (file, text) => {
    if (!file.endsWith('schema.js')) ts.sys.writeFile(file, text);
  });
  if (result.diagnostics.length > 0) throw new ReportedError(formatDiagnostics(result.diagnostics));
}

function formatDiagnostics(diagnostics: readonly ts.Diagnostic[]): string {
  return diagnostics
    .map((diagnostic) => {
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      if (!diagnostic.file || diagnostic.start === undefined) return `  ${message}`;
      const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      return `  ${shown(diagnostic.file.fileName)}:${line + 1}:${character + 1}: ${message}`;
    })
    .join('\n');
}
