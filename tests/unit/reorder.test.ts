import { describe, expect, it } from "vitest";

import { movedOneStep, renumbered } from "~/lib/reorder";

const items = (...orders: number[]) => orders.map((sortOrder, index) => ({ name: String.fromCharCode(97 + index), sortOrder }));

describe("moving an item one place in an admin-ordered list", () => {
  it("swaps it with its neighbour, and refuses past either end or for an unknown item", () => {
    const list = items(0, 1, 2);
    expect(movedOneStep(list, 1, "up")).toEqual({ order: [list[1], list[0], list[2]], to: 0 });
    expect(movedOneStep(list, 1, "down")).toEqual({ order: [list[0], list[2], list[1]], to: 2 });
    expect(movedOneStep(list, 0, "up")).toBeNull();
    expect(movedOneStep(list, 2, "down")).toBeNull();
    expect(movedOneStep(list, -1, "down")).toBeNull();
  });

  it("writes only the positions that change, numbering afresh so shared numbers part", () => {
    const list = items(0, 0, 0);
    const { order } = movedOneStep(list, 2, "up")!;
    expect(renumbered(order).map(({ item, sortOrder }) => [item.name, sortOrder])).toEqual([
      ["c", 1],
      ["b", 2],
    ]);
    expect(renumbered(items(0, 1, 2))).toEqual([]);
  });
});
