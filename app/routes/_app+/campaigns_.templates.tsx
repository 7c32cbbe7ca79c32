import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { BackLink } from "~/components/back-link";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ButtonLink } from "~/components/ui/button";
import { paths } from "~/lib/paths";
import { SMS_CATEGORY_OPTIONS } from "~/lib/template-kinds";
import { pageTitle } from "~/lib/title";
import { smsRegistration } from "~/models/campaigns.server";
import { listOwnSmsTemplates } from "~/models/sms-templates.server";
import { requireUser } from "~/utils/session.server";

import { NeedsRegistration } from "./__sms-template-form";

export const meta: MetaFunction = () => [{ title: pageTitle("Your SMS templates") }];

/** The business's own DLT templates, and the header they go out under (null: no registration of its own yet). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [templates, registration] = await Promise.all([listOwnSmsTemplates(user.id), smsRegistration(user.id)]);
  const registered = Boolean(registration?.dltEntityId && registration.senderHeader);
  return {
    templates: templates.map(({ updatedAt: _updatedAt, ...template }) => template),
    senderHeader: registered ? (registration?.senderHeader ?? null) : null,
    platformHeader: registration?.platform.senderHeader ?? null,
  };
}

const categoryName = (category: string) => SMS_CATEGORY_OPTIONS.find((option) => option.value === category)?.label.split(" (")[0];

export default function SmsTemplates() {
  const { templates, senderHeader, platformHeader } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-2xl">
      <BackLink to={paths.campaigns()}>Campaigns</BackLink>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Your SMS templates</h1>
        {senderHeader ? <ButtonLink to={paths.newSmsTemplate()}>Add a template</ButtonLink> : null}
      </div>
      {senderHeader ? (
        <p className="mt-2 text-sm text-slate-600">
          The templates DLT approved for your business. Campaigns from them go out as <strong>{senderHeader}</strong>; iSent&apos;s own
          templates go out as {platformHeader}.
        </p>
      ) : (
        <NeedsRegistration />
      )}
      {templates.length ? (
        <ul className="mt-4 space-y-3" aria-label="Your SMS templates">
          {templates.map((template) => (
            <li key={template.id} className="rounded-xl bg-white p-4 shadow-sm" data-testid="own-sms-template">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h2 className="font-semibold break-words text-slate-900">{template.name}</h2>
                  <p className="text-xs text-slate-500">
                    {categoryName(template.category)} · DLT {template.dltTemplateId}
                    {template.providerTemplateId ? ` · MSG91 ${template.providerTemplateId}` : ""}
                  </p>
                </div>
                <Link to={paths.smsTemplate(template.id)} className="tap font-medium text-brand-700 hover:underline">
                  Edit<span className="sr-only"> {template.name}</span>
                </Link>
              </div>
              <p className="mt-2 rounded-lg bg-slate-50 p-3 text-sm break-words whitespace-pre-line text-slate-700">{template.text}</p>
            </li>
          ))}
        </ul>
      ) : senderHeader ? (
        <p className="mt-6 text-sm text-slate-600">
          No templates of your own yet. Add the ones DLT approved for you, and the campaign composer lists them under &lsquo;Your DLT
          templates&rsquo;.
        </p>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
