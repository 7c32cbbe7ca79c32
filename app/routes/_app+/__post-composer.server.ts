import { randomUUID } from "node:crypto";

import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";

import { IDEMPOTENCY_KEY_MESSAGES, idempotencyKeySchema } from "~/lib/schemas/idempotency";
import { INVALID_POST_ID, POST_NOT_FOUND } from "~/lib/schemas/post-history";
import { defaultOfferDates, POST_IMAGES_MAX, POST_MESSAGES, postEditSchema, postSchema, type PostInput } from "~/lib/schemas/posts";
import { isUuid } from "~/lib/ids";
import { indianDate } from "~/lib/india-time";
import { placeQuerySchema } from "~/lib/place-search";
import { POST_CHANGE_RULES, canEdit, editRefusal, postDisplayStatus } from "~/lib/post-status";
import { paths } from "~/lib/paths";
import { refusalToast } from "~/lib/refusal";
import { getBusinessLocation, getBusinessProfile } from "~/models/business-profile.server";
import { cachedCategories } from "~/models/feed-cache.server";
import {
  editPost,
  findNearDuplicate,
  getOwnPost,
  postPrice,
  publishPost,
  throttleEditing,
  throttlePublishing,
  type OwnPost,
} from "~/models/posts.server";
import { listCreditPacks, packCovering, type CreditPack } from "~/models/pricing.server";
import { templateDraft, type TemplateDraft } from "~/models/templates.server";
import { storeImageUpload, throttleUploads } from "~/models/uploads.server";
import { searchPlaces, type Place } from "~/services/geocoding.server";
import { UPLOAD_MESSAGES, UploadError } from "~/services/image-upload.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { detourFromForm } from "~/utils/kept-draft.server";
import { parseMultipartForm, streamingFormParts } from "~/utils/multipart.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

import { NO_LOCATION_MESSAGE, refusalMessage } from "../__post-publishing.server";

export type PostKind = PostInput["kind"];

/** The composer's URL for each kind: a template of the other kind is opened in the other composer. */
const composerPath = (kind: PostKind, query: { template?: string } = {}) =>
  kind === "offer" ? paths.sendOffers(query) : paths.sendPost(query);

/** The form's starting values: a template filled for this business, else an empty post (an offer running for a week from today). */
function startingValues(kind: PostKind, draft: TemplateDraft | null, category: string): Record<string, string | string[]> {
  const offer = draft?.offer;
  const dates = defaultOfferDates();
  return {
    category,
    content: draft?.content ?? "",
    hashtags: draft?.hashtags.join(" ") ?? "",
    images: draft?.images ?? [],
    ...(kind === "offer"
      ? {
          offerTitle: offer?.title ?? "",
          couponCode: offer?.couponCode ?? "",
          offerTerms: offer?.terms ?? "",
          validFrom: offer?.validFrom ?? dates.validFrom,
          validUntil: offer?.validUntil ?? dates.validUntil,
          callToActionType: offer?.callToAction?.type ?? "",
          callToActionUrl: offer?.callToAction?.url ?? "",
        }
      : {}),
  };
}

/** What the composer needs whether it publishes or corrects: the business as its posts show it, its place, the categories, the price. */
async function composerBasics(user: { id: string; balance: number }, kind: PostKind) {
  const [profile, location, categories, price, packs] = await Promise.all([
    getBusinessProfile(user.id),
    getBusinessLocation(user.id),
    cachedCategories(),
    postPrice(kind),
    listCreditPacks(),
  ]);
  if (!profile) throw new Response("Not found", { status: 404 });
  const own = new Set(profile.businessCategories);
  const basics = {
    kind,
    price,
    balance: user.balance,
    /** When the balance is short: the smallest pack that covers the shortfall, to name beside 'Buy credits'. */
    topUp: user.balance < price ? topUpFor(packs, price - user.balance) : null,
    business: {
      id: user.id,
      name: profile.name,
      businessName: profile.businessName,
      profileImageUrl: profile.profileImageUrl,
      businessPhone: profile.businessPhone,
      mobileNumber: profile.mobileNumber,
    },
    location,
    categories: [...profile.businessCategories, ...categories.map((category) => category.name).filter((name) => !own.has(name))],
  };
  return { basics, ownCategory: profile.businessCategories[0] ?? "" };
}

