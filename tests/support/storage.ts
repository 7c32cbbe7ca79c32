import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll } from "vitest";

import { createLocalDiskStorage, useFileStorage } from "~/services/storage.server";

/**
 * Uploads go to a folder of this test file's own while it runs (removed afterwards): `root` is
 * where, `storedFiles()` how many files are in it (a refused upload must leave none).
 */
export function useTemporaryStorage(label: string) {
  const state = {
    root: "",
    storedFiles: async () => (await readdir(state.root, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length,
  };
  beforeAll(async () => {
    state.root = await mkdtemp(path.join(tmpdir(), `isent-${label}-`));
    useFileStorage(createLocalDiskStorage(state.root));
  });
  afterAll(async () => {
    useFileStorage(undefined);
    await rm(state.root, { recursive: true, force: true });
  });
  return state;
}
