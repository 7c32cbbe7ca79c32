import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { KeptDraftNotice, SubmitButton, useKeptValues } from "~/components/forms";
import { ButtonLink } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import {
  IMPORT_FIELDS,
  IMPORT_FIELD_LABELS,
  KEPT_FIELDS,
  appliedUpdatesMessage,
  describeImportUpdate,
  type ColumnMapping,
  type ImportField,
} from "~/lib/contact-csv";
import { importRoomNotice } from "~/lib/contact-limit";
import { countOf, formatCount } from "~/lib/format-count";
import { paths } from "~/lib/paths";
import { pageTitle } from "~/lib/title";
import {
  IMPORT_NOT_FINISHED,
  NAME_AND_MOBILE_COLUMNS,
  applyImportUpdates,
  confirmContactImport,
  getContactImport,
  listImportChanges,
  type ImportNote,
  type RejectedRow,
} from "~/models/contact-import.server";
import { contactRoom } from "~/models/contacts.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

import { LimitNotice } from "./__contact-form";
import { ImportFrame } from "./__contact-import";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: pageTitle("Import Contacts") }];

const notFound = () => new Response("Import not found", { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const found = await getContactImport(user.id, params.id ?? "");
  if (!found) throw notFound();
  // Before the columns are matched: whether the file may bring more new contacts than there is room for.
  const room = found.status === "mapping" ? await contactRoom(user.id) : null;
  // Once it has run: who it updated and what it would change in what the owner typed.
  const changes = found.status === "done" || found.status === "failed" ? await listImportChanges(user.id, found.id) : null;
  return {
    contactImport: found,
    changes,
    limitNotice: room && found.rowCount > room.left ? importRoomNotice(room.limit, room.left) : null,
  };
}

/** The chosen columns from the form (or as it was kept when the session ended): each field's select holds a column's index, or nothing. */
function mappingFrom(formData: { get: (name: string) => FormDataEntryValue | null }): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const field of IMPORT_FIELDS) {
    const value = formData.get(field);
    if (typeof value === "string" && /^\d{1,4}$/.test(value)) mapping[field] = Number(value);
  }
  return mapping;
}

