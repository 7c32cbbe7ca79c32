import type { ZodTypeAny } from "zod";
import { createCookie, redirect, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";

import { DETOURS, isDetour } from "~/lib/detour";
import { draftPath } from "~/lib/draft-path";
import { schemaFields } from "~/lib/schema-field-names";
import { fieldOf, KEPT_DRAFT_LIMITS, KEPT_DRAFT_MINUTES, shapeKeptDraft, type KeptDraftShape } from "~/lib/kept-draft";
import { keepDraft, takeDraft, waitingDraft, type KeptDraft } from "~/models/kept-drafts.server";

import { signedCookieOptions } from "./cookies.server";

/**
 * The browser's pointer to its kept draft: the draft's id only, signed, for as long as a draft
 * lasts. It proves nothing: the draft is given only to the account it was kept for.
 */
const keptDraftCookie = createCookie("kept_draft", signedCookieOptions({ maxAge: KEPT_DRAFT_MINUTES * 60 }));

/**
 * A multipart form's parts when nothing will be done with them: each text field up to the draft's
 * bound, each file read through and dropped (only its name is kept, to count it).
 */
const textOnly: UploadHandler = async ({ filename, data: chunks }) => {
  const kept: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.length;
    if (filename === undefined && size <= KEPT_DRAFT_LIMITS.bytes) kept.push(chunk);
  }
  if (filename === undefined) return size <= KEPT_DRAFT_LIMITS.bytes ? new TextDecoder().decode(Buffer.concat(kept)) : undefined;
  return filename ? new File([], filename) : undefined;
};

/** The sent form's text fields worth keeping, or null (nothing to keep, a body already read or unreadable). */
async function sentForm(request: Request): Promise<KeptDraftShape | null> {
  if (request.bodyUsed) return null;
  try {
    const multipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
    const formData = multipart ? await unstable_parseMultipartFormData(request, textOnly) : await request.formData();
    return shapeKeptDraft(formData.entries());
  } catch {
    // Not a form, or cut short: there is nothing to keep, and the answer is still the sign-in page.
    return null;
  }
}

/**
 * Keeps the form `request` sends for the account whose session ended; the Set-Cookie that points
 * this browser at it, or null when there was nothing to keep.
 */
export async function keepSentForm(request: Request, accountId: string): Promise<string | null> {
  const draft = await sentForm(request);
  if (!draft) return null;
  const id = await keepDraft(accountId, draftPath(new URL(request.url)), draft);
  return keptDraftCookie.serialize(id);
}

async function keptDraftId(request: Request): Promise<string | null> {
  const id: unknown = await keptDraftCookie.parse(request.headers.get("Cookie"));
  return typeof id === "string" ? id : null;
}

/**
 * The draft this browser kept for the signed-in account and the screen asked for, used up as it is
 * read, with the Set-Cookie that forgets the pointer. Nothing for another account (the pointer stays
 * for its owner) or another screen (it waits for its own).
 */
export async function takeKeptDraft(request: Request, userId: string): Promise<{ draft: KeptDraft | null; setCookie: string | null }> {
  const id = await keptDraftId(request);
  const draft = id ? await takeDraft(id, userId, draftPath(new URL(request.url))) : null;
  return { draft, setCookie: draft ? await keptDraftCookie.serialize("", { maxAge: 0 }) : null };
}

/** The draft this browser kept for `accountId` that still waits for its sign-in (its file count), or null. */
export async function waitingKeptDraft(request: Request, accountId: string) {
  const id = await keptDraftId(request);
  return id ? waitingDraft(id, accountId) : null;
}

/**
 * A form's fix-it button (`detour`: 'credits', 'location') was pressed: keeps what the form sends for
 * this screen (the fields its schema reads: those the form is filled from again), as a detour's
 * draft, and answers with the 303 to the detour's screen (with the cookie that points this browser
 * at the draft). Null when the form was sent for anything else.
 */
export async function detourFromForm(request: Request, userId: string, formData: FormData, schema: ZodTypeAny): Promise<Response | null> {
  const detour = formData.get("detour");
  if (!isDetour(detour)) return null;
  const { fieldNames } = schemaFields(schema);
  const draft = shapeKeptDraft(
    [...formData.entries()].filter(([name, value]) => typeof value !== "string" || fieldNames.has(fieldOf(name))),
  );
  const headers = new Headers();
  if (draft) {
    const id = await keepDraft(userId, draftPath(new URL(request.url)), draft, "detour");
    headers.append("Set-Cookie", await keptDraftCookie.serialize(id));
  }
  return redirect(DETOURS[detour], { status: 303, headers });
}

/** The screen whose form waits for this account while it is on a detour: where the detour's end goes back to, or null. */
export async function detourReturnPath(request: Request, userId: string): Promise<string | null> {
  const waiting = await waitingKeptDraft(request, userId);
  return waiting?.reason === "detour" ? waiting.path : null;
}
