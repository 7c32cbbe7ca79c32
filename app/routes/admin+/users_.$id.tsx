import { randomUUID } from "node:crypto";

import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { AuditTrail } from "~/components/audit-trail";
import { BackLink } from "~/components/back-link";
import { LedgerTable } from "~/components/ledger-table";
import { ErrorSummary, Field, SelectField, SubmitButton, TextareaField, useValidatedForm } from "~/components/forms";
import { PageLinks } from "~/components/page-links";
import { ActionToast } from "~/components/ui/action-toast";
import { buttonClasses } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { CAMPAIGN_STATUS_LABELS } from "~/lib/campaign-status";
import { formatCount } from "~/lib/format-count";
import { formatDateTime, formatLongDateTime } from "~/lib/india-time";
import { formatRupees } from "~/lib/money";
import { ORDER_STATUS_LABELS } from "~/lib/order-status";
import { paths } from "~/lib/paths";
import { POST_KIND_LABELS, POST_STATUS_LABELS } from "~/lib/post-status";
import {
  ADMIN_USERS_MESSAGES,
  MAX_CREDIT_ADJUSTMENT,
  adjustCreditsSchema,
  adminUserPageQuerySchema,
  reactivateBusinessSchema,
  sendPasswordResetSchema,
  suspendBusinessSchema,
} from "~/lib/schemas/admin-users";
import { adminTitle } from "~/lib/title";
import { listAdminActions } from "~/models/admin-audit.server";
import { getBusinessForAdmin } from "~/models/admin-users.server";
import { listLedger } from "~/models/credits.server";
import { requireAdmin } from "~/utils/admin.server";
import { assertSameOrigin } from "~/utils/csrf.server";

import { AccountStatusBadge } from "./__account-status";
import { businessAction, type BusinessActionIntent } from "./__business-actions.server";

export { clientAction } from "~/components/forms";