/**
 * Step 2 → 3: the columns are kept and the import queued by the model (once, however often this is
 * sent); the page then shows its progress. On the report, 'Apply these updates' makes the changes
 * the file proposed (the same model function as POST /api/contacts/import/{id}/apply).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const importId = params.id ?? "";
  const formData = await request.formData();
  if (formData.get("intent") === APPLY_UPDATES) {
    const applied = await applyImportUpdates(user.id, importId);
    if (applied === null) throw notFound();
    if (applied === IMPORT_NOT_FINISHED) return data({ error: applied }, { status: 409 });
    return redirectWithToast(paths.contactImport(importId), { type: "success", ...appliedUpdatesMessage(applied) });
  }
  const outcome = await confirmContactImport(user.id, importId, mappingFrom(formData));
  if (outcome === null) throw notFound();
  if (outcome === "bad-mapping") return data({ error: NAME_AND_MOBILE_COLUMNS }, { status: 400 });
  return redirect(paths.contactImport(importId));
}

const APPLY_UPDATES = "apply-updates";

type Import = Awaited<ReturnType<typeof loader>>["contactImport"];
type Changes = NonNullable<Awaited<ReturnType<typeof loader>>["changes"]>;

export default function ContactImport() {
  const { contactImport, changes, limitNotice } = useLoaderData<typeof loader>();
  if (contactImport.status === "mapping") return <MatchColumns contactImport={contactImport} limitNotice={limitNotice} />;
  if (contactImport.status === "queued" || contactImport.status === "running" || !changes)
    return <Progress contactImport={contactImport} />;
  return <Report contactImport={contactImport} changes={changes} />;
}

const REQUIRED: ReadonlySet<ImportField> = new Set(["name", "mobileNumber"]);
const MAPPING_FORM = { fieldNames: new Set<string>(IMPORT_FIELDS) };

function MatchColumns({ contactImport, limitNotice }: { contactImport: Import; limitNotice: string | null }) {
  const actionData = useActionData<typeof action>();
  const kept = useKeptValues(MAPPING_FORM);
  const [mapping, setMapping] = useState<ColumnMapping>(() =>
    kept ? mappingFrom(new URLSearchParams(Object.entries(kept).map(([name, value]) => [name, String(value)]))) : contactImport.mapping,
  );
  const busy = useIsPending();
  const shown = IMPORT_FIELDS.filter((field) => mapping[field] !== undefined);
  return (
    <ImportFrame step={2}>
      {limitNotice ? <LimitNotice>{limitNotice}</LimitNotice> : null}
      <p className="mt-4 text-sm text-slate-700">
        <span className="font-medium">{contactImport.fileName}</span> · {formatCount(contactImport.rowCount)}{" "}
        {contactImport.rowCount === 1 ? "row" : "rows"}. Check which column holds what; the preview shows the first rows as they will be
        imported.
      </p>
      <Form method="post" className="mt-4 space-y-4">
        {kept ? <KeptDraftNotice /> : null}
        {actionData?.error ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {actionData.error}
          </p>
        ) : null}
        <div className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
          {IMPORT_FIELDS.map((field) => (
            <div key={field}>
              <label htmlFor={`column-${field}`} className="block text-sm font-medium text-slate-700">
                {IMPORT_FIELD_LABELS[field]}
                {REQUIRED.has(field) ? <span className="text-red-600"> *</span> : null}
              </label>
              <select
                id={`column-${field}`}
                name={field}
                defaultValue={mapping[field] ?? ""}
                required={REQUIRED.has(field)}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setMapping((current) => ({ ...current, [field]: value === "" ? undefined : Number(value) }));
                }}
                className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
              >
                <option value="">{REQUIRED.has(field) ? "Choose a column" : "Don't import"}</option>
                {contactImport.header.map((name, column) => (
                  <option key={column} value={column}>
                    {name || `Column ${column + 1}`}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>

        <section aria-labelledby="preview-heading">
          <h2 id="preview-heading" className="text-sm font-semibold text-slate-900">
            Preview
          </h2>
          <div className="mt-2 overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs text-slate-600">
                <tr>
                  {shown.map((field) => (
                    <th key={field} scope="col" className="px-3 py-2 font-medium">
                      {IMPORT_FIELD_LABELS[field]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {contactImport.preview.map((cells, row) => (
                  <tr key={row}>
                    {shown.map((field) => (
                      <td key={field} className="max-w-[12rem] truncate px-3 py-2 text-slate-800">
                        {cells[mapping[field]!] ?? ""}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <SubmitButton busy={busy} busyText="Starting...">
          {`Import ${formatCount(contactImport.rowCount)} ${contactImport.rowCount === 1 ? "row" : "rows"}`}
        </SubmitButton>
      </Form>
      <ButtonLink to={paths.contactsImport()} variant="ghost" className="mt-2">
        Choose another file
      </ButtonLink>
    </ImportFrame>
  );
}

/** How often the page asks for progress with JavaScript; without, it reloads itself (the meta refresh). */
const POLL_MS = 1000;

function Progress({ contactImport }: { contactImport: Import }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [revalidator]);
  const percent = Math.floor((contactImport.processedRows / Math.max(1, contactImport.rowCount)) * 100);
  return (
    <ImportFrame step={3}>
      <noscript>
        <meta httpEquiv="refresh" content="2" />
      </noscript>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4" aria-live="polite">
        <p className="font-medium text-slate-900">
          {contactImport.status === "queued" ? "Starting the import..." : `Importing ${contactImport.fileName}...`}
        </p>
        <progress
          value={contactImport.processedRows}
          max={contactImport.rowCount}
          aria-label="Import progress"
          className="mt-3 h-3 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-100 [&::-webkit-progress-value]:bg-brand-600"
        />
        <p className="mt-2 text-sm text-slate-600">
          {formatCount(contactImport.processedRows)} of {formatCount(contactImport.rowCount)} rows ({percent}%). You can leave this page:
          the import goes on.
        </p>
      </div>
    </ImportFrame>
  );
}

