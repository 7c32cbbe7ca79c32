import { describe, expect, it } from "vitest";

import { wrapIndex } from "~/components/feed/lightbox";
import { imageGridLayout } from "~/lib/image-grid";

const images = (count: number) => Array.from({ length: count }, (_, index) => `/uploads/${index}.jpg`);

describe("image grid (one large, else at most 4 tiles with '+N')", () => {
  it("shows nothing without images", () => {
    expect(imageGridLayout([])).toEqual({ kind: "none", tiles: [] });
  });

  it("shows one image large", () => {
    expect(imageGridLayout(images(1))).toEqual({ kind: "single", tiles: [{ url: "/uploads/0.jpg", index: 0, moreCount: 0 }] });
  });

  it.each([2, 3, 4])("shows %i images as a grid of that many tiles, no overlay", (count) => {
    const layout = imageGridLayout(images(count));
    expect(layout.kind).toBe("grid");
    expect(layout.tiles).toHaveLength(count);
    expect(layout.tiles.every((tile) => tile.moreCount === 0)).toBe(true);
  });

  it("caps the grid at 4 tiles with '+N' on the fourth", () => {
    const layout = imageGridLayout(images(7));
    expect(layout.tiles.map((tile) => tile.url)).toEqual(images(4));
    expect(layout.tiles.map((tile) => tile.moreCount)).toEqual([0, 0, 0, 3]);
    expect(imageGridLayout(images(5)).tiles[3].moreCount).toBe(1);
  });
});

describe("lightbox navigation", () => {
  it("wraps around both ways", () => {
    expect(wrapIndex(-1, 5)).toBe(4);
    expect(wrapIndex(5, 5)).toBe(0);
    expect(wrapIndex(2, 5)).toBe(2);
  });
});
