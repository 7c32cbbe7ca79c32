/**
 * One of several server processes in a test (tests/unit/several-processes.test.ts): told `issue`, it
 * issues that many visitor ids and answers their tokens; told `check`, it answers how many of the
 * tokens it names a visitor.
 */
import { issueVisitorId, verifyVisitorToken } from "~/models/visitors.server";

process.on("message", (message: { issue?: number; check?: string[] }) => {
  if (message.issue !== undefined) process.send!({ tokens: Array.from({ length: message.issue }, () => issueVisitorId().token) });
  if (message.check) process.send!({ verified: message.check.filter((token) => verifyVisitorToken(token) !== null).length });
});
process.send!({ ready: true });
