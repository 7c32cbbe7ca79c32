import { useState } from "react";

import { Button } from "~/components/ui/button";

/**
 * Shown once per visitor. 'Okay' posts to /intro, which remembers it
 * in a cookie; with JavaScript the browser writes that cookie and closes the dialog.
 * Part of the home page's own code: it is on the first screen of every first visit.
 */
export function FirstVisitModal({ returnTo }: { returnTo: string }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center bg-black/40 p-3 sm:items-center">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="first-visit-title"
        className="w-full max-w-sm rounded-2xl bg-white p-5 text-center shadow-xl"
      >
        <p id="first-visit-title" className="text-base text-slate-800">
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
          className="mt-4"
        >
          <input type="hidden" name="returnTo" value={returnTo} />
          <Button type="submit" autoFocus wide>
            Okay
          </Button>
        </form>
      </div>
    </div>
  );
}
