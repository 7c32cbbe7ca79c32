import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorSummary, Field, FieldError, SubmitButton, useValidatedForm } from "~/components/forms";
import { ActionToast } from "~/components/ui/action-toast";
import { ButtonLink, buttonClasses } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import type { BusinessCardFields, BusinessCardLayout } from "~/db/schema";
import { publicCardParts, showsMobile, type CardProfile } from "~/lib/business-card";
import { paths } from "~/lib/paths";
import { formatIndianPhone } from "~/lib/phone";
import { CHOOSE_A_DESIGN, businessCardSchema } from "~/lib/schemas/business-card";
import { whatsappShareUrl } from "~/lib/share";
import { pageTitle } from "~/lib/title";
import { refusalToast } from "~/lib/refusal";
import { getOwnBusinessCard, listCardDesigns, saveBusinessCard } from "~/models/business-cards.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

import { cardContentChoices, cardPageUrl, drawingIn } from "../__business-card.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: pageTitle("My Business Card") }];

/** The designs, each drawn with this business's details (with its mobile and without), the card as saved, and the profile it is filled from. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [card, designs] = await Promise.all([getOwnBusinessCard(user.id), listCardDesigns()]);
  if (!card) throw new Response("Not found", { status: 404 });
  // One card, every design: its content (and QR code) is made once, with the mobile and without.
  const contents = await cardContentChoices(card);
  const previewOf = (designId: string, layout: BusinessCardLayout, mobile: "on" | "off") =>
    paths.businessCardPreview(designId, drawingIn(mobile === "on" ? contents.withMobile : contents.withoutMobile, layout).version, {
      mobile,
    });
  const chosenId = designs.find((design) => design.id === card.designId)?.id ?? designs[0]?.id ?? "";
  return {
    saved: card.saved,
    savedWithMobile: showsMobile(card.fields),
    cardUrl: cardPageUrl(card.id),
    cardPath: paths.card(card.id),
    chosenId,
    fields: { designId: chosenId, ...card.fields, showMobile: showsMobile(card.fields) },
    profile: card.profile,
    designs: designs.map((design) => ({
      id: design.id,
      name: design.name,
      previewUrl: { on: previewOf(design.id, design.layout, "on"), off: previewOf(design.id, design.layout, "off") },
    })),
  };
}

/** Saves the design and the card's own fields (the same schema as the browser's); a design that is not offered is refused. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: businessCardSchema });
  const failed = (fieldErrors: Record<string, string[]> = {}) => {
    const result = submission.reply({ fieldErrors });
    return data({ result, toast: refusalToast("Business card not saved", result) }, { status: 400 });
  };
  if (submission.status !== "success") return failed();
  const saved = await saveBusinessCard(user.id, submission.value);
  if (!saved) return failed({ designId: [CHOOSE_A_DESIGN] });
  return redirectWithToast(paths.businessCard(), { type: "success", title: "Business card saved" });
}

const asText = (field: unknown) => field as FieldMetadata<string>;

/** The choices as the form holds them now (as typed, with JavaScript; as sent or saved, without). */
function currentChoices(fields: ReturnType<typeof useValidatedForm<typeof businessCardSchema>>[1]): BusinessCardFields {
  const text = (field: { value?: unknown }) => (typeof field.value === "string" && field.value.trim()) || undefined;
  return {
    title: text(fields.title),
    tagline: text(fields.tagline),
    email: text(fields.email),
    website: text(fields.website),
    showMobile: fields.showMobile.value === "on",
  };
}

