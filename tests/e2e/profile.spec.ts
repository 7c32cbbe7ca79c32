import type { Page } from "@playwright/test";
import sharp from "sharp";

import { chooseTown, expect, fieldMessage, test } from "./fixtures";

const toast = (page: Page) => page.getByTestId("toast");

/** A phone photo with the place it was taken in its EXIF, as a camera writes it. */
async function photoWithGps() {
  const withGps = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#d35400" } })
    .jpeg()
    .withExif({
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "12/1 58/1 3000/100", GPSLongitudeRef: "E", GPSLongitude: "77/1 35/1 4000/100" },
    })
    .toBuffer();
  return { name: "shop.jpg", mimeType: "image/jpeg", buffer: withGps };
}

test("each setup step of the profile form lands at its field, not at the top of the form", async ({ page, login }) => {
  await login({ businessName: "Kiran Sweets" });
  // At the top of the form, the categories are far below, out of sight.
  await page.goto("/edit-profile");
  await expect(page.locator("#categories")).not.toBeInViewport();

  await page.goto("/app");
  const next = page.getByRole("link", { name: /^Next: Choose your categories/ });
  await expect(next).toHaveAttribute("href", "/edit-profile#categories");
  const setup = page.getByRole("region", { name: "Set up your business" });
  // (The phone is done: the business signed up with its mobile number.)
  await expect(setup.getByRole("link", { name: "Add a profile image" })).toHaveAttribute("href", "/edit-profile#profile-image");
  await next.click();
  await expect(page).toHaveURL(/\/edit-profile#categories$/, { timeout: 15_000 });
  const categories = page.locator("#categories");
  await expect(categories.getByRole("group", { name: "Business categories" })).toBeVisible();
  await expect(categories).toBeInViewport();
  for (const id of ["phone", "profile-image"]) await expect(page.locator(`#${id}`)).toHaveCount(1);
  await expect(page.locator("#phone").getByLabel("Business phone")).toBeVisible();
});

test("a new business is onboarded: profile, GST number, photo without its GPS, and location; its business page shows them", async ({
  page,
  login,
}) => {
  await login({ businessName: "My Business" });
  await page.goto("/app");
  await expect(page.getByRole("heading", { name: "Set up your business" })).toBeVisible();
  const next = page.getByRole("link", { name: /^Next: Name your business/ });
  await expect(next).toHaveAttribute("href", "/edit-profile#business-name");
  await next.click();
  // With JavaScript the route's code is found and loaded first, which takes a while on a busy machine.
  await expect(page).toHaveURL(/\/edit-profile#business-name$/, { timeout: 15_000 });
  await expect(page.locator("#business-name").getByLabel("Business name")).toBeInViewport();

  await page.getByLabel("Business name").fill("Lakshmi Tiffins");
  await page.getByLabel("About my Business").fill("Idli, dosa and <b>filter coffee</b> from 6 am");
  await page.getByLabel("Business phone").fill("080 2345 6789");
  await page.getByLabel("State").selectOption("Karnataka");
  await page.getByLabel("GST number (optional)").fill("27AAPFU0939F1ZV");
  await page.getByRole("checkbox", { name: "Restaurant" }).check();
  await page.setInputFiles("#profile-image", await photoWithGps());
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(fieldMessage(page, /registered in another state, not Karnataka/)).toBeVisible();

  await page.getByLabel("GST number (optional)").fill("29AAGCB7383J1Z4");
  await page.setInputFiles("#profile-image", await photoWithGps());
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(toast(page)).toContainText("Profile updated");

  const image = await page.getByRole("img", { name: "Profile" }).getAttribute("src");
  expect(image).toMatch(/^\/uploads\/u\/[0-9a-f]{32}\.jpg$/);
  const served = await page.request.get(image!);
  const metadata = await sharp(Buffer.from(await served.body())).metadata();
  expect([metadata.format, metadata.exif]).toEqual(["jpeg", undefined]);

  await page.getByRole("button", { name: "Set your business location" }).click();
  await chooseTown(page, "Indiranagar");
  await expect(toast(page)).toContainText("Location saved");

  await page.goto("/app");
  await expect(page.getByRole("heading", { name: "Set up your business" })).toHaveCount(0);
  await expect(page.getByTestId("stat-contacts")).toBeVisible();

  const { id } = (await (await page.request.get("/api/user/me")).json()) as { id: string };
  await page.goto(`/business/${id}`);
  await expect(page.getByRole("heading", { name: "Lakshmi Tiffins" })).toBeVisible();
  await expect(page.getByText("Idli, dosa and <b>filter coffee</b> from 6 am")).toBeVisible();
  await expect(page.getByRole("link", { name: "+91 80234 56789" })).toHaveAttribute("href", "tel:+918023456789");

  // Its posts carry the new name and picture, in the feed and on its page.
  await page.goto("/send-post");
  await page.getByLabel("What's new?").fill("Ghee podi idli all day today");
  await page.getByRole("button", { name: "Publish post · 5 credits" }).click();
  await expect(page.getByRole("heading", { name: "Your post is live" })).toBeVisible({ timeout: 15_000 });
  const postId = new URL(page.url()).searchParams.get("post")!;
  await page.goto(`/?post=${postId}`);
  const card = page.locator(`article[data-post-id="${postId}"]`);
  await expect(card.getByText("Lakshmi Tiffins", { exact: true })).toBeVisible();
  await expect(card.locator("header img")).toHaveAttribute("src", /^\/img\/160\/u\/[0-9a-f]{32}\.jpg$/);
  await page.goto(`/business/${id}`);
  await expect(page.getByText("Ghee podi idli all day today")).toBeVisible();
});

test("a file that is not an image is refused and the rest of the form is kept", async ({ page, login }) => {
  await login();
  await page.goto("/edit-profile");
  await page.getByLabel("Business name").fill("Kept Name Stores");
  await page.setInputFiles("#profile-image", {
    name: "shell.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("<?php system($_GET['c']); ?>"),
  });
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(fieldMessage(page, "This file is not an image we can use. Upload a JPEG, PNG, WebP or HEIC photo.")).toBeVisible();
  await expect(page.getByLabel("Business name")).toHaveValue("Kept Name Stores");
});

test("Edit profile → 'Set your business location' → back in Edit profile with the unsaved edits, which save once pressed", async ({
  page,
  login,
}) => {
  await login({ businessName: "Kiran Sweets" });
  await page.goto("/edit-profile");
  await page.getByLabel("Business name").fill("Kiran Sweets & Savouries");
  await page.getByLabel("About my Business").fill("Mysore pak and khara boondi, fresh every morning.");
  await page.getByRole("button", { name: "Set your business location" }).click();

  await expect(page).toHaveURL(/\/edit-profile\/location$/, { timeout: 15_000 });
  await expect(page.getByTestId("detour-notice")).toContainText("Everything you typed in your profile is kept.");
  await chooseTown(page, "Indiranagar");

  await expect(page).toHaveURL(/\/edit-profile$/, { timeout: 15_000 });
  await expect(toast(page)).toContainText("Location saved");
  await expect(page.getByTestId("kept-draft-notice")).toContainText("Everything you typed and chose is back");
  await expect(page.getByLabel("Business name")).toHaveValue("Kiran Sweets & Savouries");
  await expect(page.getByLabel("About my Business")).toHaveValue("Mysore pak and khara boondi, fresh every morning.");
  // Not saved until pressed: the saved profile still has the old name.
  const saved = (await (await page.request.get("/api/user/me")).json()) as { businessName: string };
  expect(saved.businessName).toBe("Kiran Sweets");

  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(toast(page)).toContainText("Profile updated");
  const after = (await (await page.request.get("/api/user/me")).json()) as { businessName: string; businessDetails: string };
  expect([after.businessName, after.businessDetails]).toEqual([
    "Kiran Sweets & Savouries",
    "Mysore pak and khara boondi, fresh every morning.",
  ]);
  // The draft was used once: a reload shows the saved profile, without the notice.
  await page.reload();
  await expect(page.getByTestId("kept-draft-notice")).toHaveCount(0);
});
