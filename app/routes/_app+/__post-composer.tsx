import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState, type ChangeEvent, type MouseEvent } from "react";

import { DetourButton } from "~/components/detour";
import { ErrorSummary, Field, SelectField, SubmitButton, TextareaField, useValidatedForm } from "~/components/forms";
import { PostCard } from "~/components/post-card";
import { menuItemClasses } from "~/components/row-menu";
import { ActionToast } from "~/components/ui/action-toast";
import { Button, ButtonLink } from "~/components/ui/button";
import { useHydrated } from "~/hooks/use-hydrated";
import { useIsPending } from "~/hooks/use-is-pending";
import { CALL_TO_ACTION_LABELS, CALL_TO_ACTION_TYPES, callToActionLink } from "~/lib/call-to-action";
import { countOf } from "~/lib/format-count";
import { postHashtags } from "~/lib/hashtags";
import { nearDuplicateMessage } from "~/lib/near-duplicate";
import { endOfIndianDay, isCalendarDate, startOfIndianDay } from "~/lib/india-days";
import { formatRupeesShort } from "~/lib/money";
import { paths } from "~/lib/paths";
import { formatDayMonth } from "~/lib/india-time";
import { POST_CONTENT_MAX, POST_IMAGES_MAX, postEditSchema, postSchema } from "~/lib/schemas/posts";
import type { FeedPost } from "~/models/feed.server";

import type { ComposerActionData, EditedPost, composerLoader } from "./__post-composer.server";

type Place = { id: string; label: string; lat: number; lon: number };
type Values = Record<string, string | string[] | undefined>;

const asText = (field: unknown) => field as FieldMetadata<string>;
const text = (value: Values[string]) => (typeof value === "string" ? value : "");

/**
 * The composer of /send-post and /send-offers: one multipart form that publishes in one submit,
 * images included, without JavaScript; with it, images upload as they are chosen (and can be put
 * in order), places are searched as you type, and the preview follows every keystroke. Its edit
 * mode (/posts-history/{id}/edit, `editing`) corrects a post already paid for, free: the words,
 * images, category and an offer's details; its place, time and an offer's dates are shown, kept.
 */