export default function MyBusinessCard() {
  const { saved, savedWithMobile, cardUrl, cardPath, chosenId, fields: initial, profile, designs } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useValidatedForm("business-card", businessCardSchema, actionData?.result, initial);
  const busy = useIsPending();
  const chosen = designs.find((design) => design.id === chosenId);
  const choices = currentChoices(fields);
  const businessName = profile.businessName;
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-slate-900">My business card</h1>
      <p className="mt-1 text-sm text-slate-600">
        Your card is filled from your profile: name, business name, phones, address and photo.{" "}
        <Link to={paths.editProfile()} className="font-medium text-brand-700 hover:underline">
          Edit profile
        </Link>
      </p>

      {saved && chosen ? (
        <section aria-labelledby="live-heading" className="mt-5 rounded-xl border border-green-200 bg-green-50 p-4">
          <h2 id="live-heading" className="font-semibold text-slate-900">
            Your card is ready to share
          </h2>
          <a href={cardPath} className="mt-3 block overflow-hidden rounded-lg shadow ring-1 ring-slate-200">
            <img
              src={savedWithMobile ? chosen.previewUrl.on : chosen.previewUrl.off}
              alt={`Your business card in the ${chosen.name} design`}
              width={700}
              height={400}
              className="h-auto w-full"
            />
          </a>
          <div className="mt-3 flex flex-wrap gap-2">
            <ButtonLink to={cardPath}>Open my card</ButtonLink>
            <a
              href={whatsappShareUrl(`${businessName}: my business card`, cardUrl)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses({}, "bg-green-600 hover:bg-green-700")}
            >
              Share on WhatsApp
            </a>
          </div>
          <p className="mt-2 break-all text-xs text-slate-600">{cardUrl}</p>
        </section>
      ) : null}

      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        <ErrorSummary form={form} />
        <fieldset id={fields.designId.id} aria-describedby={fields.designId.errors?.length ? fields.designId.errorId : undefined}>
          <legend className="text-lg font-semibold text-slate-900">{saved ? "Change the design" : "Choose a design"}</legend>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:gap-3">
            {designs.map((design) => (
              <label
                key={design.id}
                className="block cursor-pointer rounded-xl border-2 border-transparent bg-white p-1.5 shadow-sm sm:p-2 has-[:checked]:border-brand-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300"
              >
                <img
                  src={choices.showMobile ? design.previewUrl.on : design.previewUrl.off}
                  alt=""
                  width={700}
                  height={400}
                  loading="lazy"
                  className="h-auto w-full rounded-md ring-1 ring-slate-200"
                />
                <span className="mt-2 flex items-center gap-2 text-sm font-medium text-slate-800">
                  <input
                    key={fields.designId.key}
                    type="radio"
                    name={fields.designId.name}
                    value={design.id}
                    defaultChecked={design.id === (fields.designId.initialValue ?? chosenId)}
                    className="h-4 w-4"
                  />
                  {design.name}
                </span>
              </label>
            ))}
          </div>
          <FieldError field={fields.designId} />
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Your title (optional)"
            field={asText(fields.title)}
            type="text"
            placeholder="Owner"
            autoComplete="organization-title"
          />
          <Field
            label="Tagline (optional)"
            field={asText(fields.tagline)}
            type="text"
            placeholder="Fresh sweets every morning since 1998"
          />
          <Field
            label="Email on the card (optional)"
            field={asText(fields.email)}
            type="email"
            autoComplete="email"
            placeholder="hello@yourshop.in"
          />
          <Field label="Website (optional)" field={asText(fields.website)} type="text" inputMode="url" placeholder="yourshop.in" />
        </div>
        <p className="text-xs text-slate-500">
          Left empty, a line is simply not on the card. Your sign-in email is never shown unless you type it here.
        </p>
        <ShowMobileChoice field={fields.showMobile} profile={profile} />
        <PublicParts profile={profile} choices={choices} cardUrl={cardUrl} />
        <SubmitButton busy={busy} busyText="Saving...">
          Save business card
        </SubmitButton>
      </Form>
      <ActionToast toast={actionData?.toast} />
    </div>
  );
}

/** The owner's own mobile on the card or not: a plain checkbox (sent as 'on' when ticked), its whole row a 44 px target. */
function ShowMobileChoice({ field, profile }: { field: FieldMetadata<boolean | undefined>; profile: CardProfile }) {
  const mobile = formatIndianPhone(profile.mobileNumber);
  const sameAsBusinessPhone = mobile !== null && mobile === formatIndianPhone(profile.businessPhone);
  const hintId = `${field.id}-hint`;
  return (
    <div>
      <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300">
        <input {...getInputProps(field, { type: "checkbox" })} key={field.key} aria-describedby={hintId} className="h-5 w-5 shrink-0" />
        Show my personal mobile on the card
      </label>
      <p id={hintId} className="mt-1 text-xs text-slate-500">
        {mobile
          ? sameAsBusinessPhone
            ? `Your business phone is the same number (${mobile}), so it stays on the card as your business phone. Give your business phone another number in your profile to keep ${mobile} off the card.`
            : `Your mobile is ${mobile}. Untick to keep it off the card; your business phone is shown instead.`
          : "Your profile has no mobile number."}
      </p>
    </div>
  );
}

/** What the card makes public with the choices as they are now, said plainly before it is saved. */
function PublicParts({ profile, choices, cardUrl }: { profile: CardProfile; choices: BusinessCardFields; cardUrl: string }) {
  const { shown, keptOff } = publicCardParts(profile, choices);
  return (
    <section aria-labelledby="public-heading" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-slate-800">
      <h2 id="public-heading" className="font-semibold text-slate-900">
        What anyone can see once you save
      </h2>
      <p className="mt-1">
        Your card is public at <span className="break-all font-medium">{cardUrl}</span>, and in its QR code, the contact file (vCard) people
        save, the PNG download and the picture apps show when the link is shared. Its address comes from your business&apos;s, so anyone who
        knows your business page can find it, even if you never share the link.
      </p>
      <dl aria-label="On your public card" className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {shown.map((part) => (
          <div key={`${part.label}-${part.value}`} className="contents">
            <dt className="font-medium text-slate-600">{part.label}</dt>
            <dd className="break-words">{part.value}</dd>
          </div>
        ))}
      </dl>
      {keptOff.length ? <p className="mt-3">Not on the card: {keptOff.join(", ")}.</p> : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
