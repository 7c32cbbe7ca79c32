import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { BusinessAvatar } from "~/components/business-avatar";
import { SubmitButton } from "~/components/forms";
import { ButtonLink } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import type { OnboardingStep } from "~/lib/onboarding";
import { countOf } from "~/lib/format-count";
import { paths } from "~/lib/paths";
import { formatIndianPhone } from "~/lib/phone";
import { resendVerificationSchema } from "~/lib/schemas/email-verification";
import { formatDateTime } from "~/lib/india-time";
import { pageTitle } from "~/lib/title";
import { getBusinessProfile, onboardingOf, type BusinessProfile } from "~/models/business-profile.server";
import { businessStats } from "~/models/dashboard.server";
import { VERIFICATION_LINK_HOURS, openingBalanceCredits, requestVerificationMail } from "~/models/email-verification.server";
import { recentOwnerNotices, type RecentNotice } from "~/models/owner-notices.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { requireUser } from "~/utils/session.server";
import { keptMailDirectory } from "~/services/mail.server";
import { redirectWithToast } from "~/utils/toast.server";

import { ownCardSummary } from "../__business-card.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: pageTitle("Business Dashboard") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [profile, stats, onboarding, card, openingCredits, notices] = await Promise.all([
    getBusinessProfile(user.id),
    businessStats(user.id),
    onboardingOf(user.id),
    ownCardSummary(user.id),
    user.emailVerified ? null : openingBalanceCredits(),
    recentOwnerNotices(user.id),
  ]);
  // A demo keeps its mail on the server (the admin's Outbox): the notice says so instead of 'We sent'.
  const verification =
    openingCredits === null
      ? null
      : { email: user.email, openingCredits, linkHours: VERIFICATION_LINK_HOURS, mailKept: keptMailDirectory() !== null };
  if (!profile) throw new Response("Not Found", { status: 404 });
  return {
    name: user.name,
    businessName: user.businessName,
    balance: user.balance,
    profile,
    stats,
    onboarding,
    card,
    verification,
    notices,
  };
}

