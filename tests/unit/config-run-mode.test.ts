import { describe, expect, it } from "vitest";

import { deploymentProblem, demoNotice, parseConfig, startupProblem } from "~/config.server";

import { problemsOf } from "../support/config";

/** What a real deployment sets: a real SMS provider, a mail server, Razorpay and the seller's GSTIN. */
const REAL_SERVICES = {
  SMS_PROVIDER: "msg91",
  MSG91_AUTH_KEY: "msg91-key",
  MSG91_WEBHOOK_TOKEN: "t".repeat(24),
  SMTP_URL: "smtp://user:pass@mail.example.in:587",
  RAZORPAY_KEY_ID: "rzp_live_x",
  RAZORPAY_KEY_SECRET: "razorpay-secret",
  RAZORPAY_WEBHOOK_SECRET: "razorpay-webhook-secret",
  SELLER_GSTIN: "29ABCDE1234F1Z5",
};
const HTTPS_SITE = { NODE_ENV: "production", PUBLIC_URL: "https://isent.example.in" };

const modeOf = (env: Record<string, string>) => parseConfig(env).RUN_MODE;

describe("a run is a demo or a deployment", () => {
  it("is a demo on a fresh machine, and on the e2e server (http PUBLIC_URL, demo data)", () => {
    expect(modeOf({})).toEqual({ kind: "demo", because: "nothing says this is a deployment" });
    expect(modeOf({ NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1:3221" }).kind).toBe("demo");
  });

  it("is a deployment with an https PUBLIC_URL, without demo data, with DEPLOYMENT=true, or with any real outside service", () => {
    expect(modeOf(HTTPS_SITE)).toEqual({ kind: "deployment", because: "PUBLIC_URL is https" });
    expect(modeOf({ SEED_DEMO_DATA: "false" })).toEqual({ kind: "deployment", because: "SEED_DEMO_DATA=false" });
    expect(modeOf({ DEPLOYMENT: "true" })).toEqual({ kind: "deployment", because: "DEPLOYMENT=true" });
    // An http server with a real SMS provider must not hand out the test gateway's free credits.
    expect(
      modeOf({ SMS_PROVIDER: "twilio", TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`, TWILIO_AUTH_TOKEN: "x", TWILIO_FROM: "+15005550006" }),
    ).toEqual({
      kind: "deployment",
      because: "SMS_PROVIDER=twilio",
    });
    expect(modeOf({ SMTP_URL: REAL_SERVICES.SMTP_URL }).because).toBe("SMTP_URL is set");
  });

  it("is a public demo with DEMO=true (or the old ALLOW_TEST_GATEWAY=true) whatever else is set, and refuses DEMO with DEPLOYMENT", () => {
    expect(modeOf({ ...HTTPS_SITE, ...REAL_SERVICES, DEMO: "true" })).toEqual({ kind: "demo", because: "DEMO=true" });
    expect(modeOf({ ...HTTPS_SITE, ALLOW_TEST_GATEWAY: "true" }).kind).toBe("demo");
    expect(problemsOf({ DEMO: "true", DEPLOYMENT: "true" })).toEqual([
      'DEPLOYMENT is true, and so is DEMO: a run is either a demo or a deployment, so set only one of them (got "true")',
    ]);
    expect(problemsOf({ DEMO: "yes" })).toEqual(['DEMO must be true or false (got "yes")']);
    expect(problemsOf({ DEPLOYMENT: "1" })[0]).toMatch(/^DEPLOYMENT must be true or false/);
  });

  it("refuses to start a deployment while any outside service would be simulated, naming each missing variable", () => {
    const problem = deploymentProblem(parseConfig(HTTPS_SITE));
    expect(problem).toBe(
      [
        "This is a deployment (PUBLIC_URL is https), and it does not start while an outside service would be simulated. Set:",
        "  - SMS_PROVIDER: msg91 or twilio, with its own variables (SMS would be simulated, never sent)",
        "  - SMTP_URL: the mail server (mail would stay on this server, in DATA_DIR/outbox)",
        "  - RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: Razorpay's keys (payments would be test payments: free credits, no money moves)",
        "  - SELLER_GSTIN: the seller's GSTIN, printed on every GST invoice",
        "For a public demo instead (SMS simulated, mail kept, test payments, a banner saying so), set DEMO=true.",
      ].join("\n"),
    );
    // One variable missing: only it is named.
    for (const name of ["SMTP_URL", "SELLER_GSTIN"] as const) {
      const { [name]: _left, ...rest } = REAL_SERVICES;
      const lines = deploymentProblem(parseConfig({ ...HTTPS_SITE, ...rest }))!
        .split("\n")
        .filter((line) => line.startsWith("  - "));
      expect(lines).toEqual([expect.stringMatching(new RegExp(`^  - ${name}: `))]);
    }
    const { SMS_PROVIDER: _provider, MSG91_AUTH_KEY: _key, MSG91_WEBHOOK_TOKEN: _token, ...withoutSms } = REAL_SERVICES;
    expect(deploymentProblem(parseConfig({ ...HTTPS_SITE, ...withoutSms }))).toMatch(
      /\n {2}- SMS_PROVIDER: msg91 or twilio.*\nFor a public demo/,
    );
    // DEPLOYMENT=true without PUBLIC_URL names it too.
    expect(deploymentProblem(parseConfig({ DEPLOYMENT: "true", ...REAL_SERVICES }))).toMatch(
      /^This is a deployment \(DEPLOYMENT=true\).*\n {2}- PUBLIC_URL: the site's public address/,
    );
  });

  it("starts a deployment with a real SMS provider, SMTP, Razorpay and the seller's GSTIN", () => {
    const config = parseConfig({ ...HTTPS_SITE, ...REAL_SERVICES });
    expect(config.RUN_MODE.kind).toBe("deployment");
    expect(startupProblem(config, {})).toBeNull();
    expect(config.SIMULATED).toEqual({ sms: false, mail: false, payments: false });
    expect(demoNotice(config)).toBeNull();
    const twilio = {
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: `AC${"1".repeat(32)}`,
      TWILIO_AUTH_TOKEN: "x",
      TWILIO_FROM: "+15005550006",
    };
    const { MSG91_AUTH_KEY: _key, MSG91_WEBHOOK_TOKEN: _token, ...rest } = REAL_SERVICES;
    expect(startupProblem(parseConfig({ ...HTTPS_SITE, ...rest, ...twilio }), {})).toBeNull();
  });

  it("starts a demo with nothing real, and its banner says what is simulated; a demo's payments are test payments even with Razorpay's keys", () => {
    const demo = parseConfig({ NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1:3221" });
    expect(startupProblem(demo, {})).toBeNull();
    expect(demoNotice(demo)).toBe("Demo: SMS are simulated, mail stays on this server, payments are test payments");
    const publicDemo = parseConfig({ ...HTTPS_SITE, ...REAL_SERVICES, DEMO: "true" });
    expect(startupProblem(publicDemo, {})).toBeNull();
    expect(publicDemo.SIMULATED).toEqual({ sms: false, mail: false, payments: true });
    expect(demoNotice(publicDemo)).toBe("Demo: payments are test payments");
    expect(demoNotice(parseConfig({ DEMO: "true", SMTP_URL: REAL_SERVICES.SMTP_URL }))).toBe(
      "Demo: SMS are simulated, payments are test payments",
    );
  });
});
