import { readFile } from "node:fs/promises";

import type { Download, Page } from "@playwright/test";
import { parse } from "csv-parse/sync";

import { INTRO_SEEN_COOKIE, expect, test } from "./fixtures";

const BOM = "\uFEFF";
const INVALID_MOBILE = "Enter a valid Indian mobile number, e.g. 98123 45678";
const NAME_AND_MOBILE_REQUIRED = "Name and mobile number are required";
const INVALID_EMAIL = "Please enter a valid email address";
const CONTROL_CHARACTERS = "Remove the invisible control characters from this field";
const EMAIL_LEFT_OUT = `Email not imported: ${INVALID_EMAIL}`;
const GROUPS_LEFT_OUT = `Groups not imported: ${CONTROL_CHARACTERS}`;
const IMPORT_URL = /\/contacts\/import\/[0-9a-f-]{36}$/;
/** CSV read as the import reads it: a line break of any kind ends a row unless it is inside quotes. */
const readCsv = (text: string) => parse(text, { bom: true, record_delimiter: ["\r\n", "\n", "\r"] }) as string[][];

/** A CSV as Excel saves it in a ';' locale: a byte-order mark, CRLF rows, and cells quoted only when they must be. */
function excelCsv(rows: string[][], separator = ";"): string {
  const cell = (value: string) => (/[;,"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return `${BOM}${rows.map((row) => row.map(cell).join(separator)).join("\r\n")}\r\n`;
}

/** The ten digits of the n-th made-up mobile number (all valid Indian mobiles). */
const digits = (n: number) => `98123${String(n).padStart(5, "0")}`;

/** The ways people write one number: '98123 45678', '+91 98123-45678', '09812345678', '919812345678', '+919812345678', '98123.45678'. */
const FORMATS = [
  (d: string) => `${d.slice(0, 5)} ${d.slice(5)}`,
  (d: string) => `+91 ${d.slice(0, 5)}-${d.slice(5)}`,
  (d: string) => `0${d}`,
  (d: string) => `91${d}`,
  (d: string) => `+91${d}`,
  (d: string) => `${d.slice(0, 5)}.${d.slice(5)}`,
];
const NAMES = ["Asha", "Ravi", "Meena", "Kavya", "Arjun", "Priya", "राहुल", "Sneha"];

const XSS_NAMES = ["<img src=x onerror=alert(1)>", "<svg onload=alert(2)>"];

type Rejected = { line: number; reason: string; cells: string[] };
type Warned = { line: number; warning: string };

/**
 * A customer list of `total` rows as a shop would export it from its old software: mixed number
 * formats, Hindi names, quotes and separators inside cells, two names with HTML, 20 bad rows (15 of
 * them rejected for their name or number; 5 whose email or groups are bad, imported without them,
 * one of those spanning two lines, as Alt+Enter in a cell writes it) and 5 repeated numbers (3 the
 * same, 2 adding a group). Returns the file and what the report must say.
 */
function customerList(total: number) {
  const header = ["Customer Name", "Phone", "E-mail", "Groups"];
  const rows: string[][] = [];
  const bad = new Map<number, { cells: string[]; reason?: string; warning?: string }>();
  for (let k = 0; k < 20; k++) {
    const i = 10 + 50 * k;
    const d = digits(i);
    const kinds: Array<{ cells: string[]; reason?: string; warning?: string }> = [
      { cells: [`Landline ${i}`, "022 2345 6789", "", ""], reason: INVALID_MOBILE },
      { cells: ["  ", FORMATS[0](d), "", "Regulars"], reason: NAME_AND_MOBILE_REQUIRED },
      { cells: [`Typo ${i}`, FORMATS[1](d), "ravi@", ""], warning: EMAIL_LEFT_OUT },
      { cells: [`Letters ${i}`, "98123 4567a", "", ""], reason: INVALID_MOBILE },
      { cells: [`No number ${i}`, "", "", ""], reason: NAME_AND_MOBILE_REQUIRED },
    ];
    bad.set(i, k === 5 ? { cells: [`Two lines ${i}`, FORMATS[2](d), "", "Regulars\nDiwali"], warning: GROUPS_LEFT_OUT } : kinds[k % 5]);
  }
  // Repeats of rows 1, 4, 5, 6 and 7, the number written another way; the last two add a group.
  const repeats = new Map([
    [400, 1],
    [700, 4],
    [800, 5],
    [900, 6],
    [999, 7],
  ]);
  const good = (i: number, format = i % FORMATS.length) => [
    i === 0 ? "Asha Rao" : i === 3 ? 'Ravi "Bhai" Kumar; Indiranagar' : `${NAMES[i % NAMES.length]} ${i}`,
    FORMATS[format](digits(i)),
    i === 0 ? "asha@example.in" : i % 3 === 0 ? `Customer${i}@Example.in` : "",
    i % 4 === 0 ? "Regulars, Diwali" : i % 4 === 1 ? "Regulars" : "",
  ];
  for (let i = 0; i < total; i++) {
    const repeatOf = repeats.get(i);
    if (bad.has(i)) rows.push(bad.get(i)!.cells);
    else if (repeatOf !== undefined) {
      const cells = good(repeatOf, (repeatOf + 1) % FORMATS.length);
      if (i >= 900) cells[3] = cells[3] ? `${cells[3]}, VIP` : "VIP";
      rows.push(cells);
    } else if (i === 2 || i === 600) rows.push([XSS_NAMES[i === 2 ? 0 : 1], FORMATS[0](digits(i)), "", ""]);
    else rows.push(good(i));
  }
  // Each row's line in the file: the header is line 1; a cell with a line break moves the rows after it.
  const rejected: Rejected[] = [];
  const warned: Warned[] = [];
  let line = 2;
  rows.forEach((cells, i) => {
    const { reason, warning } = bad.get(i) ?? {};
    if (reason) rejected.push({ line, reason, cells });
    if (warning) warned.push({ line, warning });
    line += cells.join("").split("\n").length;
  });
  return { csv: excelCsv([header, ...rows]), rejected, warned, imported: total - rejected.length - 5, updated: 2, skipped: 3 };
}

async function chooseFile(page: Page, name: string, content: string | Buffer, mimeType = "text/csv") {
  await page.goto("/contacts/import");
  await page.getByLabel("CSV file").setInputFiles({ name, mimeType, buffer: Buffer.isBuffer(content) ? content : Buffer.from(content) });
  await page.getByRole("button", { name: "Upload and continue" }).click();
}

/** Step 1: uploads the file and lands on step 2; returns the import's page. */
async function upload(page: Page, name: string, content: string | Buffer) {
  await chooseFile(page, name, content);
  await expect(page).toHaveURL(IMPORT_URL);
  await expect(page.getByRole("listitem").filter({ hasText: "2. Match columns" })).toHaveAttribute("aria-current", "step");
  return new URL(page.url()).pathname;
}

/** A step-2 select by its field's label (the required ones end in ' *'). */
const column = (page: Page, label: string) => page.getByRole("combobox", { name: new RegExp(`^${label}( \\*)?$`) });

/** The column a step-2 select has chosen, by its header name ('' for none). */
async function expectColumn(page: Page, label: string, header: string) {
  await expect(column(page, label).locator("option:checked")).toHaveText(header);
}

/** Step 3: waits for the report and checks its four counts. */
async function expectReport(
  page: Page,
  counts: { imported: number; updated: number; skipped: number; rejected: number },
  timeout = 15_000,
) {
  await expect(page.getByRole("heading", { name: "Import finished" })).toBeVisible({ timeout });
  const format = (value: number) => value.toLocaleString("en-IN");
  await expect(page.getByTestId("import-imported")).toHaveText(format(counts.imported));
  await expect(page.getByTestId("import-updated")).toHaveText(format(counts.updated));
  await expect(page.getByTestId("import-skipped")).toHaveText(format(counts.skipped));
  await expect(page.getByTestId("import-rejected")).toHaveText(format(counts.rejected));
}

async function downloadedText(download: Download) {
  return readFile((await download.path())!, "utf8");
}

/** Fails the test if any script the page did not mean to run opens a dialog. */
function refuseDialogs(page: Page) {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  return dialogs;
}

test("a new business imports 1,000 customers from an Excel CSV: columns guessed, exact report, rejected rows to download, HTML kept as text", async ({
  page,
  login,
}) => {
  test.setTimeout(90_000);
  const dialogs = refuseDialogs(page);
  await login();
  const list = customerList(1000);

  await upload(page, "customers.csv", list.csv);
  await expect(page.getByText("customers.csv · 1,000 rows.")).toBeVisible();
  await expectColumn(page, "Name", "Customer Name");
  await expectColumn(page, "Mobile number", "Phone");
  await expectColumn(page, "Email", "E-mail");
  await expectColumn(page, "Groups", "Groups");
  for (const label of ["Notes", "Consent", "Consent source"]) await expectColumn(page, label, "Don't import");
  const preview = page.getByRole("region", { name: "Preview" }).getByRole("table");
  await expect(preview.getByRole("columnheader")).toHaveText(["Name", "Mobile number", "Email", "Groups"]);
  await expect(preview.getByRole("row").nth(1).getByRole("cell")).toHaveText([
    "Asha Rao",
    "98123 00000",
    "asha@example.in",
    "Regulars, Diwali",
  ]);
  // The preview shows the file's HTML as text too.
  await expect(preview.getByRole("row").nth(3).getByRole("cell").first()).toHaveText(XSS_NAMES[0]);
  await expect(preview.getByRole("row").nth(4).getByRole("cell").first()).toHaveText('Ravi "Bhai" Kumar; Indiranagar');

  await page.getByRole("button", { name: "Import 1,000 rows" }).click();
  expect([list.rejected.length, list.warned.length]).toEqual([15, 5]);
  await expectReport(page, { imported: list.imported, updated: list.updated, skipped: list.skipped, rejected: 15 }, 60_000);
  await expect(page.getByText("customers.csv · 1,000 of 1,000 rows read")).toBeVisible();

  // Every rejected row, with its line in the file and why.
  const rejectedRows = page.getByRole("region", { name: "Rejected rows" }).getByRole("row");
  await expect(rejectedRows).toHaveCount(1 + 15);
  // Each shows what the row held (its non-blank cells) above the reason.
  const shown = ({ cells, reason }: Rejected) =>
    `${cells
      .map((cell) => cell.trim())
      .filter(Boolean)
      .join(", ")}${reason}`;
  await expect(rejectedRows.nth(1).getByRole("cell")).toHaveText(["12", shown(list.rejected[0])]);
  expect(shown(list.rejected[0])).toBe(`Landline 10, 022 2345 6789${INVALID_MOBILE}`);
  // The row with a line break in a cell takes two lines: the rows after it are one line further down.
  await expect(rejectedRows.nth(5).getByRole("cell")).toHaveText(["313", shown(list.rejected[4])]);
  expect(list.rejected[4].reason).toBe(NAME_AND_MOBILE_REQUIRED);
  await expect(rejectedRows.nth(15).getByRole("cell")).toHaveText([String(list.rejected[14].line), shown(list.rejected[14])]);
  // The rows with a bad email or bad groups are imported without them, each listed with its line.
  const warningRows = page.getByRole("region", { name: "Imported with warnings" }).getByRole("row");
  await expect(warningRows).toHaveCount(1 + 5);
  await expect(warningRows.nth(1).getByRole("cell")).toHaveText(["112", EMAIL_LEFT_OUT]);
  await expect(warningRows.nth(2).getByRole("cell")).toHaveText(["262", GROUPS_LEFT_OUT]);
  for (const [index, { line, warning }] of list.warned.entries()) {
    await expect(warningRows.nth(index + 1).getByRole("cell")).toHaveText([String(line), warning]);
  }

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download rejected rows (CSV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("rejected-customers.csv");
  const rejectedCsv = await downloadedText(download);
  const lines = rejectedCsv.split("\r\n");
  expect(lines[0]).toBe(`${BOM}Line,Reason,Customer Name,Phone,E-mail,Groups`);
  expect(lines[1]).toBe(`12,"${INVALID_MOBILE}",Landline 10,022 2345 6789,,`);
  expect(lines[2]).toBe(`62,${NAME_AND_MOBILE_REQUIRED},  ,98123 00060,,Regulars`);
  expect(rejectedCsv).not.toContain("Typo ");
  expect(readCsv(rejectedCsv)).toEqual([
    ["Line", "Reason", "Customer Name", "Phone", "E-mail", "Groups"],
    // Cells a spreadsheet would run as a formula ('+91…') are written as text, as the export writes them.
    ...list.rejected.map(({ line, reason, cells }) => [
      String(line),
      reason,
      ...cells.map((cell) => (/^[=+\-@]/.test(cell) && !/^\+\d+$/.test(cell) ? `'${cell}` : cell)),
    ]),
  ]);

  await page.getByRole("link", { name: "View contacts" }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByTestId("contacts-total")).toHaveText(`${list.imported} contacts`);
  await page.goto("/contacts?q=alert");
  const contacts = page.getByRole("list", { name: "Contacts" }).locator(":scope > li");
  await expect(contacts).toHaveCount(2);
  for (const name of XSS_NAMES) await expect(contacts.filter({ hasText: name })).toHaveCount(1);
  await expect(page.locator('img[src="x"], svg[onload], [onerror]')).toHaveCount(0);
  // A row with a typo in its email is a contact without an email; the one with a line break in its groups, without groups.
  await page.goto(`/contacts?q=${digits(110)}`);
  await expect(contacts).toHaveCount(1);
  await expect(contacts.first()).toContainText("Typo 110");
  await expect(contacts.first()).not.toContainText("ravi@");
  await page.goto(`/contacts?q=${digits(260)}`);
  await expect(contacts.first()).toContainText("Two lines 260");
  await expect(contacts.first().getByRole("list", { name: "Groups" })).toHaveCount(0);
  // The repeats merged into the first row with the number: one contact, with the added group.
  await page.goto(`/contacts?q=${digits(7)}`);
  await expect(contacts).toHaveCount(1);
  await expect(contacts.first()).toContainText(`${NAMES[7]} 7`);
  await expect(contacts.first()).toContainText("VIP");
  expect(dialogs).toEqual([]);
});

test("an export imports back unchanged: nothing added or updated, the list as it was", async ({ page, login }) => {
  test.slow();
  await login();
  const header = ["Name", "Mobile number", "Email", "Groups", "Notes", "Consent", "Consent source"];
  const people = [
    ["Asha Rao", "98123 45678", "Asha@Example.in", "Regulars, Diwali", "Likes kaju katli\non Sundays", "opted_in", "Shop counter"],
    ["राहुल शर्मा", "+91 99000-11122", "", "Regulars", "", "", ""],
    ["Meena 🌸", "09000012345", "", "", "", "No", "Told us at the counter"],
    ["=SUM(A1:A2)", "+919845012346", "", "", "-5 discount", "", ""],
    ["<b>Bold</b> & co", "70123 45678", "", "", "", "yes", ""],
    ['Ravi "Bhai"', "81234 56789", "", "Wholesale", "", "", ""],
  ];
  await upload(page, "first.csv", excelCsv([header, ...people], ","));
  await page.getByRole("button", { name: "Import 6 rows" }).click();
  await expectReport(page, { imported: 6, updated: 0, skipped: 0, rejected: 0 });

  await page.goto("/contacts");
  await expect(page.getByTestId("contacts-total")).toHaveText("6 contacts");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = await downloadedText(download);
  expect(exported.split("\r\n")[0]).toBe(`${BOM}${header.join(",")}`);
  const exportedRows = parse(exported, { bom: true, columns: true, record_delimiter: ["\r\n", "\n", "\r"] }) as Array<
    Record<string, string>
  >;
  expect(exportedRows).toHaveLength(6);
  // Cells a spreadsheet would run as a formula ('=…', '-5…') are written as text; a mobile number is a number, written as
  // it is; the opt-out is kept.
  expect(exported).not.toContain("'+91");
  const exportedRow = (mobileNumber: string) => exportedRows.find((row) => row["Mobile number"] === mobileNumber)!;
  expect(exportedRow("+919845012346")).toMatchObject({ Name: "'=SUM(A1:A2)", Notes: "'-5 discount" });
  expect(exportedRow("+919000012345")).toMatchObject({
    Name: "Meena 🌸",
    Consent: "opted_out",
    "Consent source": "Told us at the counter",
  });
  expect(exportedRow("+919812345678")).toMatchObject({
    Email: "asha@example.in",
    Groups: "Regulars, Diwali",
    Notes: "Likes kaju katli\non Sundays",
  });

  await upload(page, download.suggestedFilename(), await readFile((await download.path())!));
  for (const label of header) await expectColumn(page, label, label);
  await page.getByRole("button", { name: "Import 6 rows" }).click();
  await expectReport(page, { imported: 0, updated: 0, skipped: 6, rejected: 0 });
  await expect(page.getByRole("heading", { name: "Rejected rows" })).toHaveCount(0);
  await page.goto("/contacts");
  await expect(page.getByTestId("contacts-total")).toHaveText("6 contacts");

  // The search's export holds what the search found.
  await page.getByRole("searchbox", { name: "Search contacts" }).fill("Ravi");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByTestId("contacts-total")).toHaveText("1 of your contacts match");
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/contacts/export.csv?q=Ravi");
  const filtered = await page.request.get("/contacts/export.csv?q=Ravi");
  expect(readCsv(await filtered.text())).toEqual([
    header,
    ['Ravi "Bhai"', "+918123456789", "", "Wholesale", "", "opted_in", "CSV import (first.csv)"],
  ]);
});

test("bad files show what is wrong and change nothing", async ({ page, login }) => {
  // Five uploads and ten pages: about 15 s on a busy 2-core machine.
  test.slow();
  await login();
  const error = page.locator("#import-file-error");
  const png = Buffer.concat([
    Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex"),
    Buffer.from("0000000d4944415478da63f8ffff3f0005fe02fe0def46b80000000049454e44ae426082", "hex"),
  ]);
  await chooseFile(page, "photo.csv", png);
  await expect(error).toHaveText("This file is not a CSV file. In your spreadsheet choose File → Save as → CSV, then import that file.");
  await expect(page.getByLabel("CSV file")).toHaveAttribute("aria-invalid", "true");

  await chooseFile(page, "empty.csv", "");
  await expect(error).toHaveText("The file is empty. Choose a CSV file with a header row and one contact per row.");

  await chooseFile(page, "header.csv", `${BOM}Name;Mobile\r\n`);
  await expect(error).toHaveText("The file has a header row but no contacts.");
  await expect(page).toHaveURL(/\/contacts\/import$/);

  // Step 2 without a mobile column: the browser asks for one; past it, the server refuses.
  const importPath = await upload(page, "unnamed.csv", "Customer;Column B\nAsha;98123 45678\n");
  await expectColumn(page, "Mobile number", "Choose a column");
  await column(page, "Mobile number").selectOption("Column B");
  await column(page, "Mobile number").selectOption("");
  await expect(column(page, "Mobile number")).toHaveAttribute("required", "");
  await column(page, "Mobile number").evaluate((select) => select.removeAttribute("required"));
  await page.getByRole("button", { name: "Import 1 row" }).click();
  await expect(page.getByRole("alert")).toHaveText("Choose the columns that hold the name and the mobile number.");
  await expect(page).toHaveURL(new RegExp(`${importPath}$`));
  await page.goto(importPath);
  await expect(page.getByRole("button", { name: "Import 1 row" })).toBeVisible();

  await page.goto("/contacts");
  await expect(page.getByText("No contacts yet.")).toBeVisible();
  await page.goto("/contacts/import");
  await expect(page.getByRole("heading", { name: "Recent imports" })).toHaveCount(0);
});

test("business B can neither open, download from nor import over business A's import, and B's export has none of A's contacts", async ({
  page,
  login,
  baseURL,
}) => {
  test.slow();
  await login({ businessName: "Sweets A" });
  await upload(
    page,
    "a.csv",
    excelCsv([
      ["Name", "Mobile"],
      ["Asha A", "98123 45678"],
      ["Bad A", "12345"],
    ]),
  );
  await page.getByRole("button", { name: "Import 2 rows" }).click();
  await expectReport(page, { imported: 1, updated: 0, skipped: 0, rejected: 1 });
  const finishedPath = new URL(page.url()).pathname;
  const errorsPath = `${finishedPath}/errors.csv`;
  await expect(page.getByRole("link", { name: "Download rejected rows (CSV)" })).toHaveAttribute("href", errorsPath);
  const waitingPath = await upload(
    page,
    "a2.csv",
    excelCsv([
      ["Name", "Mobile"],
      ["Ravi A", "99000 11122"],
    ]),
  );
  const businessA = await page.context().cookies();

  await page.context().clearCookies();
  await page.context().addCookies([{ name: INTRO_SEEN_COOKIE.name, value: INTRO_SEEN_COOKIE.value, url: baseURL! }]);
  await login({ businessName: "Sweets B" });
  for (const path of [finishedPath, waitingPath]) {
    const response = await page.goto(path);
    expect(response!.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  }
  expect((await page.request.get(errorsPath)).status()).toBe(404);
  const confirm = await page.request.post(waitingPath, {
    form: { name: "0", mobileNumber: "1" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(confirm.status()).toBe(404);
  const exported = await page.request.get("/contacts/export.csv");
  expect(exported.status()).toBe(200);
  expect(await exported.text()).toBe(`${BOM}Name,Mobile number,Email,Groups,Notes,Consent,Consent source\r\n`);
  await page.goto("/contacts/import");
  await expect(page.getByRole("heading", { name: "Recent imports" })).toHaveCount(0);

  // A's waiting import is still A's, still waiting.
  await page.context().clearCookies();
  await page.context().addCookies(businessA);
  await page.goto(waitingPath);
  await expect(page.getByRole("button", { name: "Import 1 row" })).toBeVisible();
  await page.goto("/contacts");
  await expect(page.getByTestId("contacts-total")).toHaveText("1 contact");
});

test("with JavaScript the progress bar advances in place, without reloading the page @js-only", async ({ page, login }) => {
  test.setTimeout(90_000);
  await login();
  // Big enough that the import takes a few polls (about 3 s on a quiet 2-core machine).
  const total = 10_000;
  const rows = Array.from({ length: total }, (_, i) => [`Customer ${i}`, FORMATS[i % FORMATS.length](digits(i)), i % 2 ? "Regulars" : ""]);
  await upload(page, "big.csv", excelCsv([["Name", "Mobile", "Groups"], ...rows]));
  await page.waitForFunction(() => "__remixRouter" in window);
  await page.waitForLoadState("networkidle");
  // A marker on the window, and a record of every value the bar shows: both survive only if the page is never reloaded.
  await page.evaluate(() => {
    const record = window as unknown as { __sameDocument: boolean; __progress: number[] };
    record.__sameDocument = true;
    record.__progress = [];
    setInterval(() => {
      const bar = document.querySelector("progress");
      const value = bar ? Number(bar.getAttribute("value")) : null;
      if (value !== null && record.__progress.at(-1) !== value) record.__progress.push(value);
    }, 20);
  });
  await page.getByRole("button", { name: `Import ${total.toLocaleString("en-IN")} rows` }).click();
  await expect(page.getByRole("progressbar", { name: "Import progress" })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Import progress" })).toHaveAttribute("max", String(total));
  await expectReport(page, { imported: total, updated: 0, skipped: 0, rejected: 0 }, 60_000);

  const seen = await page.evaluate(() => {
    const record = window as unknown as { __sameDocument?: boolean; __progress?: number[] };
    return {
      sameDocument: record.__sameDocument,
      progress: record.__progress ?? [],
      navigations: performance.getEntriesByType("navigation").length,
    };
  });
  expect(seen.sameDocument).toBe(true);
  expect(seen.navigations).toBe(1);
  // The bar moved at least once in place (e.g. 0 → 2,000, or 1,500 → 5,000), forwards only, before the report replaced it.
  const steps = `progress values seen: ${seen.progress.join(", ")}`;
  expect(seen.progress.length, steps).toBeGreaterThanOrEqual(2);
  expect(
    seen.progress.some((value) => value > 0 && value < total),
    steps,
  ).toBe(true);
  expect(seen.progress, steps).toEqual([...seen.progress].sort((a, b) => a - b));
});

test("an import over a hand-typed contact keeps her name and notes until 'Apply these updates' is pressed", async ({ page, login }) => {
  await login();
  await page.goto("/add-contact");
  await page.getByLabel("Name", { exact: true }).fill("Lakshmi Narayan");
  await page.getByLabel("Mobile number").fill("98123 45601");
  await page.getByLabel("Notes (optional)").fill("Prefers evening delivery");
  await page.getByRole("button", { name: "Add contact" }).click();
  await expect(page).toHaveURL(/\/contacts$/);

  const file = excelCsv(
    [
      ["Name", "Mobile", "Groups", "Notes"],
      ["Lakshmi N (dup)", "+91 98123-45601", "Diwali", "Old list"],
      ["Short number", "98123", "", "Bad row"],
    ],
    ",",
  );
  await upload(page, "old-list.csv", file);
  await page.getByRole("button", { name: "Import 2 rows" }).click();
  await expectReport(page, { imported: 0, updated: 1, skipped: 0, rejected: 1 });
  const reportUrl = page.url();
  // 'Updated 1' names who and how; the rejected row shows what it held.
  const updated = page.getByRole("region", { name: "Updated", exact: true });
  await expect(updated.getByRole("listitem")).toHaveCount(1);
  await expect(updated.getByRole("listitem")).toContainText("Lakshmi Narayan · line 2");
  await expect(updated.getByRole("listitem")).toContainText("Added to Diwali");
  await expect(page.getByRole("region", { name: "Rejected rows" })).toContainText("Short number, 98123, Bad row");
  const proposed = page.getByRole("region", { name: "1 contact kept as you had them" });
  await expect(proposed).toContainText("Name: Lakshmi Narayan → Lakshmi N (dup)");
  await expect(proposed).toContainText("Notes: Prefers evening delivery → Old list");
  const apply = proposed.getByRole("button", { name: "Apply these updates" });
  const box = (await apply.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.width).toBeGreaterThanOrEqual(44);

  // Until it is pressed, she is as the owner typed her (with the group added).
  await updated.getByRole("link", { name: "Lakshmi Narayan" }).click();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Lakshmi Narayan");
  await expect(page.getByLabel("Notes (optional)")).toHaveValue("Prefers evening delivery");
  await expect(page.getByLabel("Groups (optional, separated by commas)")).toHaveValue("Diwali");

  await page.goto(reportUrl);
  await page.getByRole("button", { name: "Apply these updates" }).click();
  await expect(page.getByTestId("toast")).toContainText("Updated 1 contact");
  await expect(page.getByRole("region", { name: "Updates applied to 1 contact" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Apply these updates" })).toHaveCount(0);
  await updated.getByRole("link", { name: "Lakshmi Narayan" }).click();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Lakshmi N (dup)");
  await expect(page.getByLabel("Notes (optional)")).toHaveValue("Old list");
});
