import { describe, expect, it } from "vitest";

import { costByNameGroup, messageRenderer, type NameGroup } from "~/lib/campaign-message";
import { analyseSms, OPT_OUT_LINE } from "~/lib/sms-text";

const template = {
  text: "Hi {#var#}, {#var#} has {#var#} for you. Reply STOP to opt out.",
  isTemplate: true,
  category: "promotional" as const,
};
const render = messageRenderer(template, [null, "Rao Sweets", "20% off"]);

/** The group a name falls in, as the database works it out (contacts.sms_name_*), with `contacts` members. */
function groupOf(name: string, contacts: number): NameGroup {
  const gsm = analyseSms(name);
  return {
    characters: [...name].length,
    gsmUnits: gsm.encoding === "GSM-7" ? gsm.characters : null,
    utf16Units: name.length,
    contacts,
    example: name,
  };
}

/** The exact cost of messages to these names: what the dispatch job writes, one by one. */
const exactParts = (names: string[]) => names.reduce((sum, name) => sum + analyseSms(render(name)).parts, 0);

describe("messageRenderer", () => {
  it("fills the contact's name where it goes and the shared values elsewhere; free promotional text ends with the opt-out line", () => {
    expect(render("Ravi")).toBe("Hi Ravi, Rao Sweets has 20% off for you. Reply STOP to opt out.");
    const free = messageRenderer({ text: "Diwali sale today", isTemplate: false, category: "promotional" }, []);
    expect(free("Ravi")).toBe(`Diwali sale today\n${OPT_OUT_LINE}`);
    expect(messageRenderer({ text: "Your order is ready", isTemplate: false, category: "service" }, [])("x")).toBe("Your order is ready");
  });
});

describe("costByNameGroup", () => {
  it("counts each group's messages exactly when its names hold no two-unit character", () => {
    const names = ["Ravi", "Asha", "Meena Kumari", "राम कुमार", "सीता"];
    const groups = [groupOf("Ravi", 2), groupOf("Meena Kumari", 1), groupOf("राम कुमार", 1), groupOf("सीता", 1)];
    const cost = costByNameGroup(render, groups);
    expect(cost).toMatchObject({ recipients: 5, totalParts: exactParts(names), encoding: "UCS-2" });
    // The longest by what counts for parts: 77 GSM-7 septets, beyond the Hindi message's 73 UTF-16 units.
    expect(cost?.longest.body).toBe(render("Meena Kumari"));
    expect(costByNameGroup(render, [])).toBeNull();
  });

  it("never counts less than the messages take where a two-unit character may fall on a part boundary", () => {
    // 153 septets in the first part: '€' (an escape pair) at the end of a name lands on the boundary in one name and not another.
    const long = messageRenderer({ ...template, text: `${"x".repeat(130)} {#var#} ${"y".repeat(30)}` }, [null]);
    const names = Array.from({ length: 12 }, (_, at) => `${"a".repeat(at)}€${"b".repeat(11 - at)}`);
    const counted = costByNameGroup(long, [{ ...groupOf(names[0], names.length) }]);
    const exact = names.reduce((sum, name) => sum + analyseSms(long(name)).parts, 0);
    expect(counted!.totalParts).toBeGreaterThanOrEqual(exact);
    // And the same names without the escape pair are counted exactly.
    const plain = names.map((name) => name.replace("€", "e"));
    expect(costByNameGroup(long, [groupOf(plain[0], plain.length)])!.totalParts).toBe(
      plain.reduce((sum, name) => sum + analyseSms(long(name)).parts, 0),
    );
  });

  it("counts a message that does not hold the name once for everyone, whatever the names", () => {
    const same = messageRenderer({ text: "Shop closed on Sunday", isTemplate: false, category: "service" }, []);
    expect(costByNameGroup(same, [groupOf("Ravi 😀", 3), groupOf("Asha", 2)])).toMatchObject({ recipients: 5, totalParts: 5, parts: 1 });
  });
});
