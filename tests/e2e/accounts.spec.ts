import type { Page } from "@playwright/test";

import {
  expect,
  fieldMessage,
  logOut,
  mailedLink,
  shownNumber,
  test,
  testClientIp,
  uniqueEmail,
  useAdminMenu,
  usesJavaScript,
} from "./fixtures";

const ADMIN = { email: "admin@isent.example.in", password: "admin-e2e-password" };

async function register(page: Page, email: string, password = "secret123") {
  await page.goto("/auth?tab=register");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Your Name").fill("Kiran Rao");
  await page.getByLabel("Business Name").fill("Kiran Sweets");
  await page.getByLabel("Mobile Number").fill("9845012345");
  await page.getByRole("button", { name: "Register with Email" }).click();
  await expect(page).toHaveURL(/\/app$/);
}

async function login(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login with Email" }).click();
}

test("register, log out, log in, reset the password by email, log in again", async ({ page }) => {
  // Eleven screens and four password hashes: about 25 s on a busy 2-core machine, near the 30 s default.
  test.slow();
  const email = uniqueEmail("owner");
  await register(page, email);
  await expect(page.getByText("Registration successful")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Hello, Kiran Rao" })).toBeVisible();
  // No credits until the email is verified (the next test).
  await expect(page.getByTestId("stat-balance")).toHaveText("0 credits");

  await logOut(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Logged out")).toBeVisible();

  await login(page, email, "secret123");
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByText("Login successful")).toBeVisible();
  await logOut(page);
  // Signed out (the logout lands on the feed) before going on.
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  const dialog = page.getByRole("dialog", { name: "Reset Password" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Password reset email sent")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto(await mailedLink(email, "/reset-password"));
  await page.getByLabel("New password").fill("brand-new-1");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/app$/);
  await logOut(page);
  // Signed out (the logout lands on the feed) before going on.
  await expect(page).toHaveURL(/\/$/);

  await login(page, email, "secret123");
  await expect(page.getByText("Invalid email or password").first()).toBeVisible();
  await login(page, email, "brand-new-1");
  await expect(page).toHaveURL(/\/app$/);
});

test("registration mails a link: the dashboard says so, 'Resend' sends another, the link brings the 100 opening credits", async ({
  page,
}) => {
  const email = uniqueEmail("verify");
  await register(page, email);
  await expect(page.getByTestId("stat-balance")).toHaveText("0 credits");
  const notice = page.getByTestId("verify-email-notice");
  // The e2e server is a demo: its mail stays on the server, in the admin's Outbox.
  await expect(notice).toContainText(`Demo: mail stays on this server, so the link for ${email} was not sent`);
  await expect(notice).toContainText("get your 100 opening credits: until then your balance stays at 0.");
  const first = await mailedLink(email, "/verify-email");

  const resend = page.getByRole("button", { name: "Resend" });
  const box = await resend.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await resend.click();
  await expect(page.getByText("Verification email kept")).toBeVisible();
  await expect.poll(() => mailedLink(email, "/verify-email")).not.toBe(first);
  const link = await mailedLink(email, "/verify-email");

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Verify your email" })).toBeVisible();
  await expect(page.getByText(`Confirm that ${email} is your email address.`)).toBeVisible();
  await page.getByRole("button", { name: "Verify my email" }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByText("Email verified")).toBeVisible();
  await expect(page.getByTestId("stat-balance")).toHaveText("100 credits");
  await expect(page.getByTestId("verify-email-notice")).toHaveCount(0);

  // Used once; the first link went with it.
  for (const used of [link, first]) {
    await page.goto(used);
    await expect(page.getByText("Your email is already verified. Nothing more to do.")).toBeVisible();
  }
  await page.goto("/verify-email?token=not-a-real-token-at-all-xxxxxxxxxxxxxxxx");
  await expect(page.getByText("This link is not valid.", { exact: false })).toBeVisible();
});

test("each registration field shows its validation message for a bad input", async ({ page }, testInfo) => {
  await page.goto("/auth?tab=register");
  // Until the page hydrates, the browser's own checks (type=email, minlength) hold the form back with a
  // bubble of their own; once it has, the form is noValidate and the server's messages show.
  if (usesJavaScript(testInfo.project.name)) await expect(page.locator("form[novalidate]").last()).toBeAttached();
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("123");
  await page.getByLabel("Your Name").fill("K");
  await page.getByLabel("Business Name").fill("B");
  await page.getByLabel("Mobile Number").fill("98450");
  await page.getByRole("button", { name: "Register with Email" }).click();
  for (const message of [
    "Please enter a valid email address",
    "Password must be at least 6 characters",
    "Name must be at least 2 characters",
    "Business name must be at least 2 characters",
    "Mobile number must be at least 10 characters",
  ]) {
    await expect(fieldMessage(page, message)).toBeVisible();
  }
  // Typed values stay (the password never comes back from the server).
  await expect(page.getByLabel("Your Name")).toHaveValue("K");
  await expect(page).toHaveURL(/tab=register/);
});

test("a common password, or one made from the business name, is refused with its message", async ({ page }) => {
  await page.goto("/auth?tab=register");
  await page.getByLabel("Email").fill(uniqueEmail("weak"));
  await page.getByLabel("Your Name").fill("Kiran Rao");
  await page.getByLabel("Business Name").fill("Kiran Sweets");
  await page.getByLabel("Mobile Number").fill("9845012345");
  for (const [password, message] of [
    ["password", "This password is too common. Please choose another."],
    ["kiransweets123", "Your password must not be made from your email, name or business name"],
  ]) {
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Register with Email" }).click();
    await expect(fieldMessage(page, message)).toBeVisible();
    await expect(page).toHaveURL(/tab=register/);
  }
});

test("a registered email is refused with the input kept", async ({ page }, testInfo) => {
  const email = uniqueEmail("taken");
  await register(page, email);
  await logOut(page);
  // Signed out (the logout lands on the feed) before going on.
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/auth?tab=register");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("secret123");
  await page.getByLabel("Your Name").fill("Other Person");
  await page.getByLabel("Business Name").fill("Other Shop");
  await page.getByLabel("Mobile Number").fill("9845098450");
  await page.getByRole("button", { name: "Register with Email" }).click();
  await expect(page.getByText("This email is already registered. Log in instead.").first()).toBeVisible();
  await expect(page.getByText("Registration failed")).toBeVisible();
  await expect(page.getByLabel("Business Name")).toHaveValue("Other Shop");
  // Re-drawn from the server's answer, the form never carries the password back.
  if (!usesJavaScript(testInfo.project.name)) await expect(page.getByLabel("Password")).toHaveValue("");
});

test("protected pages send visitors to log in and back", async ({ page }) => {
  await page.goto("/contacts");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcontacts/);
  const email = uniqueEmail("back");
  await page.goto("/auth?tab=register&redirectTo=%2Fcontacts");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("secret123");
  await page.getByLabel("Your Name").fill("Kiran Rao");
  await page.getByLabel("Business Name").fill("Kiran Sweets");
  await page.getByLabel("Mobile Number").fill("9845012345");
  await page.getByRole("button", { name: "Register with Email" }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByRole("heading", { name: "Contacts" })).toBeVisible();
  await expect(page.getByText("No contacts yet.")).toBeVisible();
  // Campaigns is a workspace screen, inside the container.
  await page.goto("/campaigns");
  await expect(page.getByRole("heading", { name: "Campaigns", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "App" })).toBeVisible();

  // Signed in: the auth page goes to the dashboard; unknown paths are a 404 inside the container.
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/app$/);
  const missing = await page.goto("/app/no-such-screen");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "App" })).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "App" })).toHaveCount(0);
  // Signed out, an unknown path is the public 404, not a sign-in wall.
  await page.context().clearCookies();
  const publicMissing = await page.goto("/no-such-screen");
  expect(publicMissing?.status()).toBe(404);
  await expect(page.getByRole("link", { name: "Back to Feed" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "App" })).toHaveCount(0);
});