export function PostComposer() {
  const loaded = useLoaderData<typeof composerLoader>();
  const actionData = useActionData<ComposerActionData>();
  const { kind, business, location, price, balance, editing } = loaded;
  const offer = kind === "offer";
  // The edit schema's fields are a part of the publishing one's: the fields' types stay those.
  const schema = (editing ? postEditSchema : postSchema) as typeof postSchema;
  const [form, fields] = useValidatedForm(
    editing ? `composer-edit-${editing.id}` : `composer-${kind}`,
    schema,
    actionData?.result,
    loaded.initial,
  );
  // What the server sent back, else a form kept for a detour or an ended session, else the loader's start.
  const startValues = ((actionData?.result.initialValue ?? form.initialValue) as Values | undefined) ?? loaded.initial;
  const [values, setValues] = useState<Values>(startValues);
  const [images, setImages] = useState<string[]>(() => [startValues.images ?? []].flat());
  const [place, setPlace] = useState<Place | null>(null);
  const busy = useIsPending();
  const hydrated = useHydrated();
  const short = !editing && balance < price;
  const noun = offer ? "offer" : "post";

  const readForm = (target: HTMLFormElement) => {
    const data = new FormData(target);
    setValues(Object.fromEntries([...new Set(data.keys())].map((name) => [name, String(data.get(name) ?? "")])));
  };

  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold text-slate-900">{editing ? `Edit your ${noun}` : offer ? "Send an offer" : "Send a post"}</h1>
      {editing ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="edit-terms">
          Editing is free. Its likes and views stay, and the feed shows the new version as soon as you save.
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600" data-testid="price-and-balance">
          This {noun} costs <strong>{countOf(price, "credit")}</strong>. Your balance: <strong>{countOf(balance, "credit")}</strong>.
        </p>
      )}
      {short ? (
        <p role="alert" className="mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {`Your balance is ${countOf(price - balance, "credit")} short of this ${noun}: you need ${countOf(price - balance, "more credit", "more credits")}.`}
          {loaded.topUp ? (
            <>
              {" "}
              The {loaded.topUp.name} pack ({loaded.topUp.credits.toLocaleString("en-IN")} credits for{" "}
              {formatRupeesShort(loaded.topUp.totalPaise)} with GST) covers it.
            </>
          ) : null}{" "}
          <DetourButton formId={form.id} detour="credits">
            Buy credits
          </DetourButton>
        </p>
      ) : null}
      {/* Once a publish is refused for it, the error summary says so (with the same link). */}
      {!editing && !location && !actionData?.needsLocation ? (
        <p role="alert" className="mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Set your business location before publishing: your posts reach people near it.{" "}
          <DetourButton formId={form.id} detour="location">
            Set your location
          </DetourButton>
        </p>
      ) : null}

      <div className="mt-5 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Form
          method="post"
          encType="multipart/form-data"
          {...getFormProps(form)}
          onChange={(event) => readForm(event.currentTarget)}
          className="space-y-5"
        >
          <input type="hidden" name="kind" value={kind} />
          {editing ? null : <input type="hidden" name="idempotencyKey" value={loaded.idempotencyKey} />}
          {loaded.fromTemplate ? (
            <p className="text-sm text-slate-600">
              Started from a template: change anything you like.{" "}
              <Link to={paths.addTemplates()} className="text-brand-700 hover:underline">
                Other templates
              </Link>
            </p>
          ) : null}
          <ErrorSummary
            form={form}
            fixes={[
              ...(!editing && (!location || actionData?.needsLocation)
                ? [{ detour: "location" as const, label: "Set your location" }]
                : []),
              ...(actionData?.needsCredits ? [{ detour: "credits" as const, label: "Buy credits" }] : []),
            ]}
            targets={{ images: "image-files", place: "place-query" }}
          />

          {offer ? <OfferFields fields={fields} values={values} editing={editing} /> : null}

          <TextareaField
            label={offer ? "Describe the offer" : "What's new?"}
            field={asText(fields.content)}
            rows={6}
            maxLength={POST_CONTENT_MAX}
            placeholder={offer ? "What is on offer, for whom, and why now" : "News, new stock, today's special… Add #hashtags anywhere."}
          />
          <Field label="Hashtags (optional)" field={asText(fields.hashtags)} type="text" placeholder="#diwali #sweets" />
          <SelectField
            label="Category"
            field={asText(fields.category)}
            options={loaded.categories.map((name) => ({ value: name, label: name }))}
            placeholder="No category"
          />
          <ImagesField images={images} onChange={setImages} errors={fields.images.errors} hydrated={hydrated} />
          {editing ? (
            <p className="text-sm text-slate-700">
              <span className="font-medium">Where:</span> near {editing.place.label || "your business"}. An edit keeps the place and the{" "}
              {noun}&apos;s time in the feed.
            </p>
          ) : (
            <>
              <PlaceField
                location={location}
                places={actionData?.places ?? []}
                placeQuery={actionData?.placeQuery ?? ""}
                chosen={text(startValues.place)}
                error={fields.place.errors}
                hydrated={hydrated}
                onChoose={setPlace}
              />
              <Field label="Publish at (optional)" field={asText(fields.publishAt)} type="datetime-local" />
              <p className="-mt-4 text-xs text-slate-500">
                Leave it empty to publish now. A scheduled {noun} is paid now, goes live at that time (India time), and is refunded if you
                delete it before then.
              </p>
            </>
          )}

          {hydrated ? null : (
            <Button type="submit" name="intent" value="preview" variant="secondary" formNoValidate>
              Update the preview
            </Button>
          )}
          {actionData?.duplicate ? <DuplicateWarning key={actionData.duplicate.id} duplicate={actionData.duplicate} /> : null}
          {editing ? (
            <div className="flex flex-wrap gap-2">
              <SubmitButton busy={busy} busyText="Saving..." name="intent" value="save">
                Save changes · free
              </SubmitButton>
              <ButtonLink to={paths.postsHistory()} variant="secondary">
                Cancel
              </ButtonLink>
            </div>
          ) : (
            <SubmitButton busy={busy} busyText="Publishing..." name="intent" value="publish">
              {`Publish ${noun} · ${countOf(price, "credit")}`}
            </SubmitButton>
          )}
        </Form>

        <aside aria-labelledby="preview-heading" className="lg:sticky lg:top-28 lg:self-start">
          <h2 id="preview-heading" className="text-sm font-semibold text-slate-700">
            Preview: as people nearby will see it
          </h2>
          <div className="mt-2">
            <Preview
              kind={kind}
              business={business}
              location={location}
              values={values}
              images={images}
              place={place ?? (editing ? placeOf(editing) : null)}
              editing={editing}
            />
          </div>
        </aside>
      </div>
      <ActionToast toast={actionData?.toast} />
    </div>
  );
}

