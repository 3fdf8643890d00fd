// Where the other languages' pinned tools are, as .ci/install-languages installs them: the
// versions in test/languages/pins.env and test/languages/python/requirements.lock, in the user's
// tools cache (project.ts' toolsCache). `npm run sdk` runs the generators from here, and the
// languages tier finds the same tools through it.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { toolsCache } from '../project.ts';

export interface LanguageTools {
  /** The tools cache. */
  home: string;
  /** The OpenAPI Generator jar. */
  jar: string;
  /** The venv of the pinned Python tools (openapi-python-client, mypy, ...), named by the lock's hash. */
  venv: string;
  /** The wheels of the Python SDK's dependencies as the lock pins them (httpx, pydantic and theirs), for an install with no network. */
  wheelhouse: string;
  /** The pinned oapi-codegen binary. */
  oapiCodegen: string;
  /** The pinned versions, by their name in pins.env. */
  pins: Record<string, string>;
}

/** The pins file and the Python lock, under the project's root. */
export const pinsFile = (root: string) => path.join(root, 'test', 'languages', 'pins.env');
export const pythonLock = (root: string) => path.join(root, 'test', 'languages', 'python', 'requirements.lock');

/** The tools of the project in `root`, in the cache `env` names. */
export function languageTools(root: string, env: NodeJS.ProcessEnv = process.env): LanguageTools {
  const home = toolsCache(env);
  const pins: Record<string, string> = Object.fromEntries(
    fs
      .readFileSync(pinsFile(root), 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z_0-9]+=/.test(line))
      .map((line) => line.split('=', 2) as [string, string]),
  );
  const lockHash = createHash('sha256')
    .update(fs.readFileSync(pythonLock(root)))
    .digest('hex')
    .slice(0, 12);
  return {
    home,
    jar: path.join(home, `openapi-generator-cli-${pins.OPENAPI_GENERATOR_VERSION}.jar`),
    venv: path.join(home, `python-${lockHash}`),
    wheelhouse: path.join(home, `wheelhouse-${lockHash}`),
    oapiCodegen: path.join(home, 'bin', `oapi-codegen-${pins.OAPI_CODEGEN_VERSION}`),
    pins,
  };
}

/** Whether `command` is a file in a folder of `env`'s PATH. */
export function onPath(command: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.PATH ?? '').split(path.delimiter).some((dir) => dir !== '' && fs.existsSync(path.join(dir, command)));
}
