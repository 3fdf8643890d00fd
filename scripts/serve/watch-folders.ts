// Watches files through their folders, for the docs server's rebuilds: a folder's watcher hears
// every name in it, so a file replaced by rename (`sed -i`, an editor's "safe write") is still heard
// on the next edit. Node's recursive fs.watch on Linux watches each file it found and goes deaf to
// one that a rename replaced. One watcher per folder, at most maxWatchedFolders of them; a folder
// added later is watched, a removed one's watcher closed (the tree is walked again after a rename).
import { type FSWatcher, readdirSync, statSync, watch } from 'node:fs';
import path from 'node:path';

export interface Watching {
  close(): void;
}

/** The most renamed names remembered between two walks of the tree. */
const maxRenamed = 10_000;

/** The most folders one tree is watched through; folders beyond them are not watched (a warning says so once). */
export const maxWatchedFolders = 500;

/** Calls `onChange` when a file under `root` is written, added, removed or replaced. `warn` hears the folders left unwatched. */
export function watchTree(root: string, onChange: () => void, warn: (line: string) => void): Watching {
  // Each folder's watcher with the folder's inode: a folder replaced under the same name (renamed
  // over, or removed and made again) is a new folder, and the old watcher hears nothing of it.
  const watchers = new Map<string, { watcher: FSWatcher; inode: number }>();
  // The names a rename touched since the last walk: a folder among them is watched afresh (a new
  // folder may even reuse the old one's inode).
  const renamed = new Set<string>();
  let warned = false;
  let warnedLimit = false;
  let rescan: NodeJS.Timeout | undefined;
  const unwatch = (folder: string) => {
    watchers.get(folder)?.watcher.close();
    watchers.delete(folder);
  };
  const sync = () => {
    const { folders, more } = foldersUnder(root, maxWatchedFolders);
    const present = new Set(folders);
    if (more && !warned) warn(`docs: ${root} has more than ${maxWatchedFolders} folders; changes beyond them do not rebuild`);
    warned ||= more;
    const replaced = (folder: string) => [...renamed].some((name) => folder === name || folder.startsWith(`${name}${path.sep}`));
    for (const folder of watchers.keys()) if (!present.has(folder) || replaced(folder) || watchers.get(folder)?.inode !== inodeOf(folder)) unwatch(folder);
    renamed.clear();
    for (const folder of folders) if (!watchers.has(folder)) watchFolder(folder);
  };
  const watchFolder = (folder: string) => {
    const inode = inodeOf(folder);
    if (inode === undefined) return; // gone between the walk and the watch: the next walk forgets it
    try {
      const watcher = watch(folder, (event, name) => {
        // A name came or went: perhaps a folder; walk the tree again once the renames settle.
        if (event === 'rename') {
          // Bounded: past that many names, every folder is watched afresh on the next walk.
          if (name && renamed.size < maxRenamed) renamed.add(path.join(folder, name.toString()));
          else renamed.add(root);
          clearTimeout(rescan);
          rescan = setTimeout(sync, 50);
        }
        onChange();
      });
      // Only this watcher: the folder's name may have a new watcher by now.
      watcher.on('error', () => {
        if (watchers.get(folder)?.watcher === watcher) unwatch(folder);
      });
      watchers.set(folder, { watcher, inode });
    } catch (error) {
      // Gone between the walk and the watch: the next walk forgets it. Out of watches: say so once.
      const code = (error as NodeJS.ErrnoException).code;
      if ((code === 'ENOSPC' || code === 'EMFILE') && !warnedLimit)
        warn(`docs: ${folder} cannot be watched (${code}: the system's limit on watches or open files); changes there do not rebuild`);
      warnedLimit ||= code === 'ENOSPC' || code === 'EMFILE';
    }
  };
  sync();
  return {
    close() {
      clearTimeout(rescan);
      for (const folder of [...watchers.keys()]) unwatch(folder);
    },
  };
}

/** Calls `onChange` when one of `files` is written, replaced, added or removed; each is heard through its folder's watcher. */
export function watchFiles(files: string[], onChange: () => void): Watching {
  const watchers = [...new Set(files.map((file) => path.dirname(file)))].map((folder) => {
    const names = new Set(files.filter((file) => path.dirname(file) === folder).map((file) => path.basename(file)));
    return watch(folder, (_, name) => {
      if (name === null || names.has(name)) onChange();
    }).on('error', () => {});
  });
  return {
    close() {
      for (const watcher of watchers) watcher.close();
    },
  };
}

/** The inode of `folder`, or undefined when it is gone. */
function inodeOf(folder: string): number | undefined {
  return statSync(folder, { throwIfNoEntry: false })?.ino;
}

/** `root` and the folders under it, breadth first, at most `max`; symbolic links are not followed. */
function foldersUnder(root: string, max: number): { folders: string[]; more: boolean } {
  const folders = [root];
  for (let i = 0; i < folders.length; i++) {
    let entries;
    try {
      entries = readdirSync(folders[i], { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!entry.isDirectory()) continue;
      if (folders.length === max) return { folders, more: true };
      folders.push(path.join(folders[i], entry.name));
    }
  }
  return { folders, more: false };
}