test("the feed menu offers the dashboard once signed in", async ({ page, login }) => {
  await page.goto("/");
  await page
    .getByRole("button", { name: "Okay" })
    .click({ timeout: 1000 })
    .catch(() => {});
  await page.getByLabel("Menu").click();
  await expect(page.getByRole("link", { name: "Business Login" })).toBeVisible();
  await login();
  await page.goto("/");
  await page.getByLabel("Menu").click();
  await expect(page.getByRole("link", { name: "Business Dashboard" })).toBeVisible();
});

test("no Google button where Google is not set up: only the email forms", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.getByRole("button", { name: "Login with Email" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue with Google" })).toHaveCount(0);
  await page.goto("/auth?tab=register");
  await expect(page.getByRole("button", { name: "Register with Email" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign up with Google" })).toHaveCount(0);
  await expect(page.getByText("OR", { exact: true })).toHaveCount(0);
});

test("the admin area admits only the designated admin", async ({ page, login }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/);

  await page.getByLabel("Email").fill("someone@example.in");
  await page.getByLabel("Password").fill("whatever1");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  // The same words as for a wrong password: the page never tells which email is the admin's.
  await expect(page.getByText("Invalid email or password").first()).toBeVisible();
  await expect(page.getByText("Login Failed")).toBeVisible();

  // What cannot work is not offered: Google is not configured here, and the admin account exists.
  await expect(page.getByRole("button", { name: "Continue with Google" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Create the admin account" })).toHaveCount(0);

  await login();
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fusers$/);
  await page.goto("/app");
  await logOut(page);
  // Signed out (the logout lands on the feed) before going on.
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Login Successful")).toBeVisible();
  const postsAndOffers = (await shownNumber(page.getByTestId("admin-posts"))) + (await shownNumber(page.getByTestId("admin-all-offers")));
  expect(postsAndOffers).toBeGreaterThanOrEqual(300);
  expect(await shownNumber(page.getByTestId("admin-users"))).toBeGreaterThanOrEqual(31);
  await useAdminMenu(page, { link: "Categories" });
  await expect(page.getByRole("heading", { name: "Categories", level: 1 })).toBeVisible();
  await useAdminMenu(page, { button: "Logout" });
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText("Logged Out")).toBeVisible();

  // Signing in from a page asked for opens that page.
  await page.goto("/admin/categories");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/categories$/);
});

test("/admin/create-user, once the admin exists, refuses every email alike", async ({ page }) => {
  await page.goto("/admin/create-user");
  await page.getByLabel("Email").fill("intruder@example.in");
  await page.getByLabel("Your Name").fill("Intruder");
  await page.getByLabel("Password").fill("intruder-pass-77");
  await page.getByRole("button", { name: "Create admin" }).click();
  // The seeded admin already exists: every email is told so, and the admin's is never shown.
  await expect(page.getByText("The admin account already exists. Log in instead.")).toBeVisible();
  await expect(page.getByText(ADMIN.email)).toHaveCount(0);
});

// An HTTP check: one project is enough.
test("the 11th rapid sign-in attempt from one address is refused with 429 @js-only", async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": testClientIp(), Origin: baseURL! } });
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 11; attempt++) {
    const response = await api.post("/login", {
      form: { intent: "login", username: `nobody${attempt}@example.in`, password: "wrong-password" },
      maxRedirects: 0,
    });
    statuses.push(response.status());
  }
  expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
  expect(statuses[10]).toBe(429);
  await api.dispose();
});

test("cross-site form posts are refused @api", async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  const response = await api.post("/login", {
    form: { intent: "login", username: "a@example.in", password: "secret123" },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  // The server refuses it before Remix (whose own check would answer 500) or any action runs.
  expect(response.status()).toBe(403);
  expect(await response.text()).toBe("This form was sent from another site and was refused.");
  expect(response.headers()["set-cookie"] ?? "").not.toContain("__session");
  const dataRequest = await api.post("/login.data", {
    form: { intent: "login", username: "a@example.in", password: "secret123" },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(dataRequest.status()).toBe(403);
  expect(dataRequest.headers()["set-cookie"] ?? "").not.toContain("__session");
  const apiResponse = await api.post("/api/auth/token", {
    data: { email: "a@example.in", password: "x" },
    headers: { Origin: "https://evil.example" },
  });
  expect(apiResponse.status()).toBe(403);
  expect(await apiResponse.json()).toEqual({ message: "Requests from other sites are not allowed" });
  await api.dispose();
});

test("/debug-auth is not served in production @api", async ({ request }) => {
  expect((await request.get("/debug-auth")).status()).toBe(404);
});
