import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";

import { ErrorPage, GeneralErrorBoundary, TryAgainLink, errorMessage, statusTitle } from "~/components/error-boundary";
import { PageLinks } from "~/components/page-links";
import { Button, ButtonLink, buttonClasses } from "~/components/ui/button";
import { groupKey } from "~/lib/contact-groups";
import { formatCount } from "~/lib/format-count";
import { paths } from "~/lib/paths";
import { contactListQuerySchema } from "~/lib/schemas/contacts";
import { pageTitle } from "~/lib/title";
import { listContactGroups, listContacts } from "~/models/contacts.server";
import { requireUser } from "~/utils/session.server";

import { ContactRow, usePendingDeleteCount } from "./__contact-row";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const query = contactListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [page, groups] = await Promise.all([listContacts(user.id, query), listContactGroups(user.id)]);
  return { ...page, groups, q: query.q ?? "", tag: query.tag ?? "" };
}

export const meta: MetaFunction = () => [{ title: pageTitle("Contacts") }];

export default function Contacts() {
  const { contacts, total: savedTotal, page, pageCount, groups, q, tag } = useLoaderData<typeof loader>();
  // Deleted rows go at once, and the total with them, before the server has answered.
  const total = savedTotal - usePendingDeleteCount();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === paths.contacts();
  const filtered = Boolean(q || tag);
  // The group chosen, however its link spelled it ('regulars' is the Regulars).
  const chosenGroup = tag ? (groups.find((group) => groupKey(group.name) === groupKey(tag))?.name ?? null) : null;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Contacts</h1>
          <p className="text-sm text-slate-600" data-testid="contacts-total">
            {filtered ? `${total} of your contacts match` : `${total} ${total === 1 ? "contact" : "contacts"}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={paths.contactsImport()} variant="secondary">
            Import
          </ButtonLink>
          {savedTotal > 0 || filtered ? (
            // A CSV file from a resource route: the browser downloads it, the router never sees it.
            <a href={paths.contactsExport({ q, tag })} download className={buttonClasses({ variant: "secondary" })}>
              Export CSV
            </a>
          ) : null}
          <ButtonLink to={paths.addCustomerContact()} variant="secondary">
            Quick add
          </ButtonLink>
          <ButtonLink to={paths.addContact()}>Add contact</ButtonLink>
        </div>
      </div>

      <Form method="get" role="search" className="mt-4 flex flex-wrap gap-2">
        <label htmlFor="contact-search" className="sr-only">
          Search contacts
        </label>
        <input
          id="contact-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={100}
          placeholder="Search name, mobile, email or group"
          className="min-h-11 w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none sm:w-auto sm:flex-1"
        />
        <label htmlFor="contact-tag" className="sr-only">
          Filter by group
        </label>
        <select
          id="contact-tag"
          name="tag"
          defaultValue={chosenGroup ?? tag}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm sm:flex-none"
        >
          <option value="">All groups</option>
          {groups.map((group) => (
            <option key={group.name} value={group.name}>
              {`${group.name} (${formatCount(group.contacts)})`}
            </option>
          ))}
          {/* A group chosen by its link that is not among the most used is still shown as chosen. */}
          {tag && !chosenGroup ? <option value={tag}>{tag}</option> : null}
        </select>
        <Button type="submit" variant="dark">
          {searching ? "Searching..." : "Search"}
        </Button>
      </Form>

      {contacts.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          {filtered ? (
            <>
              <p className="text-slate-700">No contacts match your search.</p>
              <ButtonLink to={paths.contacts()} variant="ghost" className="mt-3">
                Show all contacts
              </ButtonLink>
            </>
          ) : (
            <>
              <p className="text-slate-700">No contacts yet.</p>
              <p className="mt-1 text-sm text-slate-500">Save your customers&apos; numbers to send them offers by SMS.</p>
              <div className="mt-4 flex flex-wrap justify-center gap-2">
                <ButtonLink to={paths.addContact()}>Add contact</ButtonLink>
                <ButtonLink to={paths.contactsImport()} variant="secondary">
                  Import contacts
                </ButtonLink>
              </div>
            </>
          )}
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Contacts">
          {contacts.map((contact) => (
            <ContactRow key={contact.id} contact={contact} />
          ))}
        </ul>
      )}

      <PageLinks page={page} pageCount={pageCount} pathTo={(to) => paths.contacts({ q, tag, page: to })} />
    </div>
  );
}

/** The list that could not be loaded (the connection, or the server) is said in place, with a retry: not an error page. */
export function ErrorBoundary() {
  const failed = () => (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">Contacts</h1>
      <div role="alert" className="mt-4 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
        <p className="font-semibold">Failed to fetch contacts</p>
        <p className="mt-1 text-sm">Your contacts are safe: only this list could not be loaded.</p>
        <div className="mt-3">
          <TryAgainLink />
        </div>
      </div>
    </div>
  );
  return (
    <GeneralErrorBoundary
      networkErrorHandler={failed}
      unexpectedErrorHandler={failed}
      defaultStatusHandler={(info) =>
        info.error.status >= 500 ? failed() : <ErrorPage title={statusTitle(info.error)} message={errorMessage(info.error)} />
      }
    />
  );
}
