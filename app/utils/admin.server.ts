import type { AccountUser } from "~/models/users.server";

import { getUser, toSignIn } from "./session.server";
import { draftPath } from "~/lib/draft-path";
import { paths } from "~/lib/paths";

/** Every /admin page and action: the designated admin, or off to /admin/login, which comes back to the page asked for. */
export async function requireAdmin(request: Request): Promise<AccountUser> {
  const user = await getUser(request);
  if (user?.isAdmin) return user;
  const asked = draftPath(new URL(request.url));
  throw await toSignIn(request, paths.admin.login(asked === "/admin" ? {} : { redirectTo: asked }));
}
