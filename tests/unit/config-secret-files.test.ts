import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { SECRET_VARIABLES, parseConfig } from "~/config.server";

import { problemsOf } from "../support/config";

const directory = mkdtempSync(path.join(tmpdir(), "isent-secrets-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function secretFile(name: string, content: string): string {
  const file = path.join(directory, name);
  writeFileSync(file, content);
  return file;
}

describe("secrets given as NAME_FILE", () => {
  it("reads a secret from the file NAME_FILE names, trimmed of its line break", () => {
    const config = parseConfig({ SESSION_SECRET_FILE: secretFile("session", "from-a-file\n") });
    expect(config.SESSION_SECRET).toBe("from-a-file");
    const smtp = parseConfig({ SMTP_URL_FILE: secretFile("smtp", "  smtp://user:pass@mail.example.in:587 \n") });
    expect(smtp.SMTP_URL).toBe("smtp://user:pass@mail.example.in:587");
  });

  it("accepts NAME_FILE for every secret variable", () => {
    expect(SECRET_VARIABLES).toEqual(
      expect.arrayContaining([
        "SESSION_SECRET",
        "DATABASE_URL",
        "SMTP_URL",
        "RAZORPAY_KEY_SECRET",
        "RAZORPAY_WEBHOOK_SECRET",
        "TWILIO_AUTH_TOKEN",
      ]),
    );
    const token = secretFile("token", "t".repeat(30));
    expect(parseConfig({ MSG91_WEBHOOK_TOKEN_FILE: token }).MSG91_WEBHOOK_TOKEN).toBe("t".repeat(30));
  });

  it("refuses both NAME and NAME_FILE, naming both", () => {
    expect(problemsOf({ SESSION_SECRET: "inline", SESSION_SECRET_FILE: secretFile("both", "file") })).toEqual([
      "SESSION_SECRET and SESSION_SECRET_FILE are both set: give the secret one way only",
    ]);
  });

  it("names the variable whose file cannot be read, or is empty", () => {
    const missing = path.join(directory, "no-such-file");
    expect(problemsOf({ RAZORPAY_KEY_SECRET_FILE: missing })).toEqual([
      `RAZORPAY_KEY_SECRET_FILE names a file that cannot be read (${missing}: ENOENT)`,
    ]);
    expect(problemsOf({ RAZORPAY_KEY_SECRET_FILE: directory })).toEqual([
      `RAZORPAY_KEY_SECRET_FILE names a file that cannot be read (${directory}: EISDIR)`,
    ]);
    const empty = secretFile("empty", "\n");
    expect(problemsOf({ SESSION_SECRET_FILE: empty })).toEqual([`SESSION_SECRET_FILE names an empty file (${empty})`]);
  });

  it("checks a secret read from a file like any other, never printing it, and lists every problem at once", () => {
    const problems = problemsOf({
      DATABASE_URL_FILE: secretFile("database", "mysql://root:hunter2@db/isent"),
      PORT: "x",
      TWILIO_AUTH_TOKEN_FILE: path.join(directory, "absent"),
    });
    expect(problems).toHaveLength(3);
    expect(problems).toContain("DATABASE_URL (read from DATABASE_URL_FILE) must start with postgres:// or postgresql://");
    expect(problems.join("\n")).not.toContain("hunter2");
  });
});
