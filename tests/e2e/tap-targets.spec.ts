import type { APIRequestContext, Page } from "@playwright/test";

import { expect, placeBusiness, test } from "./fixtures";

/**
 * Every tap target outside running text is at least 44×44 CSS px, padding included (WCAG 2.5.5), on
 * a 412 px wide phone (both projects use a Pixel 7: 412×915). A tap target is every visible link,
 * button, summary, submit input, label of a checkbox or radio button, text box (input, textarea)
 * and select. Running text is left out,
 * as WCAG's "inline" exception does: a link inside an element marked [data-running-text], or inside
 * a <p> that has words of its own beside its links (a link in a sentence). Every <details> on the
 * page is opened first, so the items of '⋯' menus are measured too.
 */

const MINIMUM = 44;

type Offender = { screen: string; target: string; width: number; height: number };

/** The page's tap targets smaller than MINIMUM in either direction. */
async function smallTargets(page: Page, screen: string): Promise<Offender[]> {
  const found = await page.evaluate(
    ({ minimum }) => {
      for (const details of document.querySelectorAll("details")) details.open = true;
      const choice = (element: Element) => element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio");
      // Text boxes and selects are tapped to type or choose: as tall as any other target.
      const notTyped = ["hidden", "checkbox", "radio", "file", "submit", "button", "reset", "image", "range", "color"];
      const typedInto = [...document.querySelectorAll("input, select, textarea")].filter(
        (element) => !(element instanceof HTMLInputElement) || !notTyped.includes(element.type),
      );
      const candidates = [
        ...document.querySelectorAll("a[href], button, summary, input[type=submit], input[type=button], input[type=reset], label"),
        ...typedInto,
      ].filter((element) => {
        if (element instanceof HTMLLabelElement) return Boolean(element.control && choice(element.control));
        return true;
      });
      const inRunningText = (element: Element) => {
        if (element.tagName !== "A") return false;
        if (element.closest("[data-running-text]")) return true;
        const paragraph = element.closest("p");
        if (!paragraph) return false;
        // A link in a sentence: the paragraph has words that are not inside one of its links or buttons.
        const copy = paragraph.cloneNode(true) as HTMLElement;
        for (const target of copy.querySelectorAll("a, button")) target.remove();
        return (copy.textContent ?? "").trim().length > 0;
      };
      const name = (element: Element) => {
        const text = (element.getAttribute("aria-label") ?? element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 60);
        const field = element.matches("input:not([type=submit]):not([type=button]):not([type=reset]), select, textarea");
        const label = field ? (element.getAttribute("name") ?? element.id) : element instanceof HTMLInputElement ? element.value : text;
        return `<${element.tagName.toLowerCase()}> "${label}"`;
      };
      return candidates
        .filter((element) => !inRunningText(element))
        .map((element) => ({ element, rect: element.getBoundingClientRect(), style: getComputedStyle(element) }))
        .filter(({ rect, style }) => rect.width > 1 && rect.height > 1 && style.visibility !== "hidden" && style.display !== "none")
        .filter(({ rect }) => rect.width < minimum - 0.5 || rect.height < minimum - 0.5)
        .map(({ element, rect }) => ({ target: name(element), width: Math.round(rect.width), height: Math.round(rect.height) }));
    },
    { minimum: MINIMUM },
  );
  return found.map((offender) => ({ screen, ...offender }));
}

/** Visits each screen and fails with the full list of targets under 44×44 px. */
async function measure(page: Page, screens: string[]) {
  const offenders: Offender[] = [];
  for (const screen of screens) {
    const response = await page.goto(screen);
    expect(response?.status(), screen).toBeLessThan(400);
    offenders.push(...(await smallTargets(page, screen)));
  }
  const report = offenders.map(({ screen, target, width, height }) => `${screen}  ${target}  ${width}×${height}`).join("\n");
  expect(report, `Tap targets under ${MINIMUM}×${MINIMUM} px`).toBe("");
}

