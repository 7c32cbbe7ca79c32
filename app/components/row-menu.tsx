import type { ReactNode } from "react";

/**
 * A row's '⋯' menu, so that a destructive action (Delete) stands apart from the row's everyday
 * ones and cannot be hit by a slip of the thumb. A <details>: it opens and closes without
 * JavaScript, and its items are the row's own forms and links, each a 44 px target.
 */
export function RowMenu({ label, children }: { label: string; children: ReactNode }) {
  return (
    <details className="relative">
      <summary className="tap cursor-pointer list-none justify-center rounded-lg text-xl leading-none text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        <span aria-hidden>⋯</span>
        <span className="sr-only">{label}</span>
      </summary>
      <div className="absolute right-0 z-10 mt-1 w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">{children}</div>
    </details>
  );
}

/** Closes the RowMenu around an item that has been chosen (the item asks in the row, below it). */
export function closeRowMenu(item: Element) {
  item.closest("details")?.removeAttribute("open");
}

/** Where the focus goes back to after an item of a RowMenu: the item, or the menu's button once it is closed. */
export function focusMenuItem(item: HTMLElement | null) {
  const menu = item?.closest("details");
  (menu && !menu.open ? menu.querySelector("summary") : item)?.focus();
}

/** An item of a RowMenu (a link or a form's button): the whole width, 44 px tall. */
export function menuItemClasses(tone: "plain" | "danger" = "plain"): string {
  return `flex min-h-11 w-full items-center rounded-md px-3 text-left text-sm font-medium disabled:opacity-50 ${
    tone === "danger" ? "text-red-700 hover:bg-red-50" : "text-slate-800 hover:bg-slate-100"
  }`;
}