function Report({ contactImport, changes }: { contactImport: Import; changes: Changes }) {
  const counts = [
    { label: "Added", value: contactImport.imported, testId: "imported" },
    { label: "Updated", value: contactImport.updated, testId: "updated" },
    { label: "Unchanged", value: contactImport.skipped, testId: "skipped" },
    { label: "Rejected", value: contactImport.errorCount, testId: "rejected" },
  ];
  return (
    <ImportFrame step={3}>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4">
        <h2 className="font-semibold text-slate-900">{contactImport.status === "done" ? "Import finished" : "Import stopped"}</h2>
        {contactImport.failure ? <p className="mt-1 text-sm text-red-700">{contactImport.failure}</p> : null}
        <p className="mt-1 text-sm text-slate-600">
          {contactImport.fileName} · {formatCount(contactImport.processedRows)} of {formatCount(contactImport.rowCount)} rows read
        </p>
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {counts.map((count) => (
            <div key={count.label} className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs text-slate-600">{count.label}</dt>
              <dd className="text-xl font-bold text-slate-900" data-testid={`import-${count.testId}`}>
                {formatCount(count.value)}
              </dd>
            </div>
          ))}
        </dl>
      </div>

      {changes.proposedCount ? <ProposedUpdates contactImport={contactImport} changes={changes} /> : null}

      {changes.updatedCount ? <UpdatedContacts changes={changes} /> : null}

      {contactImport.errorCount ? (
        <ReportNotes
          id="rejected"
          heading="Rejected rows"
          column="Row and reason"
          notes={contactImport.firstErrors}
          total={contactImport.errorCount}
          more="more in the download."
          download={
            <a href={paths.contactImportErrors(contactImport.id)} download className="text-sm font-medium text-brand-700 hover:underline">
              Download rejected rows (CSV)
            </a>
          }
        />
      ) : null}

      {contactImport.warningCount ? (
        <ReportNotes
          id="warnings"
          heading="Imported with warnings"
          intro="These rows were imported without the cells named below. Fix them on the contact, or in the file and import it again."
          column="Warning"
          notes={contactImport.firstWarnings}
          total={contactImport.warningCount}
          more="more warnings."
        />
      ) : null}

      <div className="mt-6 flex flex-wrap gap-2">
        <ButtonLink to={paths.contacts()}>View contacts</ButtonLink>
        <ButtonLink to={paths.contactsImport()} variant="secondary">
          Import another file
        </ButtonLink>
      </div>
    </ImportFrame>
  );
}

