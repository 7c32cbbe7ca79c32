import { redirect } from "@remix-run/node";

import type { AccountUser } from "~/models/users.server";

import { getUser } from "./session.server";
import { paths } from "~/lib/paths";

/** Every /admin page and action: the designated admin, or off to /admin/login, which comes back to the page asked for. */
export async function requireAdmin(request: Request): Promise<AccountUser> {
  const user = await getUser(request);
  if (user?.isAdmin) return user;
  const url = new URL(request.url);
  const asked = request.method === "GET" ? `${url.pathname}${url.search}` : url.pathname;
  throw redirect(paths.admin.login(asked === "/admin" ? {} : { redirectTo: asked }));
}
