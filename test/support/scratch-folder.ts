// Scratch folders for tests: fresh folders under the system's temporary folder, named after what
// uses them (`email-delivery-<label>-…`, so a folder left by a killed run says whose it is), and
// removed whatever happens.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** A fresh, empty folder `email-delivery-<label>-…` under the system's temporary folder. */
export function makeScratchFolder(label: string): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), `email-delivery-${label}-`));
}

/** Runs `use` in a fresh scratch folder and removes the folder afterwards, whatever happens. */
export async function withScratchFolder<T>(label: string, use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await makeScratchFolder(label);
  try {
    return await use(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * For a test file that works in one scratch folder: registers the hooks that make it before the
 * file's tests and remove it after them. Call it before the file's own hooks: their `beforeAll`
 * then finds the folder made, and their `afterAll` runs before it is removed (vitest runs after-hooks
 * in the reverse order).
 */
export function scratchFolderPerFile(label: string): { readonly dir: string } {
  let dir: string | undefined;
  beforeAll(async () => {
    dir = await makeScratchFolder(label);
  });
  afterAll(async () => {
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });
  return {
    get dir() {
      if (dir === undefined) throw new Error('the scratch folder is made by a hook: use it inside a hook or a test');
      return dir;
    },
  };
}
