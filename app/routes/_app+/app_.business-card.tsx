import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, Field, FieldError, SubmitButton, useValidatedForm } from "~/components/forms";
import { ActionToast } from "~/components/ui/action-toast";
import { ButtonLink, buttonClasses } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { paths } from "~/lib/paths";
import { CHOOSE_A_DESIGN, businessCardSchema } from "~/lib/schemas/business-card";
import { whatsappShareUrl } from "~/lib/share";
import { pageTitle } from "~/lib/title";
import { createToast } from "~/lib/toast";
import { getOwnBusinessCard, listCardDesigns, saveBusinessCard } from "~/models/business-cards.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

import { cardContent, cardPageUrl, drawingIn } from "../__business-card.server";

export const meta: MetaFunction = () => [{ title: pageTitle("My Business Card") }];

/** The designs, each drawn with this business's details, and the card as saved. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [card, designs] = await Promise.all([getOwnBusinessCard(user.id), listCardDesigns()]);
  if (!card) throw new Response("Not found", { status: 404 });
  // One card, every design: its content (and QR code) is made once.
  const content = await cardContent(card);
  const drawings = designs.map((design) => drawingIn(content, design.layout));
  const chosenId = designs.find((design) => design.id === card.designId)?.id ?? designs[0]?.id ?? "";
  return {
    saved: card.saved,
    cardUrl: cardPageUrl(card.id),
    cardPath: paths.card(card.id),
    chosenId,
    fields: { designId: chosenId, ...card.fields },
    businessName: card.profile.businessName,
    designs: designs.map((design, index) => ({
      id: design.id,
      name: design.name,
      previewUrl: paths.businessCardPreview(design.id, drawings[index].version),
    })),
  };
}

/** Saves the design and the card's own fields (the same schema as the browser's); a design that is not offered is refused. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: businessCardSchema });
  const failed = (fieldErrors: Record<string, string[]> = {}) =>
    data(
      { result: submission.reply({ fieldErrors }), toast: createToast({ type: "error", title: "Business card not saved" }) },
      { status: 400 },
    );
  if (submission.status !== "success") return failed();
  const saved = await saveBusinessCard(user.id, submission.value);
  if (!saved) return failed({ designId: [CHOOSE_A_DESIGN] });
  return redirectWithToast(paths.businessCard(), { type: "success", title: "Business card saved" });
}

const asText = (field: unknown) => field as FieldMetadata<string>;

export default function MyBusinessCard() {
  const { saved, cardUrl, cardPath, chosenId, fields: initial, businessName, designs } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useValidatedForm("business-card", businessCardSchema, actionData?.result, initial);
  const busy = useIsPending();
  const chosen = designs.find((design) => design.id === chosenId);
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
              src={chosen.previewUrl}
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
        <ErrorList errors={form.errors} id={form.errorId} />
        <fieldset aria-describedby={fields.designId.errors?.length ? fields.designId.errorId : undefined}>
          <legend className="text-lg font-semibold text-slate-900">{saved ? "Change the design" : "Choose a design"}</legend>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:gap-3">
            {designs.map((design) => (
              <label
                key={design.id}
                className="block cursor-pointer rounded-xl border-2 border-transparent bg-white p-1.5 shadow-sm sm:p-2 has-[:checked]:border-brand-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300"
              >
                <img
                  src={design.previewUrl}
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
        <SubmitButton busy={busy} busyText="Saving...">
          Save business card
        </SubmitButton>
      </Form>
      <ActionToast toast={actionData?.toast} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
