import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { BusinessAvatar } from "~/components/business-avatar";
import { ButtonLink } from "~/components/ui/button";
import { CALL_TO_ACTION_LABELS } from "~/lib/call-to-action";
import { responsiveImage } from "~/lib/images";
import { paths } from "~/lib/paths";
import { formatDayMonth } from "~/lib/india-time";
import type { PlaceholderName } from "~/lib/template-fill";
import { pageTitle } from "~/lib/title";
import { previewTemplate, type TemplateDraft } from "~/models/templates.server";
import { requireUser } from "~/utils/session.server";

import { TemplateKindBadge, TemplatesErrorBoundary } from "./__templates";

const NO_SUCH_TEMPLATE = "There is no template at this address.";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const preview = await previewTemplate(params.id ?? "", user.id);
  if (!preview) throw new Response(NO_SUCH_TEMPLATE, { status: 404 });
  return preview;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.template.title ?? "Template Preview") }];

const DETAIL_WORDS: Record<PlaceholderName, string> = {
  businessName: "business name",
  name: "name",
  phone: "phone number",
  address: "address",
  city: "city",
  state: "state",
  offerTitle: "offer title",
  couponCode: "coupon code",
  validUntil: "offer end date",
  customerName: "customer's name",
};

/** 'phone number', 'phone number and address', 'phone number, address and city'. */
function listWords(names: PlaceholderName[]): string {
  const words = names.map((name) => DETAIL_WORDS[name]);
  return words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : words.join("");
}

export default function TemplatePreview() {
  const { template, draft, business, missingDetails } = useLoaderData<typeof loader>();
  const composer = draft.kind === "offer" ? paths.sendOffers({ template: template.id }) : paths.sendPost({ template: template.id });
  const place = [business.city, business.state].filter(Boolean).join(", ");
  return (
    <div className="mx-auto max-w-xl">
      <Link to={paths.addTemplates({ category: template.categoryId })} className="tap text-sm font-medium text-brand-700 hover:underline">
        ← {template.categoryName ? `${template.categoryName} templates` : "All templates"}
      </Link>
      <div className="mt-2 flex items-center gap-2">
        <TemplateKindBadge kind={template.kind} />
        {template.categoryName ? <span className="text-xs text-slate-500">{template.categoryName}</span> : null}
      </div>
      <h1 className="mt-1 text-2xl font-bold text-slate-900">{template.title}</h1>
      <p className="mt-1 text-sm text-slate-600">
        Filled in with your business&apos;s details. You can change everything before you publish.
      </p>
      {missingDetails.length > 0 ? (
        <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="missing-details">
          Your profile has no {listWords(missingDetails)} yet, so this template leaves {missingDetails.length > 1 ? "them" : "it"} out.{" "}
          <Link to={paths.editProfile()} className="font-medium underline">
            Add {missingDetails.length > 1 ? "them" : "it"} to your profile
          </Link>
        </p>
      ) : null}

      <section aria-label="Preview" className="mt-4">
        <article className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          <header className="flex items-center gap-3 px-4 pt-4">
            <BusinessAvatar name={business.businessName} imageUrl={business.profileImageUrl} />
            <span className="min-w-0">
              <span className="block truncate font-semibold text-slate-900" data-testid="preview-business">
                {business.businessName}
              </span>
              <span className="block text-xs text-slate-500">{place ? `${place} · Just now` : "Just now"}</span>
            </span>
          </header>
          {draft.offer ? <OfferBlock offer={draft.offer} /> : null}
          <p className="px-4 pt-2 break-words whitespace-pre-line text-slate-800" data-testid="preview-content">
            {draft.content}
          </p>
          {draft.hashtags.length > 0 ? (
            <ul className="flex flex-wrap gap-x-2 gap-y-1 px-4 pt-2" aria-label="Hashtags">
              {draft.hashtags.map((tag) => (
                <li key={tag} className="text-sm text-brand-600">
                  #{tag}
                </li>
              ))}
            </ul>
          ) : null}
          {draft.images.length > 0 ? (
            <img
              {...responsiveImage(draft.images[0], "(min-width: 640px) 576px, 100vw")}
              alt={`${template.title} picture`}
              width={1200}
              height={900}
              className="mt-3 aspect-[4/3] w-full object-cover"
            />
          ) : (
            <div className="pb-4" />
          )}
        </article>
      </section>

      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <ButtonLink to={composer} size="lg" className="sm:flex-1">
          Use this template
        </ButtonLink>
        <ButtonLink to={paths.addTemplates({ category: template.categoryId })} variant="secondary" size="lg">
          Back to templates
        </ButtonLink>
      </div>
    </div>
  );
}

function OfferBlock({ offer }: { offer: NonNullable<TemplateDraft["offer"]> }) {
  return (
    <div className="mx-4 mt-3 rounded-lg border border-dashed border-green-600 bg-green-50 px-3 py-2" data-testid="preview-offer">
      <p className="font-semibold text-green-800">{offer.title}</p>
      <p className="text-xs text-green-900">
        {offer.couponCode ? (
          <>
            Code <span className="font-mono font-semibold">{offer.couponCode}</span> ·{" "}
          </>
        ) : null}
        Valid {formatDayMonth(offer.validFrom)} to {formatDayMonth(offer.validUntil)}
      </p>
      {offer.terms ? <p className="mt-1 text-xs text-green-900">{offer.terms}</p> : null}
      {offer.callToAction ? (
        <p className="mt-2">
          <span className="inline-block rounded-lg bg-green-700 px-3 py-1 text-sm font-medium text-white">
            {CALL_TO_ACTION_LABELS[offer.callToAction.type]}
          </span>
        </p>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <TemplatesErrorBoundary notFound={NO_SUCH_TEMPLATE} />;
}
