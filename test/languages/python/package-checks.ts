// The Python SDK's package checks (test/languages/sdk-packages.test.ts runs them): the committed
// SDK type-checks under mypy --strict for Python 3.10 and 3.11 with the tier's programs that use it,
// and under pyright --strict, and ruff finds nothing; it builds a wheel and an sdist with the standard front-end that twine
// passes, installs with no network into a fresh venv, where the consumer (call_sdk.py) type-checks
// against the installed package and calls every operation, sync and async; the docs' samples pass
// mypy. What is Python's own: compressed answers (compressed-answers.ts), its errors, printed forms
// and log (surface-check.ts), and the overlaid and learned SDKs (overlaid-checks.ts). (The
// guarantees: sdk-guarantees.test.ts.)
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { root } from '../../support/helpers.ts';
import { mustRun, mypyVerdict, reusedWhenSame, venv } from '../../support/languages.ts';
import { run } from '../../support/run-command.ts';
import { consumerArguments, consumerKey, type PackageChecks } from '../../support/sdk-package.ts';
import { compressedAnswersCheck } from './compressed-answers.ts';
import { learnedCheck, overlaidCheck } from './overlaid-checks.ts';
import { prepared } from './prepared.ts';
import { lockFile, packAndInstall } from './python-package.ts';
import { bin, copyProgram, programs, quiet } from './python-tools.ts';
import { surfaceCheck } from './surface-check.ts';

/**
 * pyright --strict (the pinned npm package, VS Code's checker) on the package's sources for Python
 * 3.10, with the pinned venv's packages: how many files it checked and its diagnostics, reused while
 * the sources, the venv and pyright are the same.
 */