/**
 * Asked before a post nearly identical to one of the last 24 hours is paid for: a link to that one
 * (in a new tab, so this form stays as it is) and a box to tick to publish this one as well.
 */
function DuplicateWarning({ duplicate }: { duplicate: NonNullable<ComposerActionData["duplicate"]> }) {
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <p>
        {nearDuplicateMessage(duplicate.kind)}{" "}
        <a href={paths.success(duplicate.id)} target="_blank" rel="noopener noreferrer" className="font-semibold underline">
          See it (opens in a new tab)
        </a>
      </p>
      <label className="mt-1 flex min-h-11 items-center gap-2 font-medium">
        <input type="checkbox" name="confirmDuplicate" value="yes" className="h-5 w-5" />
        Publish this one as well (it is paid for again)
      </label>
    </div>
  );
}

type ComposerData = ReturnType<typeof useLoaderData<typeof composerLoader>>;

/** The place an edited post keeps, as the preview draws it (a post saved without coordinates shows the business's). */
function placeOf(editing: EditedPost): Place | null {
  const { label, lat, lon } = editing.place;
  return label && lat !== null && lon !== null ? { id: "post", label, lat, lon } : null;
}

/** The post card as the feed will show it (the feed's own PostCard), from what the form holds now. */
function Preview({
  kind,
  business,
  location,
  values,
  images,
  place,
  editing,
}: {
  kind: ComposerData["kind"];
  business: ComposerData["business"];
  location: ComposerData["location"];
  values: Values;
  images: string[];
  place: Place | null;
  /** The post being corrected: its time and numbers, which an edit keeps. */
  editing: EditedPost | null;
}) {
  const offer = kind === "offer";
  const from = editing?.validFrom ?? text(values.validFrom);
  const until = editing?.validUntil ?? text(values.validUntil);
  const ctaType = CALL_TO_ACTION_TYPES.find((type) => type === values.callToActionType) ?? null;
  const where = place ? place.label.split(",").map((part) => part.trim()) : [location?.city ?? null, location?.state ?? null];
  const post: FeedPost = {
    id: "preview",
    userId: business.id,
    kind,
    businessName: business.businessName,
    authorName: business.name,
    profileImageUrl: business.profileImageUrl,
    category: text(values.category) || null,
    city: where[0] ?? null,
    state: where.length > 1 ? (where.at(-1) ?? null) : null,
    country: "India",
    content: text(values.content) || "Your text appears here.",
    hashtags: postHashtags(text(values.hashtags).split(/[\s,]+/), text(values.content)),
    images,
    offerTitle: offer ? text(values.offerTitle) || "Your offer's title" : null,
    couponCode: offer ? text(values.couponCode).toUpperCase() || null : null,
    offerTerms: offer ? text(values.offerTerms) || null : null,
    validFrom: offer && isCalendarDate(from) ? startOfIndianDay(from).toISOString() : null,
    validUntil: offer && isCalendarDate(until) ? endOfIndianDay(until).toISOString() : null,
    callToAction: offer
      ? callToActionLink(ctaType, {
          businessPhone: business.businessPhone,
          mobileNumber: business.mobileNumber,
          lat: place?.lat ?? location?.lat ?? null,
          lon: place?.lon ?? location?.lon ?? null,
          url: text(values.callToActionUrl) || null,
        })
      : null,
    createdAt: editing?.createdAt ?? new Date().toISOString(),
    likesCount: editing?.likesCount ?? 0,
    viewsCount: editing?.viewsCount ?? 0,
    distanceKm: null,
  };
  return (
    <PostCard
      post={post}
      interactive={false}
      liked={false}
      returnTo="/"
      postUrl="/"
      hashtagUrl={(tag) => `/?q=%23${encodeURIComponent(tag)}`}
      highlighted={false}
      priority={false}
      onOpenImage={() => {}}
      onOpenBusiness={() => {}}
    />
  );
}