/** The post an edit form corrects, as its page shows what an edit keeps (place, time, numbers, an offer's dates). */
export type EditedPost = {
  id: string;
  createdAt: string;
  likesCount: number;
  viewsCount: number;
  place: { label: string; lat: number | null; lon: number | null };
  validFrom: string | null;
  validUntil: string | null;
};

/**
 * What the composer shows: the price and the balance (the server's), the business as its posts
 * show it, its place (or that it has none), the categories (its own first), a fresh key for this
 * form's publishing, and the starting values (from ?template=).
 */
export async function composerLoader(request: Request, kind: PostKind) {
  const user = await requireUser(request);
  const templateId = new URL(request.url).searchParams.get("template");
  const draft = templateId ? await templateDraft(templateId, user.id) : null;
  if (templateId && !draft) throw new Response("This template was not found.", { status: 404 });
  if (draft && draft.kind !== kind) throw redirect(composerPath(draft.kind, { template: draft.templateId }));
  const { basics, ownCategory } = await composerBasics(user, kind);
  return {
    ...basics,
    idempotencyKey: randomUUID(),
    fromTemplate: draft !== null,
    editing: null as EditedPost | null,
    initial: startingValues(kind, draft, ownCategory),
  };
}

/**
 * The composer correcting one of the business's posts (/posts-history/{id}/edit): its saved words
 * and details to start from. A malformed id is 400, another business's post 404 as an unknown one,
 * and a post past its life (an offer ended, or removed by the admin) 409 with the reason.
 */
export async function editComposerLoader(request: Request, postId: string | undefined) {
  const user = await requireUser(request);
  if (!isUuid(postId)) throw new Response(INVALID_POST_ID, { status: 400 });
  const post = await getOwnPost(user.id, postId);
  if (!post) throw new Response(POST_NOT_FOUND, { status: 404 });
  const status = postDisplayStatus(post);
  if (!canEdit(status, post.kind)) throw new Response(editRefusal(status, post.kind), { status: 409 });
  const { basics } = await composerBasics(user, post.kind);
  const editing: EditedPost = {
    id: post.id,
    createdAt: post.createdAt.toISOString(),
    likesCount: post.likesCount,
    viewsCount: post.viewsCount,
    place: { label: [post.city, post.state].filter(Boolean).join(", "), lat: post.lat, lon: post.lon },
    validFrom: post.validFrom ? indianDate(post.validFrom) : null,
    validUntil: post.validUntil ? indianDate(post.validUntil) : null,
  };
  return { ...basics, idempotencyKey: "", fromTemplate: false, editing, initial: savedValues(post) };
}

/** The edit form's starting values: the post as saved. */
function savedValues(post: OwnPost): Record<string, string | string[]> {
  return {
    category: post.category ?? "",
    content: post.content,
    hashtags: post.hashtags.map((tag) => `#${tag}`).join(" "),
    images: post.images,
    ...(post.kind === "offer"
      ? {
          offerTitle: post.offerTitle ?? "",
          couponCode: post.couponCode ?? "",
          offerTerms: post.offerTerms ?? "",
          callToActionType: post.callToActionType ?? "",
          callToActionUrl: post.callToActionUrl ?? "",
        }
      : {}),
  };
}

function topUpFor(packs: CreditPack[], shortfall: number) {
  const pack = packCovering(packs, shortfall);
  return pack ? { id: pack.id, name: pack.name, credits: pack.credits, totalPaise: pack.totalPaise } : null;
}

/**
 * A reply that shows the form again as it was sent, with no errors (a place search or a preview, not
 * a publish): each field's first text value, every image. One pass over the fields, whatever their number.
 */
