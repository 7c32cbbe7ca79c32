/** End-to-end tests need a system Chromium; browsers are never downloaded. */
import { existsSync } from "node:fs";

const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (!existsSync(chromiumPath)) {
  console.error(
    `No Chromium found at ${chromiumPath}.\n` +
      "The end-to-end tests drive the system Chromium. Install it with:\n" +
      "  sudo apt-get install -y chromium\n" +
      "or point CHROMIUM_PATH at an existing Chromium or Chrome binary.",
  );
  process.exit(1);
}
