import { data } from "@remix-run/node";

import { config, demoNotice } from "~/config.server";
import { combineHeaders } from "~/utils/http.server";
import { keptFormName } from "~/lib/detour";
import { detourReturnPath, takeKeptDraft } from "~/utils/kept-draft.server";
import { getUser } from "~/utils/session.server";
import { getToast } from "~/utils/toast.server";
import { ensureAnonId } from "~/utils/visitor.server";

/**
 * The root loader's work. It lives here so that root.tsx imports one server
 * module only: the browser build swaps each for an empty stand-in, and ones
 * that other routes import too would each be a file of their own on every page.
 */
export async function loadRootData(request: Request) {
  const [{ toast, headers: toastHeaders }, { setCookie }, user] = await Promise.all([
    getToast(request),
    ensureAnonId(request),
    getUser(request),
  ]);
  // A form kept when this account's session ended comes back on its screen, once (the forms kit fills it in).
  const kept = user ? await takeKeptDraft(request, user.id) : { draft: null, setCookie: null };
  // Elsewhere, a form left for a detour (buying credits, setting the place) waits: the screens offer the way back to it.
  const detourFrom = user && !kept.draft ? await detourReturnPath(request, user.id) : null;
  const detour = detourFrom ? { path: detourFrom, name: keptFormName(detourFrom) } : null;
  // Every visitor gets their anonymous id on their first response, with or without JavaScript.
  return data(
    // A demo says what it simulates on every workspace and admin screen (components/demo-banner.tsx).
    { toast, signedIn: Boolean(user), pageTime: Date.now(), keptDraft: kept.draft, detour, demoNotice: demoNotice(config) },
    {
      headers: combineHeaders(
        toastHeaders,
        setCookie ? { "Set-Cookie": setCookie } : null,
        kept.setCookie ? { "Set-Cookie": kept.setCookie } : null,
      ),
    },
  );
}
