import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { KeptDraftNotice, SubmitButton, useKeptValues } from "~/components/forms";
import { ButtonLink } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { IMPORT_FIELDS, IMPORT_FIELD_LABELS, type ColumnMapping, type ImportField } from "~/lib/contact-csv";
import { importRoomNotice } from "~/lib/contact-limit";
import { formatCount } from "~/lib/format-count";
import { paths } from "~/lib/paths";
import { pageTitle } from "~/lib/title";
import { NAME_AND_MOBILE_COLUMNS, confirmContactImport, getContactImport, type ImportNote } from "~/models/contact-import.server";
import { contactRoom } from "~/models/contacts.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { requireUser } from "~/utils/session.server";

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
  return { contactImport: found, limitNotice: room && found.rowCount > room.left ? importRoomNotice(room.limit, room.left) : null };
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

/** Step 2 → 3: the columns are kept and the import queued by the model (once, however often this is sent); the page then shows its progress. */
export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const importId = params.id ?? "";
  const outcome = await confirmContactImport(user.id, importId, mappingFrom(await request.formData()));
  if (outcome === null) throw notFound();
  if (outcome === "bad-mapping") return data({ error: NAME_AND_MOBILE_COLUMNS }, { status: 400 });
  return redirect(paths.contactImport(importId));
}

type Import = Awaited<ReturnType<typeof loader>>["contactImport"];

export default function ContactImport() {
  const { contactImport, limitNotice } = useLoaderData<typeof loader>();
  if (contactImport.status === "mapping") return <MatchColumns contactImport={contactImport} limitNotice={limitNotice} />;
  if (contactImport.status === "queued" || contactImport.status === "running") return <Progress contactImport={contactImport} />;
  return <Report contactImport={contactImport} />;
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

function Report({ contactImport }: { contactImport: Import }) {
  const counts = [
    { label: "Added", value: contactImport.imported, testId: "imported" },
    { label: "Updated", value: contactImport.updated, testId: "updated" },
    { label: "Already up to date", value: contactImport.skipped, testId: "skipped" },
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

      {contactImport.errorCount ? (
        <ReportNotes
          id="rejected"
          heading="Rejected rows"
          column="Reason"
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
  notes: ImportNote[];
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
                <td className="px-3 py-2 text-slate-800">{note.message}</td>
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
