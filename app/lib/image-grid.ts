/** A post's images: one image large; 2, 3 or more in a grid of at most 4 tiles, '+N' on the fourth when more. */
export const MAX_GRID_TILES = 4;

export type GridTile = { url: string; index: number; moreCount: number };
export type ImageGridLayout = { kind: "none" | "single" | "grid"; tiles: GridTile[] };

export function imageGridLayout(images: readonly string[]): ImageGridLayout {
  if (images.length === 0) return { kind: "none", tiles: [] };
  if (images.length === 1) return { kind: "single", tiles: [{ url: images[0], index: 0, moreCount: 0 }] };
  const hidden = images.length - MAX_GRID_TILES;
  return {
    kind: "grid",
    tiles: images.slice(0, MAX_GRID_TILES).map((url, index) => ({
      url,
      index,
      moreCount: index === MAX_GRID_TILES - 1 && hidden > 0 ? hidden : 0,
    })),
  };
}
