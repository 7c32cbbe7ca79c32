import { expect, logOut, test, testClientIp } from "./fixtures";

const NAMES = ["Asha Backbutton", "Ravi Backbutton"];

test("Back after Log out shows the sign-in page, not the contacts the browser saw before", async ({ page, login, baseURL }) => {
  await login();
  for (const [index, name] of NAMES.entries()) {
    const added = await page.request.post("/api/contacts", {
      data: { name, mobileNumber: `981234560${index}` },
      headers: { Origin: baseURL! },
    });
    expect(added.status(), await added.text()).toBe(201);
  }
  await page.goto("/contacts");
  const contacts = page.getByRole("list", { name: "Contacts" }).locator(":scope > li");
  await expect(contacts).toHaveCount(2);
  for (const name of NAMES) await expect(contacts.filter({ hasText: name })).toBeVisible();

  await logOut(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Logged out")).toBeVisible();

  await page.goBack();
  // The browser asked the server again (it kept no copy of the page), which sent it to sign in.
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcontacts$/);
  await expect(page.getByRole("button", { name: "Login with Email" })).toBeVisible();
  await expect(page.getByText("Backbutton")).toHaveCount(0);
});

test("signed-in pages and their data are sent no-store, Logout wipes the cache and storage, public pages keep their caching @api", async ({
  page,
  login,
  adminLogin,
  baseURL,
  playwright,
}) => {
  const cacheControl = async (path: string) => (await page.request.get(path, { maxRedirects: 0 })).headers()["cache-control"];
  await login();
  for (const path of ["/contacts", "/contacts.data", "/app.data", "/contacts?_data=root", "/settings", "/"]) {
    expect(await cacheControl(path), path).toBe(path === "/" ? "private, no-cache" : "private, no-store");
  }
  // Answered from memory the second time (kept pages): the same header.
  expect(await cacheControl("/contacts")).toBe("private, no-store");
  const logout = await page.request.post("/logout", { headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect(logout.status()).toBe(302);
  expect(logout.headers()["clear-site-data"]).toBe('"cache", "storage"');

  await adminLogin();
  expect(await cacheControl("/admin/users")).toBe("private, no-store");
  expect(await cacheControl("/admin/users.data")).toBe("private, no-store");

  // A visitor without a session: the feed keeps its own header, other public pages get none.
  const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  expect((await visitor.get("/")).headers()["cache-control"]).toBe("private, no-cache");
  expect((await visitor.get("/about-us")).headers()["cache-control"]).toBeUndefined();
  await visitor.dispose();
});
