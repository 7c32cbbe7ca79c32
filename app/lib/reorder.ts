/** Moving an item one place up or down an admin-ordered list (categories, packs, articles…). */
export type Direction = "up" | "down";

/**
 * The list with the item at `from` swapped with its neighbour above or below, and the place it went
 * to; null for an unknown item (`from` -1) or one already at that end.
 */
export function movedOneStep<T>(ordered: readonly T[], from: number, direction: Direction): { order: T[]; to: number } | null {
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ordered.length) return null;
  const order = [...ordered];
  [order[from], order[to]] = [order[to], order[from]];
  return { order, to };
}

/**
 * The items whose position must be written for `order` to be numbered afresh 0, 1, 2…: numbered
 * afresh, items that shared a number (ties broken by name) get their own, so a later move is never a no-op.
 */
export function renumbered<T extends { sortOrder: number }>(order: readonly T[]): Array<{ item: T; sortOrder: number }> {
  return order.flatMap((item, sortOrder) => (item.sortOrder === sortOrder ? [] : [{ item, sortOrder }]));
}