async function pyrightVerdict(src: string, scratch: string): Promise<{ files: number; errors: string[] }> {
  const dir = path.join(scratch, 'pyright');
  await fs.mkdir(dir, { recursive: true });
  const key = [
    venv,
    { file: path.join(root, 'node_modules', 'pyright', 'package.json') },
    { tree: src, ignored: /(^|\/)__pycache__\// },
    'strict 3.10, include relative',
  ];
  return reusedWhenSame('python-sdk-pyright', key, dir, [], async () => {
    // Its `include` relative to the configuration's folder: pyright ignores an absolute one.
    await fs.writeFile(
      path.join(dir, 'pyrightconfig.json'),
      JSON.stringify({ typeCheckingMode: 'strict', pythonVersion: '3.10', include: [path.relative(dir, src)] }),
    );
    const result = await run(path.join(root, 'node_modules', '.bin', 'pyright'), ['--outputjson', '--pythonpath', bin('python'), '-p', dir], dir, quiet);
    const report = JSON.parse(result.stdout) as {
      summary: { filesAnalyzed: number };
      generalDiagnostics: { file: string; severity: string; message: string; range: { start: { line: number } } }[];
    };
    return {
      files: report.summary.filesAnalyzed,
      errors: report.generalDiagnostics.map((d) => `${path.relative(src, d.file)}:${d.range.start.line + 1}: ${d.severity}: ${d.message}`),
    };
  });
}

/** mypy --strict for Python 3.10, the oldest the package supports. */
const strictOldest = ['--strict', '--python-version', '3.10'];

const checks: PackageChecks = {
  needs: ['python'],
  checkers: {
    title:
      'the SDK type-checks under mypy --strict for Python 3.11, and for 3.10 with the guarantees’ driver, the programs of the checks here and the bench program, and under pyright --strict (VS Code’s checker); ruff finds nothing',
    async run(context) {
      const src = path.join(context.committed, 'src');
      const newestDir = path.join(context.scratch, 'typed-3.11');
      const dir = path.join(context.scratch, 'typed');
      await fs.mkdir(newestDir);
      await fs.mkdir(dir);
      // The guarantees' driver, the programs of the checks here and the bench's use it as a consumer does.
      for (const program of ['sdk_driver.py', 'sdk_surface.py', 'compressed_answer.py'])
        await fs.copyFile(path.join(programs, program), path.join(dir, program));
      await fs.copyFile(path.join(root, 'scripts', 'dev', 'sdk-bench', 'bench.py'), path.join(dir, 'bench.py'));
      // Each mypy run in a folder of its own (its cache is there); for 3.10 the package (its folder) and its users in one run.
      const [pyright, newest, oldest] = await Promise.all([
        pyrightVerdict(src, context.scratch),
        mypyVerdict(['--strict', '--python-version', '3.11', '-p', 'email_delivery_api'], newestDir, src),
        mypyVerdict([...strictOldest, path.join(src, 'email_delivery_api'), 'sdk_driver.py', 'sdk_surface.py', 'compressed_answer.py', 'bench.py'], dir, src),
        // Clean under ruff's defaults (the pinned ruff; the package's pyproject.toml says Python 3.10).
        mustRun(bin('ruff'), ['check', '--no-cache', '--output-format', 'concise', 'src'], context.committed, quiet),
      ]);
      expect(newest.code, newest.output).toBe(0);
      expect(oldest.code, oldest.output).toBe(0);
      expect(pyright.files, 'pyright checked every module of the package').toBeGreaterThanOrEqual(10);
      expect(pyright.errors, 'pyright --strict finds nothing').toEqual([]);
    },
  },

  packageTitle:
    'it builds a wheel and an sdist (build, setuptools, no isolation) that twine passes, installs with no network into a fresh venv, imports with its py.typed, and the consumer type-checks against it under mypy --strict',
  async installAndConsume(context, baseUrl) {
    const work = path.join(context.scratch, 'package');
    // The consumer calls a server of this process: it starts once what the checks make in it is made.
    const [{ built, wheel, python }] = await Promise.all([packAndInstall(context.committed, work), prepared(context)]);
    const version = context.document.info.version as string;
    expect(built).toEqual([`email_delivery_api-${version}-py3-none-any.whl`, `email_delivery_api-${version}.tar.gz`]);
    const consumer = path.join(work, 'consumer');
    await copyProgram('call_sdk.py', consumer);
    const [verdict, imported, ran] = await Promise.all([
      // The installed package's own types (py.typed), as a user's mypy finds them: for 3.10 (its
      // sources type-check for 3.11 too, in the checkers). The venv by a path relative to the
      // consumer's folder, and the wheel and the lock in the key: the verdict is reused while they are the same.
      mypyVerdict([...strictOldest, '--python-executable', '../venv/bin/python', 'call_sdk.py'], consumer, consumer, [wheel, lockFile]),
      mustRun(
        python,
        [
          '-c',
          'import importlib.resources, email_delivery_api as sdk; print(sdk.__version__, importlib.resources.files(sdk).joinpath("py.typed").is_file(), sdk.Client("http://127.0.0.1:9", headers={"X-Api-Key": "sk-1"}))',
        ],
        work,
        quiet,
      ),
      mustRun(python, ['call_sdk.py', baseUrl, consumerKey, JSON.stringify(consumerArguments)], consumer, quiet),
    ]);
    expect(verdict.code, verdict.output).toBe(0);
    expect(imported.stdout.trim()).toBe(
      `${version} True Client(base_url='http://127.0.0.1:9', headers=['X-Api-Key'], timeout=60.0, max_response_bytes=67108864, max_retries=2)`,
    );
    return { lines: ran.stdout.trim().split('\n'), rounds: 2 };
  },

  samplesTitle: 'pass mypy --strict for Python 3.10 (the blocks, fragments of the text around them, compile as Python 3.10)',
  sampleExtension: '.py',
  async checkSamples(context, dir, files) {
    const blocks = files.filter((file) => file.startsWith('docs_'));
    // The operations' samples in a folder of their own, which mypy is given: the verdict's name (from
    // its arguments) stays short enough to be a file's, so it is kept and reused.
    const typed = path.join(dir, 'typed');
    await fs.mkdir(typed);
    for (const file of files.filter((name) => !blocks.includes(name))) await fs.copyFile(path.join(dir, file), path.join(typed, file));
    const compiles = 'import ast, sys\nfor name in sys.argv[1:]:\n    compile(ast.parse(open(name).read(), name, feature_version=(3, 10)), name, "exec")';
    const [verdict] = await Promise.all([
      mypyVerdict([...strictOldest, '.'], typed, path.join(context.committed, 'src')),
      mustRun(bin('python'), ['-c', compiles, ...blocks], dir, quiet),
    ]);
    expect(verdict.code, verdict.output).toBe(0);
  },
  async runSample(context, dir, file) {
    return (await mustRun(bin('python'), [file], dir, { ...quiet, PYTHONPATH: path.join(context.committed, 'src') })).stdout;
  },

  overlaid: overlaidCheck,
  own: [compressedAnswersCheck, surfaceCheck, learnedCheck],
};

export default checks;
