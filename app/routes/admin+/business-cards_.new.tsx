import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { BackLink } from "~/components/back-link";
import { ActionToast } from "~/components/ui/action-toast";
import { paths } from "~/lib/paths";
import { adminTitle } from "~/lib/title";
import { createCardDesign } from "~/models/admin-card-designs.server";
import { requireAdmin } from "~/utils/admin.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { redirectWithToast } from "~/utils/toast.server";

import { sampleCardContent } from "../__business-card.server";

import { CardDesignForm, type CardDesignValues } from "./__card-design-form";
import { answerCardDesignForm } from "./__card-design-form.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: adminTitle("Add Card Design") }];

/** A new design starts plain: dark text on white with a blue accent, which the admin changes. */
const NEW_DESIGN: CardDesignValues = {
  name: "",
  style: "classic",
  font: "sans",
  background: "#FFFFFF",
  foreground: "#1F2937",
  accent: "#1D4ED8",
  sortOrder: 0,
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { sample: await sampleCardContent() };
}

/** Adds the design (offered to businesses at once), or with Preview only draws it. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  return answerCardDesignForm(
    await request.formData(),
    "Design not added",
    (input) => createCardDesign(admin, input),
    (saved, input) =>
      redirectWithToast(paths.admin.cardDesign(saved.id), {
        type: "success",
        title: `Card design ${input.name} added`,
        description: "Businesses can choose it now.",
      }),
  );
}

export default function NewCardDesign() {
  const { sample } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-4">
      <BackLink to={paths.admin.businessCards()}>Business Cards</BackLink>
      <h1 className="text-2xl font-bold">Add a card design</h1>
      <CardDesignForm
        id="new-card-design"
        lastResult={actionData?.result}
        defaultValue={NEW_DESIGN}
        sample={sample}
        submitLabel="Add design"
        busyText="Adding..."
      />
      <ActionToast toast={actionData?.toast} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
