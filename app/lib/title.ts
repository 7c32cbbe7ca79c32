/** A page's <title>: the screen, then the product. */
export function pageTitle(screen: string): string {
  return `${screen} · iSent`;
}

/** An admin screen's <title>. */
export function adminTitle(screen: string): string {
  return `${screen} · iSent Admin`;
}
