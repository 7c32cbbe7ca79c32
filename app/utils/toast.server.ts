import { createCookieSessionStorage, redirect } from "@remix-run/node";

import { z } from "zod";

import { TOAST_TYPES, createToast, type Toast, type ToastInput } from "~/lib/toast";

import { signedCookieOptions } from "./cookies.server";
import { combineHeaders } from "./http.server";

const TOAST_KEY = "toast";

/** What a flash cookie may hold; anything else is ignored. */
const toastSchema = z.object({
  id: z.string(),
  type: z.enum(TOAST_TYPES),
  title: z.string().min(1),
  description: z.string().optional(),
  createdAt: z.number(),
});

/** A flash cookie: the toast survives one redirect and shows even without JavaScript. */
const toastSessionStorage = createCookieSessionStorage({
  cookie: { name: "toast", ...signedCookieOptions() },
});

export async function createToastHeaders(input: ToastInput): Promise<Headers> {
  const session = await toastSessionStorage.getSession();
  session.flash(TOAST_KEY, createToast(input));
  return new Headers({ "Set-Cookie": await toastSessionStorage.commitSession(session) });
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  return redirect(url, { ...init, headers: combineHeaders(init?.headers, await createToastHeaders(toast)) });
}

/** Reads the pending toast and the header that clears it. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const session = await toastSessionStorage.getSession(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(session.get(TOAST_KEY));
  if (!parsed.success) return { toast: null, headers: null };
  return {
    toast: parsed.data,
    headers: new Headers({ "Set-Cookie": await toastSessionStorage.destroySession(session) }),
  };
}
