import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll } from "vitest";

import { loader as resizedLoader } from "~/routes/img.$";
import { loader as originalLoader } from "~/routes/uploads.$";
import {
  createLocalDiskStorage,
  fileStorage,
  StorageError,
  useFileStorage,
  type FileStorage,
  type StorageCall,
} from "~/services/storage.server";

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

/** The status a route answers with, thrown Responses (404) included. */
async function statusOf(answer: Promise<Response>): Promise<number> {
  try {
    return (await answer).status;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

/**
 * What a visitor gets for a stored image's URL (/uploads/{key}): the status of the original and
 * of a resized copy (/img/320/{key}), which is drawn and kept on disk the first time it is asked for.
 */
export async function publicImageStatus(url: string): Promise<{ original: number; resized: number }> {
  const key = url.replace(/^\/uploads\//, "");
  const get = (path: string, rest: string) => ({ request: new Request(`http://localhost${path}`), params: { "*": rest }, context: {} });
  return {
    original: await statusOf(originalLoader(get(`/uploads/${key}`, key))),
    resized: await statusOf(resizedLoader(get(`/img/320/${key}`, `320/${key}`))),
  };
}

/**
 * Runs `body` while file storage fails (as a bucket still failing at the end of the call's window
 * does): every new file (`"put"`) or every read (`"get"`); the rest still works. `windows` lists
 * the time each failing call was given (withinMs). The storage before is back afterwards.
 */
export async function whileStorageFails<T>(
  body: (windows: (number | undefined)[]) => Promise<T>,
  operation: "put" | "get" = "put",
): Promise<T> {
  const working = fileStorage();
  const windows: (number | undefined)[] = [];
  const fail = (key: string, call?: StorageCall): never => {
    windows.push(call?.withinMs);
    throw new StorageError(operation === "put" ? "store" : "read", key, new Error("SlowDown (tried 9 times)"));
  };
  const failing: FileStorage =
    operation === "put"
      ? { ...working, put: async (key, _bytes, _type, call) => fail(key, call) }
      : { ...working, get: async (key, call) => fail(key, call) };
  useFileStorage(failing);
  try {
    return await body(windows);
  } finally {
    useFileStorage(working);
  }
}
