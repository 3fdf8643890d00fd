// generated/dist/: the client compiled for consumers (client.js, client.d.ts, schema.d.ts). Each
// file is transpiled on its own (TypeScript's transpileModule and transpileDeclaration, which the
// generated code allows: every export has an explicit type), so the build does not type-check a
// whole program; `npm run typecheck` and the type tests check generated/ as a whole.
import fs from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { ReportedError, shown } from './project.ts';

const compilerOptions: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  // An ES module (the package is "type": "module"); a lone file cannot tell NodeNext which it is.
  module: ts.ModuleKind.ES2022,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true,
  newLine: ts.NewLineKind.LineFeed,
};
const declarationOptions: ts.CompilerOptions = { ...compilerOptions, declaration: true, isolatedDeclarations: true };

/** Compiles `<dir>/client.ts` and `<dir>/schema.ts` into `<dir>/dist/`. */
export async function compileClient(dir: string): Promise<void> {
  const outDir = path.join(dir, 'dist');
  await fs.mkdir(outDir, { recursive: true });
  const [client, schema] = await Promise.all(['client.ts', 'schema.ts'].map((file) => fs.readFile(path.join(dir, file), 'utf8')));
  const javascript = ts.transpileModule(client, { compilerOptions, fileName: path.join(dir, 'client.ts'), reportDiagnostics: true });
  const clientDeclarations = ts.transpileDeclaration(client, { compilerOptions: declarationOptions, fileName: path.join(dir, 'client.ts'), reportDiagnostics: true });
  const schemaDeclarations = ts.transpileDeclaration(schema, { compilerOptions: declarationOptions, fileName: path.join(dir, 'schema.ts'), reportDiagnostics: true });
  const diagnostics = [javascript, clientDeclarations, schemaDeclarations].flatMap((output) => output.diagnostics ?? []);
  if (diagnostics.length > 0) throw new ReportedError(`the generated client does not compile:\n${formatDiagnostics(diagnostics)}`);
  // schema.ts holds types only: its declarations are kept, its empty JavaScript is not.
  await Promise.all([
    fs.writeFile(path.join(outDir, 'client.js'), javascript.outputText),
    fs.writeFile(path.join(outDir, 'client.d.ts'), clientDeclarations.outputText),
    fs.writeFile(path.join(outDir, 'schema.d.ts'), schemaDeclarations.outputText),
  ]);
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
