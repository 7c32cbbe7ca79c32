import { useState } from "react";

import { Button } from "~/components/ui/button";

/**
 * 'Support Local', shown once per visitor as a line in the feed below its first post: the first
 * screen of a first visit is the posts near the visitor, not a message covering them. 'Okay'
 * posts to /intro, which remembers it in a cookie; with JavaScript the browser writes that cookie
 * and the line goes at once.
 */
export function FirstVisitNote({ returnTo }: { returnTo: string }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <aside
      aria-label="Support Local"
      data-testid="first-visit-note"
      className="flex items-center gap-3 rounded-xl border border-brand-100 bg-brand-50 px-3 py-2"
    >
      <p className="flex-1 text-sm text-slate-800">
        <strong>Support Local:</strong> Like the posts to promote local businesses and local economy.
      </p>
      {/* A plain form, not Remix's: closing needs no request, and without JavaScript /intro answers. */}
      <form
        method="post"
        action="/intro"
        onSubmit={(event) => {
          event.preventDefault();
          setOpen(false);
          // The same cookie /intro sets (a JSON "1", base64 as Remix writes it), written at once so an
          // immediate reload already knows.
          document.cookie = `intro_seen=${btoa(JSON.stringify("1"))}; path=/; max-age=31536000; samesite=lax`;
        }}
      >
        <input type="hidden" name="returnTo" value={returnTo} />
        <Button type="submit" variant="secondary" size="pill">
          Okay
        </Button>
      </form>
    </aside>
  );
}