/** A business's page: its profile, balance and ledger, posts, campaigns, orders and the admin's actions on it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const userId = params.id ?? "";
  const business = await getBusinessForAdmin(userId);
  if (!business) throw new Response(ADMIN_USERS_MESSAGES.notFound, { status: 404 });
  const { ledger: ledgerPage } = adminUserPageQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [ledger, audit] = await Promise.all([listLedger(userId, ledgerPage), listAdminActions({ entityType: "user", entityId: userId })]);
  const suspension = business.status === "suspended" ? audit.find((entry) => entry.action === "suspend_user") : undefined;
  // Dates in India's time, formatted here so the page reads the same before and after hydration.
  const when = (date: Date | null) => (date ? formatLongDateTime(date) : null);
  return {
    business: {
      ...business,
      createdAt: when(business.createdAt),
      lastLoginAt: when(business.lastLoginAt),
      emailVerifiedAt: when(business.emailVerifiedAt),
      posts: business.posts.map((post) => ({ ...post, createdAt: formatDateTime(post.createdAt) })),
      campaigns: business.campaigns.map((campaign) => ({
        ...campaign,
        createdAt: campaign.createdAt ? formatDateTime(campaign.createdAt) : "",
      })),
      orders: business.orders.map((order) => ({ ...order, createdAt: formatDateTime(order.createdAt) })),
    },
    suspension: suspension ? { reason: suspension.reason, at: formatLongDateTime(suspension.createdAt), by: suspension.adminEmail } : null,
    ledger,
    audit,
    // A fresh nonce each time the credits form is drawn: the same form sent twice moves credits once.
    creditsNonce: randomUUID(),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: adminTitle(data?.business.businessName ?? "Business") }];

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  return businessAction(admin, params.id ?? "", await request.formData());
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Business = LoaderData["business"];
type LastResult = Parameters<typeof useValidatedForm>[2];

export default function AdminBusiness() {
  const { business, suspension, ledger, audit, creditsNonce } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = (intent: BusinessActionIntent) => (actionData?.intent === intent ? actionData.result : undefined);
  const changeable = !business.isAdmin && business.status !== "deleted";
  return (
    <div className="space-y-6">
      <div>
        <BackLink to={paths.admin.users()}>Users</BackLink>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <h1 className="break-words text-2xl font-bold">{business.businessName}</h1>
          <AccountStatusBadge status={business.status} />
        </div>
        <p className="text-sm text-slate-600">
          {business.name} · {business.email}
        </p>
      </div>

      {suspension ? (
        <div className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900" data-testid="suspension-notice">
          <p className="font-semibold">
            Suspended {suspension.at} by {suspension.by}
          </p>
          {suspension.reason ? <p className="mt-1">Reason: {suspension.reason}</p> : null}
          <p className="mt-1">
            It cannot sign in or use the API, and its posts are off the feed. Campaigns the suspension paused stay paused after
            reactivation: the business resumes them itself.
          </p>
        </div>
      ) : null}

      <Profile business={business} />

      <Section title="Balance and ledger" id="ledger">
        <p className="text-3xl font-bold" data-testid="business-balance">
          {formatCount(business.balance)} credits
        </p>
        <Ledger ledger={ledger} userId={business.id} />
      </Section>

      {business.isAdmin ? (
        <Notice>This is the admin account: it cannot be suspended or have its credits changed here.</Notice>
      ) : business.status === "deleted" ? (
        <Notice>This account was deleted: only its ledger and history are kept, and nothing here can change it.</Notice>
      ) : null}

      {changeable ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <Section title="Add or remove credits">
            <AdjustCreditsForm key={creditsNonce} nonce={creditsNonce} lastResult={lastResult("adjust-credits")} />
          </Section>
          <Section title={business.status === "suspended" ? "Reactivate" : "Suspend"}>
            {business.status === "suspended" ? (
              <ReactivateForm lastResult={lastResult("reactivate")} />
            ) : (
              <SuspendForm lastResult={lastResult("suspend")} />
            )}
          </Section>
          <Section title="Password">
            <SendResetForm email={business.email} active={business.status === "active"} lastResult={lastResult("send-reset")} />
          </Section>
        </div>
      ) : null}

      <Posts business={business} />
      <Campaigns business={business} />
      <Orders business={business} />
      <AuditTrail entries={audit} title="Admin actions on this business" />
      <ActionToast toast={actionData?.toast} />
    </div>
  );
}

function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  const headingId = `${id ?? title.toLowerCase().replace(/\W+/g, "-")}-heading`;
  return (
    <section aria-labelledby={headingId} id={id} className="rounded-xl bg-white p-4 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-slate-300 bg-white p-4 text-sm text-slate-700">{children}</p>;
}

function Profile({ business }: { business: Business }) {
  const rows: Array<[string, ReactNode]> = [
    ["Owner", business.name],
    ["Business", business.businessName],
    ["Email", business.email],
    ["Phone", business.businessPhone ?? "—"],
    ["Mobile", business.mobileNumber ?? "—"],
    ["City", [business.city, business.state].filter(Boolean).join(", ") || "—"],
    ["Categories", business.businessCategories.length ? business.businessCategories.join(", ") : "—"],
    ["GSTIN", business.gstNumber ?? "—"],
    ["Joined", business.createdAt],
    ["Last login", business.lastLoginAt ?? "Never"],
    ["Email verified", business.emailVerifiedAt ?? "Not yet"],
    ["Signs in with", business.signsInWithGoogle ? "Google" : "Email and password"],
    ["Signed in on", `${business.activeSessions} ${business.activeSessions === 1 ? "device" : "devices"}`],
    ["Contacts", formatCount(business.contactsCount)],
  ];
  return (
    <Section title="Profile">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2" data-testid="business-profile">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap gap-x-2">
            <dt className="w-32 shrink-0 text-slate-500">{label}</dt>
            <dd className="min-w-0 break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

function Ledger({ ledger, userId }: { ledger: LoaderData["ledger"]; userId: string }) {
  return (
    <>
      <LedgerTable entries={ledger.entries} className="mt-3" />
      <PageLinks page={ledger.page} pageCount={ledger.pageCount} pathTo={(to) => `${paths.admin.user(userId, { ledger: to })}#ledger`} />
    </>
  );
}

function AdjustCreditsForm({ nonce, lastResult }: { nonce: string; lastResult: LastResult }) {
  const [form, fields] = useValidatedForm("adjust-credits", adjustCreditsSchema, lastResult, { direction: "add" });
  const busy = useIsPending({ intent: "adjust-credits" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="adjust-credits" />
      <input type="hidden" name="nonce" value={nonce} />
      <ErrorSummary form={form} />
      <SelectField
        label="Add or remove"
        field={fields.direction}
        options={[
          { value: "add", label: "Add credits" },
          { value: "remove", label: "Remove credits" },
        ]}
      />
      <Field
        label="Credits"
        field={fields.amount}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        hint={`A whole number from 1 to ${formatCount(MAX_CREDIT_ADJUSTMENT)}. A removal cannot take the balance below zero.`}
      />
      <TextareaField label="Reason (the business sees it in its ledger)" field={fields.reason} rows={2} maxLength={300} />
      <SubmitButton busy={busy} busyText="Saving...">
        Change credits
      </SubmitButton>
    </Form>
  );
}

function SuspendForm({ lastResult }: { lastResult: LastResult }) {
  const [form, fields] = useValidatedForm("suspend", suspendBusinessSchema, lastResult);
  const busy = useIsPending({ intent: "suspend" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="suspend" />
      <p className="text-sm text-slate-600">
        Signs the business out everywhere, ends its API access, takes its posts off the feed and pauses its running campaigns. It cannot
        sign in until reactivated.
      </p>
      <ErrorSummary form={form} />
      <TextareaField label="Reason" field={fields.reason} rows={2} maxLength={300} />
      <SubmitButton busy={busy} busyText="Suspending..." variant="danger">
        Suspend business
      </SubmitButton>
    </Form>
  );
}

function ReactivateForm({ lastResult }: { lastResult: LastResult }) {
  const [form] = useValidatedForm("reactivate", reactivateBusinessSchema, lastResult);
  const busy = useIsPending({ intent: "reactivate" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="reactivate" />
      <p className="text-sm text-slate-600">
        It can sign in again and its live posts return to the feed. Paused campaigns stay paused for the business to resume.
      </p>
      <ErrorSummary form={form} />
      <SubmitButton busy={busy} busyText="Reactivating...">
        Reactivate business
      </SubmitButton>
    </Form>
  );
}

function SendResetForm({ email, active, lastResult }: { email: string; active: boolean; lastResult: LastResult }) {
  const [form] = useValidatedForm("send-reset", sendPasswordResetSchema, lastResult);
  const busy = useIsPending({ intent: "send-reset" });
  if (!active) return <p className="text-sm text-slate-600">{ADMIN_USERS_MESSAGES.resetNotActive}</p>;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="send-reset" />
      <p className="text-sm text-slate-600">Mails {email} a link to choose a new password (valid 30 minutes, once).</p>
      <ErrorSummary form={form} />
      <SubmitButton busy={busy} busyText="Sending..." variant="secondary">
        Send password-reset link
      </SubmitButton>
    </Form>
  );
}

function Posts({ business }: { business: Business }) {
  return (
    <Section title={`Posts (${formatCount(business.postsCount)})`} id="posts">
      {business.posts.length === 0 ? (
        <p className="text-sm text-slate-600">No posts yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {business.posts.map((post) => (
            <li key={post.id} className="py-2 text-sm" data-testid="business-post">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{POST_KIND_LABELS[post.kind]}</span>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                  {POST_STATUS_LABELS[post.status]}
                </span>
                <span className="text-slate-500">{post.createdAt}</span>
              </p>
              <p className="mt-1 line-clamp-2 break-words text-slate-800">
                {post.offerTitle ? `${post.offerTitle}: ${post.content}` : post.content}
              </p>
              {post.removedReason ? <p className="text-red-700">Removed: {post.removedReason}</p> : null}
            </li>
          ))}
        </ul>
      )}
      {business.postsCount > 0 ? (
        <Link
          to={`${paths.admin.feed()}?business=${encodeURIComponent(business.id)}`}
          className={buttonClasses({ variant: "ghost" }, "px-0")}
        >
          Every post in the admin feed
        </Link>
      ) : null}
    </Section>
  );
}

function Campaigns({ business }: { business: Business }) {
  return (
    <Section title={`Campaigns (${formatCount(business.campaignsCount)})`} id="campaigns">
      {business.campaigns.length === 0 ? (
        <p className="text-sm text-slate-600">No campaigns yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {business.campaigns.map((campaign) => (
            <li key={campaign.id} className="py-2 text-sm" data-testid="business-campaign">
              <p className="flex flex-wrap items-center gap-2">
                <span className="break-words font-medium">{campaign.name}</span>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                  {CAMPAIGN_STATUS_LABELS[campaign.status]}
                </span>
                <span className="text-slate-500">{campaign.createdAt}</span>
                {campaign.cost ? <span className="text-slate-500">{formatCount(campaign.cost)} credits</span> : null}
              </p>
              {campaign.statusReason ? <p className="text-slate-600">{campaign.statusReason}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Orders({ business }: { business: Business }) {
  return (
    <Section title="Credit orders" id="orders">
      {business.orders.length === 0 ? (
        <p className="text-sm text-slate-600">No orders yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {business.orders.map((order) => (
            <li key={order.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm" data-testid="business-order">
              <span>
                <span className="font-medium">{formatCount(order.credits)} credits</span> for {formatRupees(order.totalPaise)}
              </span>
              <span className="text-slate-600">
                {ORDER_STATUS_LABELS[order.status]} · {order.createdAt}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
