import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useId, type ReactNode } from "react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { AuditTrail } from "~/components/audit-trail";
import { ErrorSummary, Field, SelectField, SubmitButton, TextareaField, useValidatedForm } from "~/components/forms";
import { ActionToast } from "~/components/ui/action-toast";
import { buttonClasses } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { formatDateTime } from "~/lib/india-time";
import { formatRupees, gstAtRate } from "~/lib/money";
import { paths } from "~/lib/paths";
import {
  addPackSchema,
  billingSettingsSchema,
  editPackSchema,
  packActionSchema,
  PRICE_MAX,
  rupeesForForm,
  setPriceSchema,
} from "~/lib/schemas/admin-pricing";
import { INDIAN_STATES } from "~/lib/schemas/profile";
import { refusalToast } from "~/lib/refusal";
import { adminTitle } from "~/lib/title";
import { createToast } from "~/lib/toast";
import { listAdminActions } from "~/models/admin-audit.server";
import {
  addCreditPack,
  listAllCreditPacks,
  listPricesWithHistory,
  moveCreditPack,
  saveBillingSettings,
  setCreditPackOnSale,
  setPrice,
  updateCreditPack,
  type AdminCreditPack,
  type PriceRow,
} from "~/models/admin-pricing.server";
import { BILLING_SETTING_KEYS, getBillingSettings, type BillingSettings } from "~/models/billing-settings.server";
import { requireAdmin } from "~/utils/admin.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { redirectWithToast } from "~/utils/toast.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: adminTitle("Pricing") }];