type ComposerFields = ReturnType<typeof useValidatedForm<typeof postSchema>>[1];

/** The offer's block, as Google Business Profile's offers have it: title, coupon, dates in India, terms and a button. */
function OfferFields({ fields, values, editing }: { fields: ComposerFields; values: Values; editing: EditedPost | null }) {
  return (
    <fieldset className="space-y-4 rounded-xl border border-green-200 bg-green-50/50 p-4">
      <legend className="px-1 text-sm font-semibold text-green-900">The offer</legend>
      <Field label="Offer title" field={asText(fields.offerTitle)} type="text" placeholder="20% off all sweets" />
      {editing ? (
        // What was paid for stays: an edit is free, so it cannot move the offer's days.
        <p className="text-sm text-slate-700" data-testid="offer-dates">
          <span className="font-medium">Runs</span>{" "}
          {editing.validFrom && editing.validUntil
            ? `${formatDayMonth(startOfIndianDay(editing.validFrom))} – ${formatDayMonth(endOfIndianDay(editing.validUntil))}`
            : "as published"}
          . An edit keeps its days; &lsquo;End offer&rsquo; in Posts History ends it early.
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Valid from" field={asText(fields.validFrom)} type="date" />
          <Field label="Valid until" field={asText(fields.validUntil)} type="date" />
        </div>
      )}
      <Field label="Coupon code (optional)" field={asText(fields.couponCode)} type="text" placeholder="DIWALI20" />
      <TextareaField
        label="Terms (optional)"
        field={asText(fields.offerTerms)}
        rows={2}
        maxLength={500}
        placeholder="On orders above ₹500."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Button"
          field={asText(fields.callToActionType)}
          options={CALL_TO_ACTION_TYPES.map((type) => ({ value: type, label: CALL_TO_ACTION_LABELS[type] }))}
          placeholder="No button"
        />
        {values.callToActionType === "website" || fields.callToActionUrl.errors?.length || text(fields.callToActionUrl.initialValue) ? (
          <Field
            label="Website for the button"
            field={asText(fields.callToActionUrl)}
            type="text"
            inputMode="url"
            placeholder="yourshop.in"
          />
        ) : (
          <input type="hidden" name={fields.callToActionUrl.name} value="" />
        )}
      </div>
    </fieldset>
  );
}

const UPLOAD_FAILED = "The image could not be uploaded";
const UPLOAD_CONNECTION_FAILED = "The connection failed, so the image was not uploaded. Choose it again to try again.";

/**
 * Up to 6 images, the first the cover. Without JavaScript: chosen files go with the form, and
 * images kept from a refused try are checkboxes (untick to drop). With JavaScript: each file is
 * uploaded as it is chosen (POST /api/uploads), and each has a sheet to make it the cover, move or remove it.
 */
