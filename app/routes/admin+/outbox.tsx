import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { FILTER_CONTROL, FilterButtons } from "~/components/filter-form";
import { NextPrevious } from "~/components/page-links";
import { formatDateTime } from "~/lib/india-time";
import { linksIn } from "~/lib/mail-links";
import { paths } from "~/lib/paths";
import { OUTBOX_SEARCH_MAX, adminOutboxQuerySchema } from "~/lib/schemas/admin-outbox";
import { adminTitle } from "~/lib/title";
import { KEPT_MAIL_SEARCHED, keptMailDirectory, readKeptMail } from "~/services/mail.server";
import { requireAdmin } from "~/utils/admin.server";

export const meta: MetaFunction = () => [{ title: adminTitle("Outbox") }];

/**
 * The mail a demo keeps on this server instead of sending it (verification and reset links, owner
 * notices), newest first, with each one's links; with SMTP set up, mail goes out and none is kept.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = adminOutboxQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const directory = keptMailDirectory();
  if (!directory) return { query, kept: false as const };
  const { mails, hasNextPage, searchedAll } = await readKeptMail(directory, query);
  return {
    query,
    kept: true as const,
    hasNextPage,
    searchedAll,
    // India's time, formatted here so the page reads the same before and after hydration.
    mails: mails.map((mail) => ({ ...mail, sentAt: mail.sentAt ? formatDateTime(mail.sentAt) : "", links: linksIn(mail.text) })),
  };
}

export default function AdminOutbox() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const filtering = navigation.state === "loading" && navigation.location.pathname === paths.admin.outbox();
  const { query } = data;
  return (
    <div>
      <h1 className="text-2xl font-bold">Outbox</h1>
      {!data.kept ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
          Mail is sent through the mail server (SMTP_URL): none is kept here.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            Demo: mail is not sent. Each message (verification and password reset links, owners&apos; notices) is kept on this server,
            newest first; open its links here.
          </p>
          <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2">
            <div className="w-full sm:w-auto sm:flex-1">
              <label htmlFor="outbox-to" className="block text-sm font-medium text-slate-700">
                To
              </label>
              <input
                id="outbox-to"
                type="search"
                name="to"
                defaultValue={query.to}
                maxLength={OUTBOX_SEARCH_MAX}
                placeholder="An address, or part of one"
                className={FILTER_CONTROL}
              />
            </div>
            <FilterButtons filtering={filtering} clearTo={query.to ? paths.admin.outbox() : null} />
          </Form>
          {query.to && !data.searchedAll ? (
            <p className="mt-2 text-sm text-slate-600">Searched the newest {KEPT_MAIL_SEARCHED.toLocaleString("en-IN")} mails.</p>
          ) : null}

          {data.mails.length === 0 ? (
            <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
              {query.to ? "No kept mail to this address." : "No mail kept yet."}
            </p>
          ) : (
            <ul className="mt-4 divide-y divide-slate-200 rounded-xl bg-white shadow-sm" aria-label="Kept mail">
              {data.mails.map((mail) => (
                <li key={mail.file} className="p-3 text-sm" data-testid="kept-mail">
                  <p className="font-semibold text-slate-900">{mail.subject}</p>
                  <p className="mt-0.5 flex flex-wrap gap-x-3 text-slate-600">
                    <span className="break-all">To {mail.to}</span>
                    {mail.sentAt ? <span>{mail.sentAt}</span> : null}
                  </p>
                  {mail.links.length > 0 ? (
                    <ul className="mt-1" aria-label="Links">
                      {mail.links.map((link) => (
                        <li key={link}>
                          <a href={link} className="flex min-h-11 items-center break-all font-medium text-brand-700 hover:underline">
                            {link}
                          </a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <details className="mt-1">
                    <summary className="flex min-h-11 cursor-pointer items-center text-slate-700">The whole mail</summary>
                    <pre className="whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 font-sans text-slate-800">{mail.text}</pre>
                  </details>
                </li>
              ))}
            </ul>
          )}
          <NextPrevious page={query.page} hasNextPage={data.hasNextPage} pathTo={(page) => paths.admin.outbox({ to: query.to, page })} />
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