/** The prices with their histories, every pack (withdrawn ones too), the GST settings, and the trail of their changes. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [prices, packs, billing, priceActions, packActions, settingActions] = await Promise.all([
    listPricesWithHistory(),
    listAllCreditPacks(),
    getBillingSettings(),
    listAdminActions({ entityType: "price", limit: 30 }),
    listAdminActions({ entityType: "credit_pack", limit: 30 }),
    listAdminActions({ entityType: "setting", limit: 100 }),
  ]);
  // Read here, not at the module's top: a server-only import is empty in the browser's bundle.
  const billingKeys: string[] = Object.values(BILLING_SETTING_KEYS);
  const trail = [...priceActions, ...packActions, ...settingActions.filter((entry) => billingKeys.includes(entry.entityId ?? ""))]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, 30);
  return { prices, packs, billing, trail };
}

const PACK_ACTION_TOASTS = {
  withdraw: "Pack withdrawn from sale",
  restore: "Pack back on sale",
  up: "Pack moved up",
  down: "Pack moved down",
} as const;

/**
 * The pricing manager's forms, told apart by `intent`: a price, a new pack, a pack's details, a
 * pack's sale or place, and the GST settings. Each refusal keeps the page with its message and
 * changes nothing; each success comes back here with a toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const acting = { id: admin.id, email: admin.email };
  const formData = await request.formData();
  const intent = formData.get("intent");
  const back = paths.admin.smsPricing();

  if (intent === "set-price") {
    const submission = parseWithZod(formData, { schema: setPriceSchema });
    if (submission.status !== "success") {
      const result = submission.reply();
      const key = String(formData.get("key") ?? "");
      return data({ intent, key, packId: null, result, toast: refusalToast("Price not saved", result) }, { status: 400 });
    }
    const change = await setPrice(acting, submission.value);
    return redirectWithToast(back, {
      type: change.changed ? "success" : "info",
      title: change.changed ? "Price saved" : "Price unchanged",
      description: change.changed
        ? `${change.label}: ${change.before} → ${change.after} credits, from now on. Past charges keep theirs.`
        : `${change.label} is already ${change.after} credits.`,
    });
  }

  if (intent === "add-pack" || intent === "edit-pack") {
    const adding = intent === "add-pack";
    const submission = parseWithZod(formData, { schema: adding ? addPackSchema : editPackSchema });
    const packId = adding ? null : String(formData.get("packId") ?? "");
    const refused = (errors: { fieldErrors?: Record<string, string[]>; formErrors?: string[] } = {}, status = 400) => {
      const result = submission.reply(errors);
      return data(
        { intent, key: null, packId, result, toast: refusalToast(adding ? "Pack not added" : "Pack not saved", result) },
        { status },
      );
    };
    if (submission.status !== "success") return refused();
    const input = { name: submission.value.name, credits: submission.value.credits, pricePaise: submission.value.price };
    const saved =
      submission.value.intent === "add-pack"
        ? await addCreditPack(acting, input)
        : await updateCreditPack(acting, submission.value.packId, input);
    if (!saved.ok) {
      if (saved.status === 404) throw new Response(saved.message, { status: 404 });
      return refused({ fieldErrors: { [saved.field]: [saved.message] } }, saved.status);
    }
    const title = adding ? "Pack added" : saved.changed ? "Pack saved" : "Pack unchanged";
    return redirectWithToast(back, { type: saved.changed ? "success" : "info", title, description: `${input.name}` });
  }

  if (intent === "pack-action") {
    const submission = parseWithZod(formData, { schema: packActionSchema });
    if (submission.status !== "success") throw new Response("This pack was not found", { status: 404 });
    const { packId, change: what } = submission.value;
    const done =
      what === "withdraw" || what === "restore"
        ? await setCreditPackOnSale(acting, packId, what === "restore")
        : await moveCreditPack(acting, packId, what);
    if (!done.ok) {
      if (done.status === 404) throw new Response(done.message, { status: 404 });
      return data(
        {
          intent,
          key: null,
          packId,
          result: undefined,
          toast: createToast({ type: "error", title: "Pack not changed", description: done.message }),
        },
        { status: done.status },
      );
    }
    return redirectWithToast(back, {
      type: done.changed ? "success" : "info",
      title: done.changed ? PACK_ACTION_TOASTS[what] : "Pack unchanged",
    });
  }

  if (intent === "billing-settings") {
    const submission = parseWithZod(formData, { schema: billingSettingsSchema });
    if (submission.status !== "success") {
      const result = submission.reply();
      return data({ intent, key: null, packId: null, result, toast: refusalToast("GST settings not saved", result) }, { status: 400 });
    }
    const { intent: _intent, ...input } = submission.value;
    const saved = await saveBillingSettings(acting, input);
    return redirectWithToast(back, {
      type: saved.changed ? "success" : "info",
      title: saved.changed ? "GST settings saved" : "GST settings unchanged",
      description: saved.changed ? "Orders and invoices from now on use them; earlier ones keep theirs." : undefined,
    });
  }

  throw new Response("Unknown form", { status: 400 });
}

type LastResult = Parameters<typeof useValidatedForm>[2];

export default function AdminPricing() {
  const { prices, packs, billing, trail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultFor = (intent: string, match: { key?: string; packId?: string } = {}): LastResult => {
    if (!actionData || actionData.intent !== intent) return undefined;
    if (match.key !== undefined && actionData.key !== match.key) return undefined;
    if (match.packId !== undefined && actionData.packId !== match.packId) return undefined;
    return actionData.result;
  };
  const onSale = packs.filter((pack) => pack.active).length;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold">Pricing</h1>
        <p className="mt-1 text-sm text-slate-600">
          A change applies from the moment it is saved. Posts, offers, SMS and orders already made keep what they were charged.
        </p>
      </header>

      <Section title="Prices in credits">
        <ul className="grid gap-4 md:grid-cols-2">
          {prices.map((price) => (
            <PriceCard key={price.key} price={price} lastResult={resultFor("set-price", { key: price.key })} />
          ))}
        </ul>
      </Section>

      <Section title="Credit packs">
        <p className="text-sm text-slate-600">
          Businesses see the packs on sale in this order at /credits, each with GST at {billing.gstRatePercent}% added. A pack once bought
          is withdrawn, never deleted: its orders and invoices keep what was bought.
        </p>
        <ol className="mt-3 space-y-4" aria-label="Credit packs">
          {packs.map((pack, index) => (
            <PackCard
              key={pack.id}
              pack={pack}
              gstRatePercent={billing.gstRatePercent}
              first={index === 0}
              last={index === packs.length - 1}
              onlyOneOnSale={pack.active && onSale === 1}
              lastResult={resultFor("edit-pack", { packId: pack.id })}
            />
          ))}
        </ol>
        <h3 className="mt-6 font-semibold">Add a pack</h3>
        <PackForm intent="add-pack" lastResult={resultFor("add-pack")} />
      </Section>

      <Section title="GST and invoices">
        <BillingForm billing={billing} lastResult={resultFor("billing-settings")} />
      </Section>

      <AuditTrail entries={trail} title="Pricing changes" empty="No pricing changes yet." />
      <ActionToast toast={actionData?.toast} />
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-white p-4 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function PriceCard({ price, lastResult }: { price: PriceRow; lastResult: LastResult }) {
  const formId = `price-${price.key}`;
  const [form, fields] = useValidatedForm(formId, setPriceSchema, lastResult, { key: price.key, credits: String(price.credits) });
  const busy = useIsPending({ intent: "set-price" });
  const headingId = `${formId}-title`;
  return (
    <li aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-3" data-testid={formId}>
      <h3 id={headingId} className="font-semibold">
        {price.label}
      </h3>
      <p className="text-sm text-slate-600">
        Now <strong data-testid={`${formId}-current`}>{price.credits}</strong> {price.credits === 1 ? "credit" : "credits"}
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-2 space-y-2">
        <input type="hidden" name="intent" value="set-price" />
        <input type="hidden" name="key" value={price.key} />
        <ErrorSummary form={form} />
        <Field
          label={`New price of ${price.label.toLowerCase()} (credits)`}
          field={fields.credits}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          hint={`A whole number from 0 to ${PRICE_MAX.toLocaleString("en-IN")}.`}
        />
        <SubmitButton busy={busy} busyText="Saving..." variant="secondary">
          Save price
        </SubmitButton>
      </Form>
      <details className="mt-2">
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-medium text-brand-700">History</summary>
        <ol className="text-sm" aria-label={`History of ${price.label.toLowerCase()}`} data-testid={`${formId}-history`}>
          {price.history.map((entry, index) => (
            <li key={`${entry.from}-${index}`} className="border-t border-slate-100 py-1">
              <strong>{entry.credits}</strong> credits from <time dateTime={entry.from}>{formatDateTime(entry.from)}</time>
              {" · "}
              {entry.changedBy ? `by ${entry.changedBy}` : "as installed"}
            </li>
          ))}
        </ol>
        {price.history.length === 0 ? <p className="text-sm text-slate-600">No changes recorded.</p> : null}
      </details>
    </li>
  );
}

function PackCard({
  pack,
  gstRatePercent,
  first,
  last,
  onlyOneOnSale,
  lastResult,
}: {
  pack: AdminCreditPack;
  gstRatePercent: number;
  first: boolean;
  last: boolean;
  onlyOneOnSale: boolean;
  lastResult: LastResult;
}) {
  const headingId = `pack-${pack.id}-title`;
  const gst = gstAtRate(pack.pricePaise, gstRatePercent);
  return (
    <li aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-3" data-testid="admin-pack">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id={headingId} className="font-semibold">
          {pack.name}
        </h4>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${pack.active ? "bg-green-100 text-green-800" : "bg-slate-200 text-slate-700"}`}
        >
          {pack.active ? "On sale" : "Withdrawn"}
        </span>
      </div>
      <p className="text-sm text-slate-600">
        {pack.credits.toLocaleString("en-IN")} credits · {formatRupees(pack.pricePaise)} + GST {formatRupees(gst)} ={" "}
        {formatRupees(pack.pricePaise + gst)} · bought {pack.ordersPaid} {pack.ordersPaid === 1 ? "time" : "times"}
      </p>
      <details className="mt-1">
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-medium text-brand-700">Edit {pack.name}</summary>
        <PackForm intent="edit-pack" pack={pack} lastResult={lastResult} />
      </details>
      <div className="mt-2 flex flex-wrap gap-2">
        <PackActionButton pack={pack} action={pack.active ? "withdraw" : "restore"} disabled={onlyOneOnSale}>
          {pack.active ? "Withdraw from sale" : "Put back on sale"}
        </PackActionButton>
        <PackActionButton pack={pack} action="up" disabled={first}>
          Move up
        </PackActionButton>
        <PackActionButton pack={pack} action="down" disabled={last}>
          Move down
        </PackActionButton>
      </div>
      {onlyOneOnSale ? <p className="mt-1 text-xs text-slate-500">The only pack on sale stays on sale.</p> : null}
    </li>
  );
}

function PackActionButton({
  pack,
  action,
  disabled,
  children,
}: {
  pack: AdminCreditPack;
  action: "withdraw" | "restore" | "up" | "down";
  disabled: boolean;
  children: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="pack-action" />
      <input type="hidden" name="packId" value={pack.id} />
      <button
        type="submit"
        name="change"
        value={action}
        disabled={disabled}
        aria-label={`${children}: ${pack.name}`}
        className={buttonClasses({ variant: "secondary", size: "lg" })}
      >
        {children}
      </button>
    </Form>
  );
}

function PackForm({ intent, pack, lastResult }: { intent: "add-pack" | "edit-pack"; pack?: AdminCreditPack; lastResult: LastResult }) {
  const adding = intent === "add-pack";
  const [form, fields] = useValidatedForm(
    adding ? "add-pack" : `edit-pack-${pack!.id}`,
    adding ? addPackSchema : editPackSchema,
    lastResult,
    pack ? { name: pack.name, credits: String(pack.credits), price: rupeesForForm(pack.pricePaise) } : undefined,
  );
  const busy = useIsPending({ intent });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-2 grid gap-3 sm:grid-cols-3">
      <input type="hidden" name="intent" value={intent} />
      {pack ? <input type="hidden" name="packId" value={pack.id} /> : null}
      <div className="sm:col-span-3">
        <ErrorSummary form={form} />
      </div>
      <Field label="Pack name" field={fields.name} type="text" autoComplete="off" />
      <Field label="Credits" field={fields.credits} type="text" inputMode="numeric" autoComplete="off" />
      <Field label="Price before GST (₹)" field={fields.price} type="text" inputMode="decimal" autoComplete="off" />
      <div className="sm:col-span-3">
        <SubmitButton busy={busy} busyText="Saving..." variant={adding ? "primary" : "secondary"}>
          {adding ? "Add pack" : "Save pack"}
        </SubmitButton>
      </div>
    </Form>
  );
}

function BillingForm({ billing, lastResult }: { billing: BillingSettings; lastResult: LastResult }) {
  const [form, fields] = useValidatedForm("billing-settings", billingSettingsSchema, lastResult, {
    gstRatePercent: String(billing.gstRatePercent),
    legalName: billing.seller.legalName,
    gstin: billing.seller.gstin ?? "",
    address: billing.seller.address,
    state: billing.seller.state,
  });
  const busy = useIsPending({ intent: "billing-settings" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="billing-settings" />
      <p className="text-sm text-slate-600">
        New orders are priced at this rate and invoices issued from now on name this seller. An order already made keeps its rate, and an
        invoice already issued never changes.
      </p>
      <ErrorSummary form={form} />
      <Field label="GST rate (%)" field={fields.gstRatePercent} type="text" inputMode="numeric" autoComplete="off" />
      <Field label="Seller's legal name" field={fields.legalName} type="text" autoComplete="organization" />
      <Field label="Seller's GSTIN" field={fields.gstin} type="text" autoComplete="off" hint="Leave empty only while unregistered." />
      <TextareaField label="Seller's address" field={fields.address} rows={2} maxLength={300} />
      <SelectField
        label="Seller's state"
        field={fields.state}
        options={INDIAN_STATES.map((state) => ({ value: state, label: state }))}
        placeholder="Choose a state"
      />
      <SubmitButton busy={busy} busyText="Saving..." variant="secondary">
        Save GST settings
      </SubmitButton>
    </Form>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