function formAsSent(formData: FormData): SubmissionResult<string[]> {
  const values = new Map<string, string | string[]>();
  const images: string[] = [];
  const withText = new Set<string>();
  for (const [name, value] of formData) {
    if (name === "images") {
      values.set(name, images);
      if (typeof value === "string") images.push(value);
    } else if (typeof value === "string") {
      if (!withText.has(name)) values.set(name, value);
      withText.add(name);
    } else if (!values.has(name)) {
      values.set(name, "");
    }
  }
  return { initialValue: Object.fromEntries(values), status: undefined };
}

export type ComposerActionData = {
  result: SubmissionResult<string[]>;
  places?: Place[];
  placeQuery?: string;
  toast?: ReturnType<typeof refusalToast>;
  /** The publish was refused because the business has no location: the page links to the step. */
  needsLocation?: boolean;
  /** The publish was refused for a short balance: the error summary links to buying credits. */
  needsCredits?: boolean;
  /** Nearly identical to a post of the last 24 hours: the page links to it and asks to confirm. */
  duplicate?: { id: string; kind: PostKind; createdAt: string };
};

/** The business's post of the last 24 hours that the form's text nearly repeats, as the page shows it. */
async function duplicateOf(userId: string, kind: PostKind, formData: FormData): Promise<ComposerActionData["duplicate"]> {
  const content = formData.get("content");
  if (typeof content !== "string" || !content.trim()) return undefined;
  const offerTitle = kind === "offer" ? formData.get("offerTitle") : null;
  const found = await findNearDuplicate(userId, { offerTitle: typeof offerTitle === "string" ? offerTitle : null, content });
  return found ? { id: found.id, kind: found.kind, createdAt: found.createdAt.toISOString() } : undefined;
}

/**
 * The composer's multipart form, read as it streams: images chosen in it are re-encoded and stored
 * one by one as they arrive (checked by their content), and join the form's `images` after those
 * it already had; what could not be stored is in `uploadErrors`, said next to the images field.
 */
async function readComposerForm(request: Request, userId: string) {
  const stored: string[] = [];
  const uploadErrors = new Set<string>();
  const formParts = streamingFormParts("imageFiles", async (file) => {
    if (file.tooLarge) return void uploadErrors.add(UPLOAD_MESSAGES.tooLarge);
    if (stored.length >= POST_IMAGES_MAX) return void uploadErrors.add(POST_MESSAGES.tooManyImages);
    // Storage failed for an earlier image: the next would only make the user wait again.
    if (uploadErrors.has(UPLOAD_MESSAGES.notStored)) return undefined;
    const throttled = await throttleUploads(userId);
    if (throttled) return void uploadErrors.add(throttled.message);
    try {
      stored.push((await storeImageUpload(userId, file.bytes)).url);
    } catch (error) {
      if (!(error instanceof UploadError)) throw error;
      uploadErrors.add(error.message);
    }
    return undefined;
  });
  const formData = await parseMultipartForm(request, formParts);
  for (const url of stored) formData.append("images", url);
  return { formData, uploadErrors };
}

/**
 * The composer's one form, with JavaScript or without: images chosen in it arrive with it and are
 * re-encoded and stored one by one as they arrive (kept for the next try if the post is refused);
 * `intent` is 'search-place' (no JavaScript's place search), 'preview', or publishing. Publishing
 * is the API's publish: charged once per form (its key), then /success. A detour ('Buy credits',
 * 'Set your location') keeps the form, its stored images too, and comes back to it afterwards.
 */
