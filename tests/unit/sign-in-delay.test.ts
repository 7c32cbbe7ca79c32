import { describe, expect, it } from "vitest";

import { SIGN_IN_DELAY, secondsToWait } from "~/lib/sign-in-delay";
import { tooManyAttempts, waitPhrase } from "~/lib/too-many-attempts";

const now = new Date("2026-11-22T12:00:00Z");
const secondsAgo = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const justFailed = (failures: number) => ({ failures, lastFailedAt: now });

describe("the wait a source owes after failed sign-ins for one account", () => {
  it("lets four failures go, then waits 30 s, 1 min, 2 min ... capped at 15 min", () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 20].map((failures) => secondsToWait(justFailed(failures), failures, now));
    expect(waits).toEqual([0, 0, 0, 0, 30, 60, 120, 240, 480, 900, 900, 900]);
  });

  it("counts the wait from the last failure", () => {
    expect(secondsToWait({ failures: 6, lastFailedAt: secondsAgo(45) }, 6, now)).toBe(15);
    expect(secondsToWait({ failures: 6, lastFailedAt: secondsAgo(60) }, 6, now)).toBe(0);
    expect(secondsToWait({ failures: 5, lastFailedAt: secondsAgo(0.5) }, 5, now)).toBe(30);
  });

  it("forgets a source's failures an hour after its last one", () => {
    expect(secondsToWait({ failures: 30, lastFailedAt: secondsAgo(SIGN_IN_DELAY.forgetAfterSeconds - 1) }, 30, now)).toBe(0);
    expect(secondsToWait({ failures: 200, lastFailedAt: secondsAgo(SIGN_IN_DELAY.forgetAfterSeconds) }, 200, now)).toBe(0);
  });

  it("under attack (100 failures for the account this hour) holds every source to the wait from its first failure", () => {
    const waits = [0, 1, 2, 3, 4].map((failures) => secondsToWait(justFailed(failures), 100, now));
    expect(waits).toEqual([0, 30, 60, 120, 240]);
    expect(secondsToWait(justFailed(1), 99, now)).toBe(0);
  });
});

describe("the message tells the real wait", () => {
  it.each([
    [0.2, "1 second"],
    [1, "1 second"],
    [30, "30 seconds"],
    [59, "59 seconds"],
    [60, "1 minute"],
    [61, "2 minutes"],
    [120, "2 minutes"],
    [900, "15 minutes"],
  ])("%d s reads %j", (seconds, phrase) => {
    expect(waitPhrase(seconds)).toBe(phrase);
  });

  it("in the usual words", () => {
    expect(tooManyAttempts(120)).toBe("Too many attempts. Please wait 2 minutes and try again.");
    expect(tooManyAttempts(30)).toBe("Too many attempts. Please wait 30 seconds and try again.");
  });
});
