import { describe, expect, it } from "vitest";

import { MORE_PLACES, TAB_PLACES, currentPlace } from "~/lib/app-navigation";

describe("the workspace's places (tab bar and sidebar)", () => {
  it("puts four places in the tab bar, Home first, and the rest under More", () => {
    expect(TAB_PLACES.map((place) => place.tabTitle ?? place.title)).toEqual(["Home", "Post", "Contacts", "History"]);
    expect(MORE_PLACES.map((place) => place.title)).toEqual([
      "Send Offers",
      "Templates",
      "Business Card",
      "Learn",
      "Public Feed",
      "Campaigns",
      "SMS History",
    ]);
  });

  it("lists quick add under Contacts, not as a place of its own, and calls the templates 'Templates'", () => {
    const titles = [...TAB_PLACES, ...MORE_PLACES].map((place) => place.title);
    expect(titles).not.toContain("Add Contact");
    expect(titles).not.toContain("Add Customer Contact");
    expect(titles).not.toContain("Add Templates");
    expect(currentPlace("/add-customer-contact")?.id).toBe("contacts");
  });

  it("leads every place somewhere of its own: campaigns and SMS history are real places", () => {
    const targets = [...TAB_PLACES, ...MORE_PLACES].map((place) => place.to);
    expect(new Set(targets).size).toBe(targets.length);
    expect(MORE_PLACES.find((place) => place.id === "campaigns")?.to).toBe("/campaigns");
    expect(MORE_PLACES.find((place) => place.id === "sms-history")?.to).toBe("/sms-history");
  });

  it.each([
    ["/app", "home"],
    ["/app/", "home"],
    ["/app/business-card", "card"],
    ["/send-post", "post"],
    ["/send-offers", "offers"],
    ["/contacts", "contacts"],
    ["/contacts/import/5b1d2c1e", "contacts"],
    ["/add-contact", "contacts"],
    ["/edit-contact/0f7c", "contacts"],
    ["/posts-history", "history"],
    ["/add-templates", "templates"],
    ["/template-preview/abc", "templates"],
    ["/learn/how-to-post", "learn"],
    ["/campaigns", "campaigns"],
    ["/campaigns/new", "campaigns"],
    ["/campaigns/5b1d2c1e", "campaigns"],
    ["/sms-history", "sms-history"],
  ])("%s belongs to %s", (path, id) => {
    expect(currentPlace(path)?.id).toBe(id);
  });

  it("claims no place for a path that is none of them (a 404 in the container)", () => {
    expect(currentPlace("/app/no-such-screen")).toBeNull();
    expect(currentPlace("/contactsx")).toBeNull();
    expect(currentPlace("/")).toBeNull();
  });
});