async function apiPost(request: APIRequestContext, origin: string, path: string, body: Record<string, unknown>) {
  const response = await request.post(path, { data: body, headers: { Origin: origin } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json() as Promise<Record<string, unknown>>;
}

test("every tap target on the workspace screens is at least 44×44 px at 412 px wide", async ({ page, login, baseURL }) => {
  test.setTimeout(120_000);
  await login({ businessName: "Tap Target Sweets" });
  await placeBusiness(page.request, baseURL!);
  const contact = await apiPost(page.request, baseURL!, "/api/contacts", {
    name: "Asha Rao",
    mobileNumber: "98450 11111",
    tags: ["Regulars"],
  });
  const { post } = (await apiPost(page.request, baseURL!, "/api/posts", { kind: "update", content: "Fresh jalebi #sweets #diwali" })) as {
    post: { id: string };
  };
  // A template with a picture starts the composer with images, so their controls are measured.
  const templates = (await (await page.request.get("/api/templates")).json()) as { id: string; kind: string; imageUrl: string | null }[];
  const pictured = templates.find((template) => template.kind === "post" && template.imageUrl);
  expect(pictured, "a post template with a picture").toBeTruthy();

  // A draft campaign, so its page is measured with its buttons.
  await page.goto("/campaigns/new");
  await page.getByLabel("Campaign name").fill("Tap target draft");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
  const campaignPath = new URL(page.url()).pathname;

  // The business's own DLT registration and one template of its own, so their screens are measured filled in (after the draft: the composer would start from it).
  await page.goto("/settings");
  const registration = page.getByRole("region", { name: "SMS sender registration (DLT)" });
  await registration.getByLabel("DLT entity ID").fill("1101234567890123456");
  await registration.getByLabel("Sender header").fill("TAPSWT");
  await registration.getByRole("button", { name: "Save DLT registration" }).click();
  await expect(page.getByTestId("toast")).toContainText("DLT registration saved");
  const ownTemplate = await apiPost(page.request, baseURL!, "/api/sms-templates", {
    name: "Jalebi ready",
    text: "Tap Target Sweets: hot jalebi ready at {#var#}. Come by.",
    dltTemplateId: "1107172600000004444",
    category: "promotional",
    slotHints: ["Time"],
  });

  await measure(page, [
    "/app",
    "/send-post",
    `/send-post?template=${pictured!.id}`,
    "/send-offers",
    "/posts-history",
    `/posts-history/${post.id}/edit`,
    "/contacts",
    "/add-contact",
    "/add-customer-contact",
    `/edit-contact/${String(contact.id)}`,
    "/contacts/import",
    "/add-templates",
    `/template-preview/${pictured!.id}`,
    "/app/business-card",
    "/learn",
    "/edit-profile",
    "/edit-profile/location",
    "/settings",
    "/credits",
    `/success?post=${post.id}`,
    "/campaigns",
    "/campaigns/new",
    `/campaigns/new?contactId=${String(contact.id)}`,
    campaignPath,
    "/campaigns/templates",
    "/campaigns/templates/new",
    `/campaigns/templates/${String(ownTemplate.id)}`,
    "/sms-history",
  ]);
});

test("every tap target on the feed, a business's page and a card is at least 44×44 px at 412 px wide", async ({ page, login }) => {
  test.setTimeout(90_000);
  await login({ businessName: "Card Corner" });
  await page.goto("/app/business-card");
  await page.getByRole("group", { name: "Choose a design" }).getByRole("radio").first().check();
  await page.getByRole("button", { name: "Save business card" }).click();
  await expect(page.getByRole("link", { name: "Open my card" })).toBeVisible({ timeout: 15_000 });
  const card = (await page.getByRole("link", { name: "Open my card" }).getAttribute("href"))!;
  await page.context().clearCookies({ name: "__session" });

  await page.goto("/");
  const business = (await page.locator("article[data-post-id] header a").first().getAttribute("href"))!;
  await measure(page, ["/", "/?q=%23diwali", business, card, "/auth"]);
});

test("every tap target on the admin screens is at least 44×44 px at 412 px wide", async ({ page, adminLogin }) => {
  test.setTimeout(120_000);
  await adminLogin();
  const sections = [
    "/admin",
    "/admin/feed",
    "/admin/templates",
    "/admin/templates?owner=business",
    "/admin/templates/add",
    "/admin/templates/add?kind=offer",
    "/admin/templates/add?kind=sms",
    "/admin/templates/categories",
    "/admin/categories",
    "/admin/business-cards",
    "/admin/users",
    "/admin/sms-pricing",
    "/admin/payments",
    "/admin/payments?status=to-look-at",
    "/admin/terms-conditions",
    "/admin/privacy-terms",
    "/admin/about-us",
    "/admin/contact-us",
    "/admin/learn",
    "/admin/learn/new",
    "/admin/sms-history",
    "/admin/campaigns",
    "/admin/campaigns/settings",
  ];
  // A record's own page of each kind there is one for: the first one its list links to.
  const records: string[] = [];
  for (const [list, pattern] of [
    ["/admin/feed", /^\/admin\/feed\/[0-9a-f-]{36}$/],
    ["/admin/categories", /^\/admin\/categories\/[0-9a-f-]{36}$/],
    ["/admin/users", /^\/admin\/users\/[0-9a-f-]{36}$/],
    ["/admin/templates", /^\/admin\/templates\/edit\/[0-9a-f-]{36}$/],
    ["/admin/campaigns", /^\/admin\/campaigns\/[0-9a-f-]{36}$/],
    ["/admin/business-cards", /^\/admin\/business-cards\/[0-9a-f-]{36}$/],
    ["/admin/learn", /^\/admin\/learn\/(?!new$)[a-z0-9-]+$/],
  ] as const) {
    await page.goto(list);
    const links = await page.locator("a[href]").evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href") ?? ""));
    const record = links.find((href) => pattern.test(href));
    expect(record, `a record linked from ${list}`).toBeTruthy();
    records.push(record!);
  }
  await measure(page, [...sections, ...records]);
});