/** 'Resend' (the verification email): at most 3 an hour, the refusal said beside the button. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: resendVerificationSchema });
  if (submission.status !== "success") throw new Response("Unknown form", { status: 400 });
  const sent = await requestVerificationMail(user.id);
  if (sent.ok) {
    return redirectWithToast(
      paths.app(),
      keptMailDirectory()
        ? {
            type: "success",
            title: "Verification email kept",
            description: `Demo: the new link for ${user.email} is kept on this server, in the admin's Outbox.`,
          }
        : { type: "success", title: "Verification email sent", description: `We sent a new link to ${user.email}.` },
    );
  }
  if (sent.reason === "already-verified") return redirectWithToast(paths.app(), { type: "info", title: "Your email is already verified" });
  return data({ resendRefused: sent.message }, { status: 429, headers: { "Retry-After": String(sent.retryAfterSeconds) } });
}

const QUICK_LINKS = [
  { to: paths.sendPost(), label: "Send a post", text: "Share news with people near you." },
  { to: paths.sendOffers(), label: "Send an offer", text: "A discount or coupon, with dates." },
  { to: paths.addContact(), label: "Add a contact", text: "Save a customer's number." },
  { to: paths.contactsImport(), label: "Import contacts", text: "Bring your customer list from a CSV file." },
  { to: paths.newCampaign(), label: "Start a campaign", text: "An SMS to your customers, the cost shown before it goes." },
];

export default function Dashboard() {
  const { name, businessName, balance, profile, stats, onboarding, card, verification, notices } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>()?.resendRefused;
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">Hello, {name}</h1>
      <p className="text-slate-600">{businessName} · Business Dashboard</p>
      {verification ? <VerifyEmailNotice {...verification} refused={refused} /> : null}
      {onboarding.completed ? null : <SetupChecklist steps={onboarding.steps} />}
      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat
          label="Balance"
          value={countOf(balance, "credit")}
          testId="stat-balance"
          link={{ to: paths.credits(), text: "Buy credits" }}
        />
        <Stat label="Contacts" value={String(stats.contacts)} testId="stat-contacts" />
        <Stat label="SMS sent" value={String(stats.sentSms)} testId="stat-sms" />
        <Stat label="Live posts" value={String(stats.livePosts)} testId="stat-posts" />
      </dl>
      {notices.length > 0 ? <RecentActivity notices={notices} /> : null}
      <h2 className="mt-8 text-lg font-semibold">Quick actions</h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {QUICK_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="block rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-500">
              <span className="font-semibold text-brand-700">{link.label}</span>
              <span className="mt-1 block text-sm text-slate-600">{link.text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <MyProfile profile={profile} />
      <MyBusinessCard card={card} />
    </div>
  );
}

/** An unverified business: where its link went, what verifying brings, and 'Resend'. */
function VerifyEmailNotice({
  email,
  openingCredits,
  linkHours,
  mailKept,
  refused,
}: {
  email: string;
  openingCredits: number;
  linkHours: number;
  mailKept: boolean;
  refused: string | undefined;
}) {
  const busy = useIsPending({ formAction: paths.app(), intent: "resend-verification" });
  return (
    <section aria-labelledby="verify-heading" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h2 id="verify-heading" className="font-semibold text-slate-900">
        Verify your email
      </h2>
      <p className="mt-1 text-sm text-slate-700" data-testid="verify-email-notice">
        {mailKept ? (
          <>
            Demo: mail stays on this server, so the link for <strong>{email}</strong> was not sent: the admin can read it in the Outbox.
          </>
        ) : (
          <>
            We sent a link to <strong>{email}</strong>.
          </>
        )}{" "}
        Open it within {linkHours} hours to verify your email
        {openingCredits > 0 ? (
          <> and get your {countOf(openingCredits, "opening credit", "opening credits")}: until then your balance stays at 0.</>
        ) : (
          "."
        )}
      </p>
      {refused ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {refused}
        </p>
      ) : null}
      <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="resend-verification" />
        <div>
          <SubmitButton busy={busy} busyText="Sending..." variant="secondary" wide={false}>
            Resend
          </SubmitButton>
        </div>
        <span className="text-sm text-slate-600">
          {mailKept ? "Resend keeps a new link there." : "No email? Check your spam folder, or send a new link."}
        </span>
      </Form>
    </section>
  );
}

