import { describe, expect, it } from "vitest";

import { parseConfig } from "~/config.server";
import { replyIntent } from "~/lib/sms-reply";

import { problemsOf } from "../support/config";

describe("SMS provider settings", () => {
  it("default to the simulator with no rate limit, a tenth failing, reports after 3 s", () => {
    expect(parseConfig({})).toMatchObject({
      SMS_PROVIDER: "simulator",
      SMS_RATE_LIMIT: 0,
      SMS_SIMULATOR_FAILURE_SHARE: 0.1,
      SMS_SIMULATOR_REPORT_DELAY_SECONDS: 3,
      MSG91_BASE_URL: "https://control.msg91.com",
      TWILIO_BASE_URL: "https://api.twilio.com",
    });
  });

  it("MSG91 needs its key and a webhook token; the token is never echoed", () => {
    expect(problemsOf({ SMS_PROVIDER: "msg91" })).toEqual([
      "MSG91_AUTH_KEY is required when SMS_PROVIDER is msg91",
      "MSG91_WEBHOOK_TOKEN is required when SMS_PROVIDER is msg91",
    ]);
    expect(problemsOf({ SMS_PROVIDER: "msg91", MSG91_AUTH_KEY: "k", MSG91_WEBHOOK_TOKEN: "short" })).toEqual([
      "MSG91_WEBHOOK_TOKEN must be at least 24 characters",
    ]);
    expect(problemsOf({ SMS_PROVIDER: "msg91", MSG91_AUTH_KEY: "k", MSG91_WEBHOOK_TOKEN: "x".repeat(32) })).toEqual([]);
  });

  it("Twilio needs its SID, token and a sender or messaging service", () => {
    expect(problemsOf({ SMS_PROVIDER: "twilio" })).toEqual([
      "TWILIO_ACCOUNT_SID is required when SMS_PROVIDER is twilio",
      "TWILIO_AUTH_TOKEN is required when SMS_PROVIDER is twilio",
      "TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is required when SMS_PROVIDER is twilio",
    ]);
    expect(problemsOf({ SMS_PROVIDER: "twilio", TWILIO_ACCOUNT_SID: "AC1" })[0]).toBe(
      'TWILIO_ACCOUNT_SID must be an account SID such as AC followed by 32 hex digits (got "AC1")',
    );
    const sid = `AC${"0".repeat(32)}`;
    expect(problemsOf({ SMS_PROVIDER: "twilio", TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: "t", TWILIO_FROM: "+15005550006" })).toEqual(
      [],
    );
  });

  it("a batch must go out within 20 s at the rate limit (a worker's claim on it lasts 60 s)", () => {
    expect(problemsOf({ SMS_RATE_LIMIT: "5" })).toEqual([
      "SMS_BATCH_SIZE must be at most 20 × SMS_RATE_LIMIT (100), so a batch goes out within 20 s",
    ]);
    expect(problemsOf({ SMS_RATE_LIMIT: "5", SMS_BATCH_SIZE: "100" })).toEqual([]);
    expect(problemsOf({ SMS_RATE_LIMIT: "10" })).toEqual([]);
  });

  it("refuses an unknown provider and impossible numbers", () => {
    expect(problemsOf({ SMS_PROVIDER: "sendgrid" })).toEqual(['SMS_PROVIDER must be simulator, msg91 or twilio (got "sendgrid")']);
    expect(problemsOf({ SMS_RATE_LIMIT: "-5" })).toEqual(['SMS_RATE_LIMIT must be 0 (no limit) or more (got "-5")']);
    expect(problemsOf({ SMS_SIMULATOR_FAILURE_SHARE: "1.5" })).toEqual(['SMS_SIMULATOR_FAILURE_SHARE must be between 0 and 1 (got "1.5")']);
  });
});

describe("what a reply asks for", () => {
  it("an opt-out keyword alone, any case, with punctuation around it", () => {
    for (const body of ["STOP", "stop", "Stop!", " unsubscribe ", "End", "QUIT.", "cancel"]) {
      expect(replyIntent(body)).toMatchObject({ action: "opted_out", senderHeader: null });
    }
    expect(replyIntent("start")).toEqual({ action: "opted_in", keyword: "START", senderHeader: null });
  });

  it("the keyword with the sender header before or after it, with or without the operator's prefix", () => {
    expect(replyIntent("stop ISENTL")).toEqual({ action: "opted_out", keyword: "STOP", senderHeader: "ISENTL" });
    expect(replyIntent("isentl STOP")).toEqual({ action: "opted_out", keyword: "STOP", senderHeader: "ISENTL" });
    expect(replyIntent("VM-SHARMA start")).toEqual({ action: "opted_in", keyword: "START", senderHeader: "SHARMA" });
  });

  it("a six-letter word beside the keyword is taken as a header, which the model then looks for among the campaigns' headers", () => {
    expect(replyIntent("please stop")).toEqual({ action: "opted_out", keyword: "STOP", senderHeader: "PLEASE" });
  });

  it("nothing for sentences, two keywords, or a word that is no header", () => {
    for (const body of ["please stop now", "STOP START", "stop it now", "STOP ME", "", "STOPPED", "stop ISENTL2"]) {
      expect(replyIntent(body)).toBeNull();
    }
  });
});
