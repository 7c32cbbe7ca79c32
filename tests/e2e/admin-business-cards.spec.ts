import { expect, test } from "./fixtures";

const uniqueName = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe("/admin/business-cards", () => {
  test("lists the designs with previews drawn with a sample business", async ({ page, adminLogin }) => {
    await adminLogin();
    await page.goto("/admin/business-cards");
    await expect(page.getByRole("heading", { name: "Business Cards", level: 1 })).toBeVisible();
    const preview = page.getByRole("img", { name: "Classic Ivory, drawn with a sample business" });
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  });

  test("creates a design, refusing unreadable colours first, then disables it", async ({ page, adminLogin }) => {
    await adminLogin();
    const name = uniqueName("Monsoon");
    await page.goto("/admin/business-cards");
    await page.getByRole("link", { name: "Add a design" }).click();
    await expect(page.getByRole("heading", { name: "Add a card design" })).toBeVisible();
    await expect(page.getByTestId("design-preview")).toBeVisible();

    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Layout").selectOption("bold");
    await page.getByLabel("Heading font").selectOption("serif");
    await page.getByLabel("Background colour").fill("#FFFFFF");
    await page.getByLabel("Text colour").fill("#DDDDDD");
    await page.getByRole("button", { name: "Add design" }).click();
    await expect(page.getByTestId("error-summary")).toContainText("The text colour and the background are too alike to read");

    await page.getByLabel("Background colour").fill("#0F3D2E");
    await page.getByLabel("Text colour").fill("#F8FAFC");
    await page.getByLabel("Accent colour").fill("#FBBF24");
    await page.getByRole("button", { name: "Add design" }).click();
    await expect(page.getByText(`Card design ${name} added`)).toBeVisible();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(page.getByTestId("design-status")).toHaveText("Offered");
    await expect(page.getByTestId("design-preview").locator("svg rect").first()).toHaveAttribute("fill", "#0F3D2E");

    await page.getByRole("button", { name: "Disable this design" }).click();
    await expect(page.getByText(`Card design ${name} disabled`)).toBeVisible();
    await expect(page.getByTestId("design-status")).toHaveText("Disabled");
    await expect(page.getByText("This design's history")).toBeVisible();
    await expect(page.getByTestId("audit-trail")).toContainText(`Disabled card design ${name}`);

    await page.goto("/admin/business-cards");
    const card = page.getByTestId("card-design").filter({ hasText: name });
    await expect(card).toContainText("Disabled");
    await expect(card.getByRole("button", { name: `Enable ${name}` })).toBeVisible();
  });

  test("without JavaScript too, Preview draws the typed design without saving it", async ({ page, adminLogin }) => {
    await adminLogin();
    await page.goto("/admin/business-cards/new");
    await page.getByLabel("Background colour").fill("#5B0E2D");
    await page.getByLabel("Text colour").fill("#FFF7E6");
    const preview = page.getByRole("button", { name: "Preview" });
    if (await preview.count()) {
      await page.getByLabel("Name").fill("Just looking");
      await preview.click();
      await expect(page.getByLabel("Name")).toHaveValue("Just looking");
    }
    // With JavaScript the drawing follows the typing; without it, the Preview answer draws it.
    await expect(page.getByTestId("design-preview").locator("svg rect").first()).toHaveAttribute("fill", "#5B0E2D");
  });
});