/** What happened to the business's money and posts lately (the same events it was mailed about), each with its link. */
function RecentActivity({ notices }: { notices: RecentNotice[] }) {
  return (
    <section aria-labelledby="activity-heading" className="mt-8">
      <h2 id="activity-heading" className="text-lg font-semibold">
        Recent activity
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-testid="recent-activity">
        {notices.map((notice) => (
          <li key={`${notice.kind}:${notice.id}`} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{notice.headline}</p>
              <p className="text-sm text-slate-500">
                <time dateTime={notice.at.toISOString()}>{formatDateTime(notice.at)}</time>
              </p>
            </div>
            <Link to={notice.link.to} className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline">
              {notice.link.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The profile as visitors see it on the business page, with 'Edit'. */
function MyProfile({ profile }: { profile: BusinessProfile }) {
  const phone = formatIndianPhone(profile.businessPhone ?? profile.mobileNumber);
  const place = [profile.address, profile.city, profile.state].filter(Boolean).join(", ");
  return (
    <section aria-labelledby="profile-heading" className="mt-8">
      <h2 id="profile-heading" className="text-lg font-semibold">
        My business profile
      </h2>
      <div className="mt-3 flex items-start gap-4 rounded-xl border border-slate-200 bg-white p-4">
        <BusinessAvatar name={profile.businessName} imageUrl={profile.profileImageUrl} size={64} />
        <div className="min-w-0 flex-1 text-sm text-slate-700">
          <p className="text-base font-semibold text-slate-900">{profile.businessName}</p>
          {profile.businessCategories.length > 0 ? <p>{profile.businessCategories.join(" · ")}</p> : null}
          {place ? <p>{place}</p> : null}
          {phone ? <p>{phone}</p> : null}
          {profile.businessDetails ? <p className="mt-1 line-clamp-2 text-slate-600">{profile.businessDetails}</p> : null}
        </div>
        <ButtonLink to={paths.editProfile()} variant="secondary" className="shrink-0" aria-label="Edit my business profile">
          Edit
        </ButtonLink>
      </div>
    </section>
  );
}

/** 'My business card': the card as visitors see it, or the way to make one. */
function MyBusinessCard({ card }: { card: { cardPath: string; previewUrl: string } | null }) {
  return (
    <section aria-labelledby="card-heading" className="mt-8">
      <h2 id="card-heading" className="text-lg font-semibold">
        My business card
      </h2>
      {card ? (
        <div className="mt-3 grid items-start gap-3 sm:grid-cols-[minmax(0,22rem)_1fr]">
          <a href={card.cardPath} className="block overflow-hidden rounded-xl shadow ring-1 ring-slate-200">
            <img src={card.previewUrl} alt="Your business card" width={700} height={400} className="h-auto w-full" />
          </a>
          <div className="flex flex-wrap gap-2 sm:flex-col sm:items-start">
            <ButtonLink to={card.cardPath}>Open my card</ButtonLink>
            <ButtonLink to={paths.businessCard()} variant="secondary">
              Change design
            </ButtonLink>
          </div>
        </div>
      ) : (
        <Link to={paths.businessCard()} className="mt-3 block rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-500">
          <span className="font-semibold text-brand-700">Make your business card</span>
          <span className="mt-1 block text-sm text-slate-600">
            Choose a design, filled from your profile: customers save your number, scan its QR code or get it on WhatsApp.
          </span>
        </Link>
      )}
    </section>
  );
}

/** A new business's first screen: what is left to set up, the next step one tap away. */
function SetupChecklist({ steps }: { steps: OnboardingStep[] }) {
  const next = steps.find((step) => !step.done);
  const done = steps.filter((step) => step.done).length;
  return (
    <section aria-labelledby="setup-heading" className="mt-6 rounded-xl border border-brand-200 bg-brand-50 p-4">
      <h2 id="setup-heading" className="font-semibold text-slate-900">
        Set up your business
      </h2>
      <p className="text-sm text-slate-600" data-testid="setup-progress">
        {done} of {steps.length} done. You can add contacts meanwhile; publishing needs your location.
      </p>
      {next ? (
        <Link to={next.to} className="mt-3 block rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700">
          Next: {next.label}
          <span className="block text-sm font-normal text-brand-100">{next.hint}</span>
        </Link>
      ) : null}
      <ol className="mt-3 text-sm">
        {steps.map((step) => (
          <li key={step.id} className="flex min-h-11 items-center gap-2">
            <span aria-hidden className={step.done ? "text-green-700" : "text-slate-400"}>
              {step.done ? "✓" : "○"}
            </span>
            {step.done ? (
              <span className="text-slate-500 line-through">{step.label}</span>
            ) : (
              <Link to={step.to} className="tap text-brand-700 hover:underline">
                {step.label}
              </Link>
            )}
            <span className="sr-only">{step.done ? "(done)" : step.essential ? "(to do)" : "(recommended)"}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Stat({ label, value, testId, link }: { label: string; value: string; testId: string; link?: { to: string; text: string } }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-1 text-xl font-bold text-slate-900" data-testid={testId}>
        {value}
      </dd>
      {link ? (
        <dd>
          <Link to={link.to} className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline">
            {link.text}
          </Link>
        </dd>
      ) : null}
    </div>
  );
}