/** One of the report's lists (the rejected rows, the warnings): line and message, the first few of them, and how many more. */
function ReportNotes({
  id,
  heading,
  intro,
  column,
  notes,
  total,
  more,
  download,
}: {
  id: string;
  heading: string;
  intro?: string;
  column: string;
  notes: Array<ImportNote | RejectedRow>;
  total: number;
  more: string;
  download?: ReactNode;
}) {
  return (
    <section className="mt-4" aria-labelledby={`${id}-heading`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-sm font-semibold text-slate-900">
          {heading}
        </h2>
        {download}
      </div>
      {intro ? <p className="mt-1 text-sm text-slate-600">{intro}</p> : null}
      <div className="mt-2 overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Line
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {column}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {notes.map((note, index) => (
              <tr key={index}>
                <td className="px-3 py-2 tabular-nums text-slate-600">{note.line}</td>
                <td className="px-3 py-2 text-slate-800">
                  {"row" in note ? <span className="block break-all font-medium text-slate-900">{note.row || "(empty)"}</span> : null}
                  {note.message}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {total > notes.length ? (
        <p className="mt-2 text-sm text-slate-600">
          And {formatCount(total - notes.length)} {more}
        </p>
      ) : null}
    </section>
  );
}

/** The file's changes to names, emails and notes: kept back until the owner presses 'Apply these updates' (then what became of each). */
function ProposedUpdates({ contactImport, changes }: { contactImport: Import; changes: Changes }) {
  const actionData = useActionData<typeof action>();
  const busy = useIsPending({ intent: APPLY_UPDATES });
  const applied = contactImport.updatesAppliedAt !== null;
  return (
    <section className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4" aria-labelledby="proposed-heading">
      <h2 id="proposed-heading" className="font-semibold text-slate-900">
        {applied
          ? `Updates applied to ${countOf(changes.appliedCount, "contact")}`
          : `${countOf(changes.proposedCount, "contact")} kept as you had them`}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {applied
          ? changes.skippedCount
            ? `${countOf(changes.skippedCount, "contact")} had been edited since the import and kept that edit.`
            : "The file's names, emails and notes replaced these contacts' own."
          : "The file has another name, email or notes for these contacts. Nothing was changed: apply the file's only if it is right."}
      </p>
      <ul className="mt-3 divide-y divide-amber-200 text-sm">
        {changes.proposed.map((change) => (
          <li key={`${change.line}-${change.contactId}`} className="py-2">
            <p className="font-medium text-slate-900">
              {change.name} <span className="font-normal text-slate-600">· line {change.line}</span>
              {change.outcome === "skipped" ? (
                <span className="font-normal text-amber-900"> · not applied: edited since the import</span>
              ) : null}
            </p>
            <dl className="mt-1 space-y-1">
              {KEPT_FIELDS.map((field) => {
                const proposed = change.changes[field];
                return proposed ? (
                  <div key={field} className="break-words">
                    <dt className="inline text-slate-600">{IMPORT_FIELD_LABELS[field]}: </dt>
                    <dd className="inline text-slate-800">
                      {proposed.from} → {proposed.to}
                    </dd>
                  </div>
                ) : null;
              })}
            </dl>
          </li>
        ))}
      </ul>
      {changes.proposedCount > changes.proposed.length ? (
        <p className="mt-2 text-sm text-slate-700">And {countOf(changes.proposedCount - changes.proposed.length, "more contact")}.</p>
      ) : null}
      {applied ? null : (
        <Form method="post" className="mt-3">
          {actionData?.error ? (
            <p role="alert" className="mb-2 text-sm text-red-700">
              {actionData.error}
            </p>
          ) : null}
          <input type="hidden" name="intent" value={APPLY_UPDATES} />
          <SubmitButton busy={busy} busyText="Applying...">
            Apply these updates
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}

/** Who the import updated by itself, and how: 'Asha · line 4 · Added to Diwali'. */
function UpdatedContacts({ changes }: { changes: Changes }) {
  return (
    <section className="mt-4" aria-labelledby="updated-heading">
      <h2 id="updated-heading" className="text-sm font-semibold text-slate-900">
        Updated
      </h2>
      <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm">
        {changes.updated.map((contact) => (
          <li key={`${contact.line}-${contact.contactId}`} className="px-3 py-2">
            {contact.contactId ? (
              <Link to={paths.editContact(contact.contactId)} className="tap font-medium text-brand-700 hover:underline">
                {contact.name}
              </Link>
            ) : (
              <span className="font-medium text-slate-900">{contact.name}</span>
            )}
            <span className="text-slate-600"> · line {contact.line}</span>
            <span className="block text-slate-700">{describeImportUpdate(contact)}</span>
          </li>
        ))}
      </ul>
      {changes.updatedCount > changes.updated.length ? (
        <p className="mt-2 text-sm text-slate-600">And {countOf(changes.updatedCount - changes.updated.length, "more contact")}.</p>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
