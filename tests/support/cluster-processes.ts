import type { Worker } from "node:cluster";

/** The process's next message with `key` (tests that fork server processes with node:cluster). */
export function messageWith<Message>(worker: Worker, key: string): Promise<Message> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: Record<string, unknown>) => {
      if (!(key in message)) return;
      worker.off("message", onMessage);
      resolve(message as Message);
    };
    worker.on("message", onMessage);
    worker.once("exit", (code) => reject(new Error(`the process exited with ${code}`)));
  });
}
