// The Python SDK packed as the release packs it (a wheel and an sdist by the standard front-end,
// `build`, with setuptools and no isolation; `twine check --strict`) and its wheel installed with no
// network into a fresh venv, from the wheelhouse of the lock's wheels of its dependencies.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { languageTools } from '../../../scripts/languages/language-tools.ts';
import { pythonSdk } from '../../../scripts/languages/python/python-sdk.ts';
import { root } from '../../support/helpers.ts';
import { mustRun, reusedWhenSame, venv } from '../../support/languages.ts';
import { bin, offline, programs, quiet } from './python-tools.ts';

const { wheelhouse } = languageTools(root);
export const lockFile = path.join(programs, 'requirements.lock');

/** What Python writes into a folder it imports, builds or installs from: not the SDK's (the language's own rule, whose files `npm run sdk` replaces). */
const notSdk = pythonSdk.leftovers!;

export interface InstalledPackage {
  /** The files built, sorted: the wheel and the sdist. */
  readonly built: string[];
  /** The wheel's path. */
  readonly wheel: string;
  /** The fresh venv (`<work>/venv`) and its python. */
  readonly python: string;
}

/**
 * The SDK in `sdk` built in `work` as a wheel and an sdist, checked by twine, and its wheel installed
 * with no network into a fresh venv (`<work>/venv`) from the wheelhouse (each wheel's hash checked
 * against the lock again). The build and twine's verdict are reused (reusedWhenSame) when the SDK's
 * files, the lock and the venv are the same; the install runs each time.
 */
export async function packAndInstall(sdk: string, work: string): Promise<InstalledPackage> {
  const project = path.join(work, 'project');
  const dist = path.join(work, 'dist');
  const key = [venv, { file: lockFile }, { tree: sdk, ignored: notSdk }, 'build --no-isolation --sdist --wheel; twine check --strict'];
  const checked = await reusedWhenSame('python-sdk-dist-package', key, work, ['dist'], async () => {
    // Not what Python wrote there (a build/ or .egg-info/ setuptools would pack): the key leaves it out.
    await fs.cp(sdk, project, { recursive: true, filter: (source) => !notSdk.test(`${path.relative(sdk, source)}/`) });
    await mustRun(bin('python'), ['-m', 'build', '--no-isolation', '--sdist', '--wheel', '--outdir', dist, project], work, quiet);
    const files = (await fs.readdir(dist)).sort();
    return (await mustRun(bin('twine'), ['check', '--strict', ...files.map((file) => path.join(dist, file))], work)).stdout;
  });
  const built = (await fs.readdir(dist)).sort();
  expect(checked.match(/PASSED/g)).toHaveLength(2);
  const lock = await fs.readFile(lockFile, 'utf8');
  for (const wheel of (await fs.readdir(wheelhouse)).filter((file) => file.endsWith('.whl')))
    expect(lock, `${wheel}'s SHA-256 is one the lock pins`).toContain(
      `sha256:${createHash('sha256')
        .update(await fs.readFile(path.join(wheelhouse, wheel)))
        .digest('hex')}`,
    );
  // A venv of the machine's python3 with nothing installed (ensurepip's own pip would cost some 8 s),
  // into which the tier's pip installs (--python): the wheel and its dependencies, nothing else.
  // No bytecode compiled (--no-compile): Python compiles what it imports when it imports it.
  const fresh = path.join(work, 'venv');
  await mustRun('python3', ['-m', 'venv', '--without-pip', fresh], work);
  const python = path.join(fresh, 'bin', 'python');
  const pip = (args: string[]) => mustRun(bin('python'), ['-m', 'pip', '--python', python, ...args, '--disable-pip-version-check'], work, offline);
  const wheel = path.join(
    dist,
    built.find((file) => file.endsWith('.whl'))!,
  );
  await pip(['install', '--quiet', '--no-compile', '--no-index', '--find-links', wheelhouse, wheel]);
  await pip(['check']);
  return { built, wheel, python };
}
