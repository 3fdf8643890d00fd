// Which SDKs a version of the site ships, read from its commit (never checked out): the
// TypeScript package always, the Python SDK where the commit holds generated/sdk/python (its
// wheel is a release asset), the Go SDK where it holds generated/sdk/go (its module path from that
// commit's go.mod; a release tags the folder). What the version page lists, with the line to install each.
import { git, gitBytes } from '../release/git.ts';
import type { Project } from '../project.ts';
import { distribution } from '../languages/python/python-package.ts';

export interface VersionSdks {
  python: boolean;
  /** The Go module's path, where the commit holds the Go SDK. */
  goModule?: string;
}

/** The SDKs of `commit`. */
export async function sdksAt(project: Project, commit: string): Promise<VersionSdks> {
  const has = (file: string) =>
    git(project, 'cat-file', '-e', `${commit}:${file}`).then(
      () => true,
      () => false,
    );
  const goMod = (await has('generated/sdk/go/go.mod'))
    ? (await gitBytes(project, ['show', `${commit}:generated/sdk/go/go.mod`], 64 * 1024)).toString('utf8')
    : '';
  return { python: await has('generated/sdk/python/pyproject.toml'), goModule: /^module (\S+)$/m.exec(goMod)?.[1] };
}

/** The wheel a release of `version` attaches (PEP 427's name: the distribution's `-` as `_`). */
export const wheelName = (pythonVersion: string) => `${distribution.replaceAll('-', '_')}-${pythonVersion}-py3-none-any.whl`;
