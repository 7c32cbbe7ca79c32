import { randomUUID } from "node:crypto";

import { CHANGES_CHANNEL } from "./change-feed-sql";
import { databaseHandle } from "./db.server";

import { forgetChanged, setHearingChanges, type KeepOptions, type Memory } from "~/memory/memory.server";

/**
 * The change feed (issue 39; decision 036): one LISTEN connection per process, on one channel. The
 * database's triggers (generated from app/db/schema/changes.ts) tell each committed change as tags
 * (`post`-owner `business:<id>`, `account:<id>`, `settings`, `feed`; "*" for too many), whoever made
 * it — a form, the API, a job, the admin, another process or instance — and every memory forgets what
 * it kept with them. Nothing else forgets by hand.
 *
 * Until this process listens, and whenever its connection is lost, nothing with tags is kept (and all
 * of it is forgotten when it listens again: notices may have been missed meanwhile).
 */
const SYNC_PREFIX = "sync:";
/** This process's own notices (caughtUp), told apart from the others'. */
const processToken = randomUUID();
let hearing = false;
/** The database this process listens to (a test opens a new one per file). */
let listeningTo: unknown = null;
let syncsSent = 0;
const syncsAwaited = new Map<string, () => void>();
let nextSync: Promise<boolean> | null = null;
/** How long caughtUp waits for its own notice before it says no (a lost connection). */
const SYNC_TIMEOUT_MS = 2_000;

function hear(payload: string) {
  if (payload.startsWith(SYNC_PREFIX)) {
    syncsAwaited.get(payload)?.();
    return;
  }
  forgetChanged(payload === "*" ? "*" : payload.split(","));
}

/** Listens for changes, once at start (the server's entry). A process that cannot listen keeps nothing that changes. */
export async function listenForChanges() {
  const handle = databaseHandle();
  if (listeningTo === handle) return;
  listeningTo = handle;
  try {
    await handle.listen(CHANGES_CHANNEL, hear, () => {
      // (Re)listening: what was kept before may have changed unheard.
      forgetChanged("*");
      hearing = true;
      setHearingChanges(true);
    });
  } catch (error) {
    listeningTo = null;
    console.error(`[memory] cannot hear ${CHANGES_CHANNEL}; nothing that changes is kept:`, error);
  }
}

/**
 * Resolves true once this process has heard every change committed before it was called; false when
 * it cannot tell (not listening, or its own notice did not come back in time). On the embedded PGlite
 * a change is heard before its commit returns: at once. On PostgreSQL notices come on their own
 * connection, in commit order, a moment after the commit: this sends one of its own and waits for it,
 * one notice for all the askers of the moment. What must show a business's own change on its very
 * next page (its kept pages, its contact count), on any process, asks this first.
 */
export function caughtUp(): Promise<boolean> {
  if (!hearing) return Promise.resolve(false);
  const handle = databaseHandle();
  if (handle.kind !== "postgres") return Promise.resolve(true);
  nextSync ??= new Promise<boolean>((resolve) => {
    // Everyone who asks before the next turn of the event loop shares this notice; later askers send another.
    setImmediate(() => {
      nextSync = null;
      const payload = `${SYNC_PREFIX}${processToken}:${++syncsSent}`;
      const done = (heard: boolean) => {
        clearTimeout(timer);
        syncsAwaited.delete(payload);
        resolve(heard);
      };
      const timer = setTimeout(() => done(false), SYNC_TIMEOUT_MS);
      syncsAwaited.set(payload, () => done(true));
      handle.notify(CHANGES_CHANNEL, payload).catch(() => done(false));
    });
  });
  return nextSync;
}

/**
 * `memory`'s answer for `key` once this process has heard every change committed before the ask
 * (caughtUp), else `compute()`'s, not kept: what a change forgets is never older than that change,
 * on whichever process answers.
 */
export async function rememberCaughtUp<V>(
  memory: Memory<Promise<V>>,
  key: string,
  compute: () => Promise<V>,
  options: KeepOptions,
): Promise<V> {
  if (!(await caughtUp())) return compute();
  return memory.remember(key, compute, options);
}