function ImagesField({
  images,
  onChange,
  errors,
  hydrated,
}: {
  images: string[];
  onChange: (images: string[]) => void;
  errors?: string[];
  hydrated: boolean;
}) {
  const [uploading, setUploading] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const room = POST_IMAGES_MAX - images.length;

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    if (!hydrated) return;
    const input = event.currentTarget;
    const files = Array.from(input.files ?? []);
    input.value = "";
    if (files.length > room) setProblem(`A post can have at most ${POST_IMAGES_MAX} images`);
    else setProblem(null);
    let added = [...images];
    for (const file of files.slice(0, Math.max(room, 0))) {
      setUploading((count) => count + 1);
      try {
        const body = new FormData();
        body.append("file", file);
        const response = await fetch("/api/uploads", { method: "POST", body }).catch(() => null);
        if (!response) throw new Error(UPLOAD_CONNECTION_FAILED);
        // A proxy's error page is not JSON: the general words then.
        const answer = (await response.json().catch(() => ({}))) as { url?: string; message?: string };
        if (!response.ok || !answer.url) throw new Error(answer.message ?? UPLOAD_FAILED);
        added = [...added, answer.url];
        onChange(added);
      } catch (error) {
        setProblem(error instanceof Error ? error.message : UPLOAD_FAILED);
      } finally {
        setUploading((count) => count - 1);
      }
    }
  }

  const move = (from: number, to: number) => {
    const next = [...images];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    onChange(next);
  };
  const shownErrors = [...(errors ?? []), ...(problem ? [problem] : [])];

  return (
    <fieldset aria-describedby={shownErrors.length ? "images-error" : undefined}>
      <legend className="text-sm font-medium text-slate-700">Images (up to {POST_IMAGES_MAX}; the first is the cover)</legend>
      {images.length ? (
        <ol className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-6" aria-label="Chosen images">
          {images.map((url, index) => (
            <li key={url} className="relative">
              <img
                src={url}
                alt={`Image ${index + 1}${index === 0 ? " (cover)" : ""}`}
                className="aspect-square w-full rounded-lg object-cover"
              />
              {hydrated ? (
                <>
                  <input type="hidden" name="images" value={url} />
                  <ImageSheet
                    number={index + 1}
                    count={images.length}
                    onMakeCover={() => move(index, 0)}
                    onMove={(by) => move(index, index + by)}
                    onRemove={() => onChange(images.filter((_, at) => at !== index))}
                  />
                </>
              ) : (
                <label className="mt-1 flex min-h-11 items-center gap-2 text-sm">
                  <input type="checkbox" name="images" value={url} defaultChecked className="h-4 w-4" />
                  Keep
                </label>
              )}
            </li>
          ))}
        </ol>
      ) : null}
      {room > 0 ? (
        <>
          <label htmlFor="image-files" className="mt-2 block text-sm text-slate-600">
            {images.length ? "Add more images" : "Choose images"}
          </label>
          <input
            id="image-files"
            name="imageFiles"
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp,image/heic"
            onChange={upload}
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-700"
          />
        </>
      ) : null}
      {uploading ? <p className="mt-1 text-sm text-slate-600">Uploading {uploading} image(s)…</p> : null}
      {shownErrors.length ? (
        <p id="images-error" role="alert" className="mt-1 text-sm text-red-600">
          {shownErrors.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * What can be done with one chosen image, in a sheet under it (a <details>): make it the cover,
 * move it, and, apart from those, remove it. Every item is a 44 px target.
 */
function ImageSheet({
  number,
  count,
  onMakeCover,
  onMove,
  onRemove,
}: {
  number: number;
  count: number;
  onMakeCover: () => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  // Each choice closes the sheet: the image it was about may have moved.
  const choose = (action: () => void) => (event: MouseEvent<HTMLButtonElement>) => {
    const sheet = event.currentTarget.closest("details");
    if (sheet) sheet.open = false;
    action();
  };
  return (
    <details className="group mt-1">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-center rounded-lg border border-slate-300 text-sm font-medium text-slate-700 hover:bg-slate-50 group-open:bg-slate-100 [&::-webkit-details-marker]:hidden">
        {number === 1 ? "Cover" : "Edit"}
        <span className="sr-only">{` image ${number}`}</span>
      </summary>
      <div className="mt-1 rounded-lg border border-slate-200 bg-white p-1 shadow-sm">
        {number > 1 ? (
          <button type="button" onClick={choose(onMakeCover)} className={menuItemClasses()}>
            Make cover<span className="sr-only">{`: image ${number}`}</span>
          </button>
        ) : null}
        {number > 1 ? (
          <button type="button" onClick={choose(() => onMove(-1))} className={menuItemClasses()}>
            Move earlier<span className="sr-only">{`: image ${number}`}</span>
          </button>
        ) : null}
        {number < count ? (
          <button type="button" onClick={choose(() => onMove(1))} className={menuItemClasses()}>
            Move later<span className="sr-only">{`: image ${number}`}</span>
          </button>
        ) : null}
        <div className="mt-1 border-t border-slate-200 pt-1">
          <button type="button" onClick={choose(onRemove)} className={menuItemClasses("danger")}>
            Remove<span className="sr-only">{`: image ${number}`}</span>
          </button>
        </div>
      </div>
    </details>
  );
}

/**
 * Where the post reaches: the business's place, or another found by the place search (searched
 * as you type with JavaScript; with a Search button that sends the form back without it).
 */
function PlaceField({
  location,
  places,
  placeQuery,
  chosen,
  error,
  hydrated,
  onChoose,
}: {
  location: { city: string | null; state: string | null } | null;
  places: Place[];
  placeQuery: string;
  chosen: string;
  error?: string[];
  hydrated: boolean;
  onChoose: (place: Place | null) => void;
}) {
  const [query, setQuery] = useState(placeQuery);
  const [found, setFound] = useState<{ status: "idle" | "searching" | "done"; places: Place[] }>({ status: "idle", places });
  useEffect(() => {
    if (!hydrated) return;
    const text = query.trim();
    if (text.length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setFound((current) => ({ ...current, status: "searching" }));
      try {
        const response = await fetch(`/api/places?q=${encodeURIComponent(text)}`, { signal: controller.signal });
        setFound({ status: "done", places: response.ok ? ((await response.json()) as Place[]) : [] });
      } catch {
        if (!controller.signal.aborted) setFound({ status: "done", places: [] });
      }
    }, 400);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, hydrated]);

  const value = (place: Place) => `${place.lat},${place.lon},${place.label}`;
  const home = location ? [location.city, location.state].filter(Boolean).join(", ") : null;
  return (
    <fieldset aria-describedby={error?.length ? "place-error" : undefined}>
      <legend className="text-sm font-medium text-slate-700">Where</legend>
      <label className="mt-1 flex min-h-11 items-center gap-2 text-sm">
        <input type="radio" name="place" value="" defaultChecked={!chosen} onChange={() => onChoose(null)} className="h-4 w-4" />
        {home ? `Near my business: ${home}` : "Near my business (set your location first)"}
      </label>
      <div className="mt-2 flex gap-2">
        <label htmlFor="place-query" className="sr-only">
          Search a city, area…
        </label>
        <input
          id="place-query"
          name="placeQuery"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search a city, area…"
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
        {hydrated ? null : (
          <Button type="submit" name="intent" value="search-place" variant="dark" formNoValidate>
            Search
          </Button>
        )}
      </div>
      <div aria-live="polite">
        {found.status === "searching" ? <p className="mt-1 text-sm text-slate-500">Searching…</p> : null}
        {found.status === "done" && found.places.length === 0 ? <p className="mt-1 text-sm text-slate-500">No places found</p> : null}
        {placeQuery && !hydrated && places.length === 0 ? <p className="mt-1 text-sm text-slate-500">No places found</p> : null}
        <ul className="mt-1">
          {found.places.map((place) => (
            <li key={place.id}>
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="place"
                  value={value(place)}
                  defaultChecked={chosen === value(place)}
                  onChange={() => onChoose(place)}
                  className="h-4 w-4"
                />
                {place.label}
              </label>
            </li>
          ))}
        </ul>
      </div>
      {error?.length ? (
        <p id="place-error" className="mt-1 text-sm text-red-600">
          {error[0]}
        </p>
      ) : null}
    </fieldset>
  );
}
