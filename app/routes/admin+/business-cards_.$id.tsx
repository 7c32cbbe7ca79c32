import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { BackLink } from "~/components/back-link";
import { AuditTrail } from "~/components/audit-trail";
import { ActionToast } from "~/components/ui/action-toast";
import { buttonClasses } from "~/components/ui/button";
import { countOf } from "~/lib/format-count";
import { paths } from "~/lib/paths";
import { adminTitle } from "~/lib/title";
import { listAdminActions } from "~/models/admin-audit.server";
import { getCardDesignForAdmin, updateCardDesign } from "~/models/admin-card-designs.server";
import { requireAdmin } from "~/utils/admin.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { redirectWithToast } from "~/utils/toast.server";

import { sampleCardContent } from "../__business-card.server";

import { CardDesignForm, DesignStatus } from "./__card-design-form";
import { answerCardDesignForm, answerCardDesignSwitch, cardDesignNotFound } from "./__card-design-form.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: adminTitle(data?.design.name ?? "Card Design") }];

/** One design: its form beside its drawing with the sample business, Enable or Disable, and its audit trail. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = params.id ?? "";
  const [design, sample, actions] = await Promise.all([
    getCardDesignForAdmin(id),
    sampleCardContent(),
    listAdminActions({ entityType: "business_card_design", entityId: id }),
  ]);
  if (!design) throw cardDesignNotFound();
  return { design, sample, actions };
}

/** Saves the design (every card that uses it is drawn the new way), draws it without saving (Preview), or enables or disables it. */
export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const id = params.id ?? "";
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "enable" || intent === "disable") return answerCardDesignSwitch(admin, formData, id, paths.admin.cardDesign);
  return answerCardDesignForm(
    formData,
    "Design not saved",
    (input) => updateCardDesign(admin, id, input),
    (saved) => redirectWithToast(paths.admin.cardDesign(id), { type: "success", title: `Card design ${saved.name} saved` }),
  );
}

export default function EditCardDesign() {
  const { design, sample, actions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-4">
      <BackLink to={paths.admin.businessCards()}>Business Cards</BackLink>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{design.name}</h1>
        <DesignStatus active={design.isActive} testId="design-status" />
      </div>
      <p className="text-sm text-slate-600">
        {countOf(design.cards, "business card")} {design.cards === 1 ? "uses" : "use"} it.{" "}
        {design.isActive ? "Businesses can choose it." : "It is no longer offered to businesses; the cards that use it keep it."}
      </p>
      <Form method="post">
        <button
          type="submit"
          name="intent"
          value={design.isActive ? "disable" : "enable"}
          className={buttonClasses({ variant: "secondary" })}
        >
          {design.isActive ? "Disable this design" : "Enable this design"}
        </button>
      </Form>
      <ActionToast toast={actionData?.toast} />
      <CardDesignForm
        key={design.id}
        id="edit-card-design"
        lastResult={actionData?.result}
        defaultValue={{ name: design.name, ...design.layout, sortOrder: design.sortOrder }}
        sample={sample}
        submitLabel="Save design"
        busyText="Saving..."
      />
      <AuditTrail entries={actions} title="This design's history" empty="No admin has changed this design yet." />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
