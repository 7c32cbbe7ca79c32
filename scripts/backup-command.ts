import { config } from "~/config.server";

/** Runs a backup or restore command: a failure ends the process with its message (and exit code 1), the stack only at LOG_LEVEL=debug. */
export async function runBackupCommand(name: string, task: () => Promise<void>) {
  try {
    await task();
  } catch (error) {
    console.error(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    if (config.LOG_LEVEL === "debug") console.error(error);
    process.exitCode = 1;
  }
}
