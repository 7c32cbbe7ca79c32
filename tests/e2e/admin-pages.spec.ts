import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";

import { expect, serverDataDir, test, usesJavaScript } from "./fixtures";

/**
 * The about page is one row that both projects on a server edit: a test holds this lock (a directory only one
 * process can create) while it edits and checks it, so the two never see each other's text.
 */
async function whileHoldingAboutPage(run: () => Promise<void>) {
  const lock = path.join(serverDataDir(), "admin-pages-about.lock");
  await expect
    .poll(
      () => {
        try {
          mkdirSync(lock);
          return true;
        } catch {
          return false;
        }
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(true);
  try {
    await run();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

const HOSTILE_LINES = [
  "Edited by the admin e2e test: still local.",
  "<script>window.pwned = true; alert('script')</script>",
  "<img src=x onerror=\"window.pwned = true; alert('img')\">",
  "[Click me](javascript:window.pwned=true)",
  '<a onclick="window.pwned = true" href="https://isent.example.in">Our site</a>',
];

test("the admin edits the about page with a script in it: the public page shows the text and runs nothing; an earlier version is restored", async ({
  page,
  adminLogin,
}, testInfo) => {
  test.setTimeout(90_000);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await adminLogin();
  await whileHoldingAboutPage(async () => {
    await page.goto("/admin/about-us");
    await expect(page.getByRole("heading", { name: "About Us", level: 1 })).toBeVisible();
    // On a phone the admin menu is folded away: the link is there, marked as this page.
    await expect(page.getByRole("link", { name: "About Us", includeHidden: true }).first()).toHaveAttribute("aria-current", "page");
    const body = page.getByLabel("Text (Markdown)");
    const original = await body.inputValue();
    await body.fill(`${original}\n\n${HOSTILE_LINES.join("\n\n")}`);

    // Preview: rendered by the server as the public page will show it, nothing saved.
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: "Preview (not saved yet)" });
    await expect(preview).toContainText("Edited by the admin e2e test: still local.");
    await expect(preview.locator("script, img")).toHaveCount(0);
    await expect(page.getByLabel("Text (Markdown)")).toHaveValue(/Click me/);

    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("toast")).toContainText('"About iSent" saved');
    const versions = page.getByTestId("page-versions").locator(":scope > li");
    await expect(versions.first()).toContainText("admin@isent.example.in");
    await expect(versions.first()).toContainText("Current");

    // The public page: the text, and nothing that runs.
    await page.goto("/about-us");
    await expect(page.getByText("Edited by the admin e2e test: still local.")).toBeVisible();
    const article = page.locator("main article");
    await expect(article.locator("script, img, [onclick], [onerror]")).toHaveCount(0);
    await expect(article.locator('a[href^="javascript:" i]')).toHaveCount(0);
    await expect(article.getByText("Click me")).toBeVisible();
    await expect(article.getByRole("link", { name: "Our site" })).toHaveAttribute("rel", "nofollow noopener");
    if (usesJavaScript(testInfo.project.name)) {
      await article.getByText("Click me").click();
      expect(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).toBeUndefined();
      expect(dialogs).toEqual([]);
    }

    // Restore the version before this edit: the public page is as it was.
    await page.goto("/admin/about-us");
    await versions.nth(1).getByRole("link", { name: /View/ }).click();
    const shown = page.getByRole("region", { name: /^Version of/ });
    await expect(shown).toContainText("iSent helps local businesses in India");
    await expect(shown).not.toContainText("Edited by the admin e2e test");
    await shown.getByRole("button", { name: "Restore this version" }).click();
    await expect(page.getByTestId("toast")).toContainText("Version restored");
    await expect(page).toHaveURL(/\/admin\/about-us$/);
    await expect(page.getByLabel("Text (Markdown)")).toHaveValue(original);

    await page.goto("/about-us");
    await expect(page.getByText("iSent helps local businesses in India")).toBeVisible();
    await expect(page.getByText("Edited by the admin e2e test")).toHaveCount(0);
  });
});

test("a page's form refuses bad input with a clear message and saves nothing", async ({ page, adminLogin }) => {
  await adminLogin();
  await page.goto("/admin/privacy-terms");
  await expect(page.getByRole("heading", { name: "Privacy Terms", level: 1 })).toBeVisible();
  const title = page.getByLabel("Title");
  await title.fill("");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("Enter a title");
  await page.goto("/privacyterms");
  await expect(page.getByRole("heading", { name: "Privacy Policy", level: 1 })).toBeVisible();

  const missing = await page.goto("/admin/privacy-terms?version=00000000-0000-4000-8000-000000000000");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("link", { name: "Back to the admin dashboard" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin", includeHidden: true }).first()).toBeAttached();
});

test("the admin adds a /learn article, edits it, moves it and deletes it; a business reads it meanwhile", async ({
  page,
  adminLogin,
  login,
}) => {
  test.setTimeout(90_000);
  await adminLogin();
  const title = `E2E guide ${Date.now()} ${Math.floor(Math.random() * 1e6)}`;
  await page.goto("/admin/learn");
  await expect(page.getByRole("heading", { name: "Learn Articles", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Add article" }).click();
  await expect(page).toHaveURL(/\/admin\/learn\/new$/);

  // A missing summary is refused, with what was typed kept.
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Text (Markdown)").fill("## Step one\n\nCall us on +91 80 4000 1234.\n\n<script>window.pwned = true</script>");
  await page.getByRole("button", { name: "Add article" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("Write a one-line summary for the list of articles");
  await expect(page.getByLabel("Title")).toHaveValue(title);

  await page.getByLabel(/^Summary/).fill("A guide written by the e2e test.");
  await page.getByRole("button", { name: "Add article" }).click();
  await expect(page.getByTestId("toast")).toContainText(`"${title}" added`);
  await expect(page).toHaveURL(/\/admin\/learn\/e2e-guide-[\w-]+$/);
  const slug = new URL(page.url()).pathname.split("/").pop()!;

  await page.getByLabel("Text (Markdown)").fill("## Step one\n\nCall us on +91 80 4000 1234.\n\n- Open the app\n- Tap **Send Post**");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast")).toContainText(`"${title}" saved`);
  await expect(page.getByTestId("page-versions").locator(":scope > li")).toHaveCount(2);

  // Moved up one place in the list.
  await page.goto("/admin/learn");
  const rows = page.getByRole("list", { name: "Articles" }).locator(":scope > li");
  const titles = async () => (await rows.getByRole("link").allTextContents()).map((text) => text.trim());
  const before = (await titles()).indexOf(title);
  expect(before).toBeGreaterThan(0);
  await page.getByRole("button", { name: `Move ${title} up` }).click();
  await expect(page.getByTestId("toast")).toContainText("Article moved up");
  expect((await titles()).indexOf(title)).toBeLessThan(before);

  // A business reads it under Learn, rendered, with nothing that runs.
  await login({ verified: false });
  await page.goto(`/learn/${slug}`);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Step one", level: 2 })).toBeVisible();
  await expect(page.getByRole("link", { name: "+91 80 4000 1234" })).toHaveAttribute("href", "tel:+918040001234");
  await expect(page.locator("main article strong")).toHaveText("Send Post");

  // Deleted after 'Yes, delete': gone from the list, and its address is a 404 in the admin layout.
  await adminLogin();
  await page.goto(`/admin/learn/${slug}`);
  await page.getByRole("button", { name: "Delete article" }).click();
  await expect(page.getByRole("alertdialog")).toContainText(`Delete “${title}”`);
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByTestId("toast")).toContainText("Article deleted");
  await expect(page).toHaveURL(/\/admin\/learn$/);
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);
  const gone = await page.goto(`/admin/learn/${slug}`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole("link", { name: "Back to the admin dashboard" })).toBeVisible();
});