export async function composerAction(request: Request, kind: PostKind) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const { formData, uploadErrors } = await readComposerForm(request, user.id);
  formData.set("kind", kind);
  const detour = await detourFromForm(request, user.id, formData, postSchema);
  if (detour) return detour;
  const intent = formData.get("intent");

  if (intent === "search-place") {
    const query = placeQuerySchema.safeParse(formData.get("placeQuery") ?? "");
    return data<ComposerActionData>({
      result: formAsSent(formData),
      places: query.success ? await searchPlaces(query.data) : [],
      placeQuery: query.success ? query.data : "",
    });
  }
  if (intent === "preview") {
    const confirmed = formData.get("confirmDuplicate") === "yes";
    return data<ComposerActionData>({
      result: formAsSent(formData),
      duplicate: confirmed ? undefined : await duplicateOf(user.id, kind, formData),
    });
  }

  const submission = parseWithZod(formData, { schema: postSchema });
  const refuse = (fieldErrors: Record<string, string[]> = {}, extra: Partial<ComposerActionData> = {}, status = 400) => {
    const result = submission.reply({ fieldErrors });
    // The toast says why, as the page's error summary does.
    const title = kind === "offer" ? "Offer not published" : "Post not published";
    return data<ComposerActionData>({ result, toast: refusalToast(title, result), ...extra }, { status });
  };
  if (uploadErrors.size) return refuse({ images: [...uploadErrors] });
  if (submission.status !== "success") return refuse();
  const throttled = await throttlePublishing(user.id);
  if (throttled) return refuse({ "": [throttled.message] }, {}, 429);
  const key = idempotencyKeySchema.safeParse(formData.get("idempotencyKey") || null);
  if (!key.success) return refuse({ "": [IDEMPOTENCY_KEY_MESSAGES.form] });
  const result = await publishPost(user.id, submission.value, key.data, {
    confirmDuplicate: formData.get("confirmDuplicate") === "yes",
  });
  if (!result.ok) {
    if (result.reason === "invalid") return refuse({ [result.field]: [result.message] });
    if (result.reason === "near_duplicate") {
      const { id, kind: earlierKind, createdAt } = result.duplicateOf;
      return refuse({}, { duplicate: { id, kind: earlierKind, createdAt: createdAt.toISOString() } }, 409);
    }
    if (result.reason === "no_location") return refuse({ "": [NO_LOCATION_MESSAGE] }, { needsLocation: true }, 409);
    const status = { insufficient_balance: 402, key_reused: 422, key_spent: 409 }[result.reason];
    return refuse(
      { "": [refusalMessage(result, kind, "form")] },
      result.reason === "insufficient_balance" ? { needsCredits: true } : {},
      status,
    );
  }
  const scheduled = result.post.status === "scheduled";
  return redirectWithToast(paths.success(result.post.id), {
    type: "success",
    title: scheduled ? (kind === "offer" ? "Offer scheduled" : "Post scheduled") : kind === "offer" ? "Offer published" : "Post published",
  });
}

/**
 * The edit form: 'preview' (without JavaScript) shows it again as sent; saving corrects the post
 * through editPost, as PUT /api/posts/{id} does (free; refused clearly once the post's life is
 * over), then back to Posts History, which says it was edited.
 */
export async function editComposerAction(request: Request, postId: string | undefined) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  if (!isUuid(postId)) throw new Response(INVALID_POST_ID, { status: 400 });
  const { formData, uploadErrors } = await readComposerForm(request, user.id);
  if (formData.get("intent") === "preview") return data<ComposerActionData>({ result: formAsSent(formData) });

  const submission = parseWithZod(formData, { schema: postEditSchema });
  const refuse = (fieldErrors: Record<string, string[]> = {}, status = 400) => {
    const result = submission.reply({ fieldErrors });
    return data<ComposerActionData>({ result, toast: refusalToast("Changes not saved", result) }, { status });
  };
  if (uploadErrors.size) return refuse({ images: [...uploadErrors] });
  if (submission.status !== "success") return refuse();
  const throttled = await throttleEditing(user.id);
  if (throttled) return refuse({ "": [throttled.message] }, 429);
  const result = await editPost(user.id, postId, submission.value);
  if (!result.ok) {
    if (result.reason === "invalid") return refuse({ [result.field]: [result.message] });
    if (result.reason === "not_found") return refuse({ "": [POST_NOT_FOUND] }, 404);
    return refuse({ "": [result.message] }, 409);
  }
  return redirectWithToast(paths.postsHistory(), { type: "success", title: POST_CHANGE_RULES.edit.done });
}
