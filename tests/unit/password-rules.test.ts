import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";

import commonPasswords from "~/data/common-passwords.json";
import { isMadeFromAccountDetails, isOneRepeatedCharacter } from "~/lib/password-rules";
import {
  PASSWORD_FROM_ACCOUNT_DETAILS,
  PASSWORD_ONE_CHARACTER,
  PASSWORD_TOO_COMMON,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from "~/lib/schemas/auth";
import { isCommonPassword, refusingCommonPasswords } from "~/lib/schemas/auth.server";

const account = { email: "ravi.kumar@shop.example.in", name: "Ravi Kumar", businessName: "Sharma Stores" };

describe("a password of one repeated character", () => {
  it.each(["aaaaaa", "000000000", "ZZZZZZZ", "🙂🙂🙂🙂🙂🙂"])("is %j", (password) => {
    expect(isOneRepeatedCharacter(password)).toBe(true);
  });

  it.each(["aaaaab", "abcabc", "Aaaaaa", ""])("is not %j", (password) => {
    expect(isOneRepeatedCharacter(password)).toBe(false);
  });
});

describe("a password made from the account's details", () => {
  it.each([
    ["the email's local part", "ravi.kumar"],
    ["the local part without its dot, in capitals", "RAVIKUMAR"],
    ["the whole email", "Ravi.Kumar@shop.example.in"],
    ["the business name", "sharmastores"],
    ["the business name and digits", "sharmastores123"],
    ["the business name spaced, punctuated and dated", "Sharma Stores @2024!"],
    ["digits and the business name", "2024sharmastores"],
    ["the name and digits", "ravikumar1"],
  ])("is %s (%j)", (_, password) => {
    expect(isMadeFromAccountDetails(password, account)).toBe(true);
  });

  it.each([
    ["a passphrase that only contains the business name", "sharma-stores-blue-tiger"],
    ["the business name with letters added", "sharmastoresx"],
    ["an unrelated password", "correct-horse-42"],
  ])("is not %s (%j)", (_, password) => {
    expect(isMadeFromAccountDetails(password, account)).toBe(false);
  });

  it("ignores the digits around an email's local part too ('ravi1990@' makes 'ravi2024' personal)", () => {
    expect(isMadeFromAccountDetails("ravi2024", { email: "ravi1990@mail.example" })).toBe(true);
  });

  it("knows nothing to refuse when the account has no details yet", () => {
    expect(isMadeFromAccountDetails("sharmastores123", {})).toBe(false);
  });
});

describe("the common-password list (server only)", () => {
  it("holds the 10,000 most common, lower case, once each, most common first", () => {
    expect(commonPasswords.slice(0, 3)).toEqual(["123456", "password", "12345678"]);
    expect(commonPasswords.length).toBeGreaterThan(9_900);
    expect(new Set(commonPasswords).size).toBe(commonPasswords.length);
    expect(commonPasswords.every((password) => password === password.toLowerCase())).toBe(true);
  });

  it.each(["123456", "password", "Password", "QWERTY123", "iloveyou"])("refuses %j", (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(["demo12345", "correct-horse-42", "secret-pass", "secret123"])("lets %j through (the demo and test passwords)", (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});

describe("the forms' password rules", () => {
  const registration = {
    username: "ravi.kumar@shop.example.in",
    password: "correct-horse-42",
    name: "Ravi Kumar",
    businessName: "Sharma Stores",
    mobileNumber: "9876543210",
  };
  const errorsOf = (schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) => {
    const formData = new FormData();
    for (const [name, value] of Object.entries(fields)) formData.set(name, value);
    return parseWithZod(formData, { schema }).reply().error;
  };
  const passwordErrors = (schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) =>
    errorsOf(schema, fields)?.password;

  it("the browser's registration schema refuses one repeated character and the account's details, not the list", () => {
    expect(passwordErrors(registerSchema, { ...registration, password: "aaaaaa" })).toEqual([PASSWORD_ONE_CHARACTER]);
    expect(passwordErrors(registerSchema, { ...registration, password: "sharmastores123" })).toEqual([PASSWORD_FROM_ACCOUNT_DETAILS]);
    expect(passwordErrors(registerSchema, { ...registration, password: "password" })).toBeUndefined();
  });

  it("the server's adds the list, one message a password, and a short password hears only of its length", () => {
    const onServer = refusingCommonPasswords(registerSchema);
    expect(passwordErrors(onServer, { ...registration, password: "password" })).toEqual([PASSWORD_TOO_COMMON]);
    // On the list too, but one message is enough.
    expect(passwordErrors(onServer, { ...registration, password: "aaaaaa" })).toEqual([PASSWORD_ONE_CHARACTER]);
    expect(passwordErrors(onServer, { ...registration, password: "12345" })).toEqual(["Password must be at least 6 characters"]);
    expect(passwordErrors(onServer, registration)).toBeUndefined();
  });

  it("names a common password together with the other fields' problems", () => {
    expect(errorsOf(refusingCommonPasswords(registerSchema), { ...registration, password: "password", name: "R" })).toEqual({
      name: ["Name must be at least 2 characters"],
      password: [PASSWORD_TOO_COMMON],
    });
  });

  it("a reset checks the password alone; signing in checks none of it", () => {
    expect(passwordErrors(refusingCommonPasswords(resetPasswordSchema), { token: "t".repeat(43), password: "123456" })).toEqual([
      PASSWORD_TOO_COMMON,
    ]);
    expect(passwordErrors(loginSchema, { username: "a@shop.example.in", password: "123456" })).toBeUndefined();
  });
});
