import type { AccountUser } from "~/models/users.server";

import { oncePerRequest } from "./request-memo.server";
import { securityEvent } from "./security-log.server";
import { getUser, toSignIn } from "./session.server";
import { draftPath } from "~/lib/draft-path";
import { paths } from "~/lib/paths";

/** Every /admin page and action: the designated admin, or off to /admin/login, which comes back to the page asked for. */
export async function requireAdmin(request: Request): Promise<AccountUser> {
  const user = await getUser(request);
  if (user?.isAdmin) return user;
  // Signed in, but not as the admin: logged once for the page's loaders (someone without a session is only sent to sign in).
  if (user)
    await oncePerRequest(`not admin ${user.id}`, async () =>
      securityEvent(request, { event: "access_refused", outcome: "failure", userId: user.id, reason: "not_admin" }),
    );
  const asked = draftPath(new URL(request.url));
  throw await toSignIn(request, paths.admin.login(asked === "/admin" ? {} : { redirectTo: asked }));
}
