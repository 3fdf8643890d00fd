// Watches the docs server's source tree and config files through chokidar (pinned in package.json):
// a file written, added, removed or replaced by rename (`sed -i`, an editor's "safe write"), and a
// folder removed and made again under its name, are each heard on every later edit too. Node's
// own recursive fs.watch on Linux went deaf to a file that a rename replaced.
import { watch } from 'chokidar';

export interface Watching {
  /** Resolves once the paths are watched: a change from then on is heard. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Calls `onChange` with chokidar's event (add, change, unlink, addDir, unlinkDir) and the path when
 * anything under `paths` (folders, watched whole, or files) is written, added, removed or
 * replaced; `warn` hears a watch that failed (the system's limit on watches or open files), once.
 */
export function watchPaths(paths: string[], onChange: (event: string, file: string) => void, warn: (line: string) => void): Watching {
  let warned = false;
  const watcher = watch(paths, { ignoreInitial: true, followSymlinks: false })
    .on('all', (event, file) => onChange(event, file))
    .on('error', (error) => {
      if (!warned) warn(`docs: a change may not rebuild: ${error instanceof Error ? error.message : String(error)}`);
      warned = true;
    });
  return { ready: new Promise((resolve) => watcher.once('ready', () => resolve())), close: () => watcher.close() };
}
