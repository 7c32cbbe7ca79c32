import path from "node:path";

import { assertPatchesApplied } from "../../scripts/check-patches";

/** Vitest global setup: no test runs against an unpatched Remix (scripts/check-patches.ts). */
export default function setup() {
  assertPatchesApplied(path.resolve(__dirname, "../.."));
}
