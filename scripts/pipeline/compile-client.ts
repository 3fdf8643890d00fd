// generated/dist/: the client compiled for consumers (client.js, client.d.ts, schema.d.ts). Each
// file is transpiled on its own (TypeScript's transpileModule and transpileDeclaration, which the
// generated code allows: every export has an explicit type), so the build does not type-check a
// whole program; `npm run typecheck` and the type tests check generated/ as a whole.
import fs from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { type Project, ReportedError, shown } from '../project.ts';

const compilerOptions: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  // An ES module (the package is "type": "module"); a lone file cannot tell NodeNext which it is.
  module: ts.ModuleKind.ES2022,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true,
  newLine: ts.NewLineKind.LineFeed,
};
const declarationOptions: ts.CompilerOptions = { ...compilerOptions, declaration: true, isolatedDeclarations: true };

/** Compiles `<dir>/client.ts` and `<dir>/client-runtime.ts` to JavaScript and declarations, and `<dir>/schema.ts` to declarations, into `<dir>/dist/`. */
export async function compileClient(project: Project, dir: string): Promise<void> {
  const outDir = path.join(dir, 'dist');
  await fs.mkdir(outDir, { recursive: true });
  const outputs: { file: string; text: string }[] = [];
  const diagnostics: ts.Diagnostic[] = [];
  for (const [name, withJavaScript] of [
    ['client', true],
    ['client-runtime', true],
    ['schema', false],
  ] as const) {
    const fileName = path.join(dir, `${name}.ts`);
    const source = await fs.readFile(fileName, 'utf8');
    const declarations = ts.transpileDeclaration(source, { compilerOptions: declarationOptions, fileName, reportDiagnostics: true });
    outputs.push({ file: `${name}.d.ts`, text: declarations.outputText });
    diagnostics.push(...(declarations.diagnostics ?? []));
    // schema.ts holds types only: its declarations are kept, its empty JavaScript is not.
    if (!withJavaScript) continue;
    const javascript = ts.transpileModule(source, { compilerOptions, fileName, reportDiagnostics: true });
    outputs.push({ file: `${name}.js`, text: javascript.outputText });
    diagnostics.push(...(javascript.diagnostics ?? []));
  }
  if (diagnostics.length > 0) throw new ReportedError(`the generated client does not compile:\n${formatDiagnostics(project, diagnostics)}`);
  await Promise.all(outputs.map(({ file, text }) => fs.writeFile(path.join(outDir, file), text)));
}

function formatDiagnostics(project: Project, diagnostics: readonly ts.Diagnostic[]): string {
  return diagnostics
    .map((diagnostic) => {
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      if (!diagnostic.file || diagnostic.start === undefined) return `  ${message}`;
      const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      return `  ${shown(project, diagnostic.file.fileName)}:${line + 1}:${character + 1}: ${message}`;
    })
    .join('\n');
}
