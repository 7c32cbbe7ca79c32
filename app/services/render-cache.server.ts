import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

import { config } from "~/config.server";

/**
 * A drawn file (an image variant, a card image) kept on local disk under DATA_DIR/cache: read if
 * it was drawn before, else drawn and kept (nothing is kept when there was nothing to draw). Its
 * name must say everything it depends on.
 */
const cachedFile = (relativePath: string) => path.resolve(config.DATA_DIR, "cache", relativePath);

export async function cachedRender<Drawn extends Buffer | null>(
  relativePath: string,
  render: () => Promise<Drawn>,
): Promise<Buffer | Drawn> {
  const file = cachedFile(relativePath);
  try {
    return await readFile(file);
  } catch {
    // Not drawn yet.
  }
  const bytes = await render();
  if (bytes === null) return bytes;
  await mkdir(path.dirname(file), { recursive: true });
  // Write then rename, so a concurrent reader never sees half a file; each drawing has its own
  // partial file (two requests for one new image in the same millisecond would share a timestamped name).
  const partial = `${file}.${randomBytes(8).toString("hex")}.tmp`;
  await writeFile(partial, bytes);
  await rename(partial, file);
  return bytes;
}

/** Forgets a drawn file (its source is gone): the next ask draws it again, or finds nothing to draw. */
export async function forgetRender(relativePath: string): Promise<void> {
  await rm(cachedFile(relativePath), { force: true });
}
