import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const directory = mkdtempSync(path.join(tmpdir(), "isent-start-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** Runs the check `npm start` runs before anything else (scripts/check-env.ts) in a clean production environment. */
async function startCheck(env: Record<string, string>): Promise<{ code: number; output: string }> {
  const clean: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", DATA_DIR: directory, ...env };
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "scripts/check-env.ts"], { env: clean });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe("the start-up check of a demo and a deployment", () => {
  it("refuses a production deployment without SMS, mail or payment settings, naming each variable", async () => {
    const { code, output } = await startCheck({ PUBLIC_URL: "https://isent.example.in" });
    expect(code).toBe(1);
    expect(output).toContain("This is a deployment (PUBLIC_URL is https)");
    for (const name of ["SMS_PROVIDER", "SMTP_URL", "RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET", "SELLER_GSTIN"]) {
      expect(output).toContain(`  - ${name}: `);
    }
  }, 30_000);

  it("starts a deployment with a real SMS provider, SMTP and Razorpay (secrets read from files), and a demo with nothing real", async () => {
    const webhookSecret = path.join(directory, "razorpay-webhook-secret");
    writeFileSync(webhookSecret, "whsec-from-a-file\n");
    const deployment = await startCheck({
      PUBLIC_URL: "https://isent.example.in",
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
      TWILIO_AUTH_TOKEN: "twilio-token",
      TWILIO_FROM: "+15005550006",
      TWILIO_BASE_URL: "http://127.0.0.1:9",
      SMTP_URL: "smtp://127.0.0.1:2525",
      RAZORPAY_KEY_ID: "rzp_test_local",
      RAZORPAY_KEY_SECRET: "razorpay-secret",
      RAZORPAY_WEBHOOK_SECRET_FILE: webhookSecret,
      RAZORPAY_API_URL: "http://127.0.0.1:9",
      SELLER_GSTIN: "29ABCDE1234F1Z5",
    });
    expect(deployment).toEqual({ code: 0, output: expect.stringContaining("Environment OK") });
    const demo = await startCheck({ PUBLIC_URL: "http://127.0.0.1:3231" });
    expect(demo).toEqual({ code: 0, output: expect.stringContaining("Environment OK") });
    expect(demo.output).toContain("a demo: SMS are simulated, mail stays on this server, payments are test payments");
  }, 30_000);
});
