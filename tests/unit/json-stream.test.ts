import { describe, expect, it } from "vitest";

import { JSON_ITEM_SEPARATOR, jsonObjectText } from "~/lib/json-stream";

async function* pages<Item>(...list: Array<Item[] | { json: string; count: number }>) {
  for (const page of list) yield page;
}

async function text(pieces: AsyncIterable<string>) {
  let all = "";
  for await (const piece of pieces) all += piece;
  return all;
}

describe("jsonObjectText", () => {
  it("writes values and paged lists as one JSON object, one item a line", async () => {
    const written = await text(
      jsonObjectText([
        ["exportedAt", "2026-01-02T03:04:05.000Z"],
        ["profile", { name: 'Asha "Sweets"', tags: ["a", "b"], when: new Date("2026-01-01T00:00:00Z") }],
        ["contacts", pages([{ n: 1 }, { n: 2 }], [], [{ n: 3 }])],
        ["posts", pages()],
        ["empty", pages([], [])],
        ["card", null],
      ]),
    );
    expect(JSON.parse(written)).toEqual({
      exportedAt: "2026-01-02T03:04:05.000Z",
      profile: { name: 'Asha "Sweets"', tags: ["a", "b"], when: "2026-01-01T00:00:00.000Z" },
      contacts: [{ n: 1 }, { n: 2 }, { n: 3 }],
      posts: [],
      empty: [],
      card: null,
    });
    expect(written).toContain('  "contacts": [\n    {"n":1},\n    {"n":2},\n    {"n":3}\n  ],');
  });

  it("writes pages the database already wrote as JSON text as they are, in the same list", async () => {
    const written = await text(
      jsonObjectText([
        [
          "contacts",
          pages<unknown>([{ n: 1 }], { json: ['{"n" : 2}', '{"n" : 3}'].join(JSON_ITEM_SEPARATOR), count: 2 }, { json: "", count: 0 }),
        ],
      ]),
    );
    expect(JSON.parse(written)).toEqual({ contacts: [{ n: 1 }, { n: 2 }, { n: 3 }] });
  });

  it("reads a list's next page only as the text is taken", async () => {
    let read = 0;
    async function* counted() {
      for (let page = 0; page < 3; page++) {
        read++;
        yield [{ page }];
      }
    }
    const pieces = jsonObjectText([["items", counted()]]);
    await pieces.next(); // {"items":
    await pieces.next(); // the first page
    expect(read).toBe(1);
  });

  it("writes an object with no members as {}", async () => {
    expect(JSON.parse(await text(jsonObjectText([])))).toEqual({});
  });
});
