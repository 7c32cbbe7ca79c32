/**
 * One of several server processes in a test (tests/unit/several-processes.test.ts): told `go`, it asks
 * for `count` new visitor ids for one address, and answers how many it was given.
 */
import { issueVisitorId } from "~/models/visitors.server";

process.on("message", async (message: { go?: { address: string; count: number } }) => {
  if (!message.go) return;
  let issued = 0;
  for (let index = 0; index < message.go.count; index++) {
    if (await issueVisitorId(message.go.address)) issued++;
  }
  process.send!({ issued });
});
process.send!({ ready: true });
