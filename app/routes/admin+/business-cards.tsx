import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { AuditTrail } from "~/components/audit-trail";
import { ActionToast } from "~/components/ui/action-toast";
import { ButtonLink, buttonClasses } from "~/components/ui/button";
import { CARD_FONT_LABELS, CARD_STYLE_LABELS } from "~/lib/card-design";
import { countOf } from "~/lib/format-count";
import { paths } from "~/lib/paths";
import { adminTitle } from "~/lib/title";
import { listAdminActions } from "~/models/admin-audit.server";
import { listCardDesignsForAdmin } from "~/models/admin-card-designs.server";
import { cardVersion } from "~/services/card-image.server";
import { requireAdmin } from "~/utils/admin.server";
import { assertSameOrigin } from "~/utils/csrf.server";

import { sampleCardContent } from "../__business-card.server";

import { DesignStatus } from "./__card-design-form";
import { answerCardDesignSwitch } from "./__card-design-form.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: adminTitle("Business Cards") }];

/** Every design (disabled ones too) in the chooser's order, each drawn with the sample business, and the latest changes to designs. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [designs, sample, actions] = await Promise.all([
    listCardDesignsForAdmin(),
    sampleCardContent(),
    listAdminActions({ entityType: "business_card_design", limit: 10 }),
  ]);
  return {
    designs: designs.map((design) => ({
      ...design,
      previewUrl: paths.admin.cardDesignPreview(design.id, cardVersion(sample, design.layout)),
    })),
    actions,
  };
}

/** Enables or disables a design from the list. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  return answerCardDesignSwitch(admin, await request.formData(), null, () => paths.admin.businessCards());
}

export default function AdminBusinessCards() {
  const { designs, actions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Business Cards</h1>
          <p className="mt-1 text-sm text-slate-600">
            The card designs businesses choose from. A disabled design is no longer offered; the cards that use it keep it.
          </p>
        </div>
        <ButtonLink to={paths.admin.newCardDesign()}>Add a design</ButtonLink>
      </div>
      <ActionToast toast={actionData?.toast} />
      {designs.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-sm text-slate-600 shadow-sm">
          No designs yet: businesses cannot make a card until there is one.
        </p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="card-designs">
          {designs.map((design) => (
            <li key={design.id} className="flex flex-col rounded-xl bg-white p-3 shadow-sm" data-testid="card-design">
              <img
                src={design.previewUrl}
                alt={`${design.name}, drawn with a sample business`}
                width={700}
                height={400}
                loading="lazy"
                className={`h-auto w-full rounded-lg ring-1 ring-slate-200 ${design.isActive ? "" : "opacity-60"}`}
              />
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <Link
                  to={paths.admin.cardDesign(design.id)}
                  className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
                >
                  {design.name}
                </Link>
                <DesignStatus active={design.isActive} />
              </div>
              <p className="text-sm text-slate-600">
                {CARD_STYLE_LABELS[design.layout.style]} layout · {CARD_FONT_LABELS[design.layout.font]} · place {design.sortOrder} ·{" "}
                {countOf(design.cards, "card")}
              </p>
              <p
                className="mt-1 flex gap-1"
                aria-label={`Colours: ${design.layout.background}, ${design.layout.foreground}, ${design.layout.accent}`}
              >
                {[design.layout.background, design.layout.foreground, design.layout.accent].map((colour, index) => (
                  <span
                    key={index}
                    className="h-5 w-5 rounded border border-slate-300"
                    style={{ backgroundColor: colour }}
                    title={colour}
                  />
                ))}
              </p>
              <div className="mt-auto flex flex-wrap gap-2 pt-3">
                <ButtonLink to={paths.admin.cardDesign(design.id)} variant="secondary" size="sm">
                  Edit
                </ButtonLink>
                <Form method="post">
                  <input type="hidden" name="designId" value={design.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={design.isActive ? "disable" : "enable"}
                    aria-label={`${design.isActive ? "Disable" : "Enable"} ${design.name}`}
                    className={buttonClasses({ variant: "secondary", size: "sm" })}
                  >
                    {design.isActive ? "Disable" : "Enable"}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      <AuditTrail entries={actions} title="Latest changes to designs" empty="No design has been changed yet." />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
