import {
  MaxPartSizeExceededError,
  data,
  redirect,
  unstable_createMemoryUploadHandler,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SubmitButton } from "~/components/forms";
import { useIsPending } from "~/hooks/use-is-pending";
import { IMPORT_LIMITS } from "~/lib/contact-csv";
import { importRoomNotice } from "~/lib/contact-limit";
import { formatCount } from "~/lib/format-count";
import { paths } from "~/lib/paths";
import { pageTitle } from "~/lib/title";
import {
  CHOOSE_A_FILE,
  ImportFileError,
  TOO_LARGE,
  listContactImports,
  startContactImport,
  throttleContactImport,
} from "~/models/contact-import.server";
import { contactRoom } from "~/models/contacts.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { parseMultipartForm } from "~/utils/multipart.server";
import { requireUser } from "~/utils/session.server";

import { LimitNotice } from "./__contact-form";
import { ImportFrame } from "./__contact-import";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: pageTitle("Import Contacts") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [imports, room] = await Promise.all([listContactImports(user.id), contactRoom(user.id)]);
  return { imports, limitNotice: room.left === 0 ? importRoomNotice(room.limit, 0) : null };
}

/** Step 1: the file is checked and kept, then step 2 (matching its columns) opens. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const refuse = (error: string, status = 400) => data({ error }, { status });
  const throttled = await throttleContactImport(user.id);
  if (throttled) return refuse(throttled.message, 429);
  let file: FormDataEntryValue | null;
  try {
    const uploads = unstable_createMemoryUploadHandler({ maxPartSize: IMPORT_LIMITS.bytes });
    file = (await parseMultipartForm(request, uploads)).get("file");
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return refuse(TOO_LARGE);
    throw error;
  }
  if (!(file instanceof File) || (!file.name && file.size === 0)) return refuse(CHOOSE_A_FILE);
  try {
    const importId = await startContactImport(user.id, file.name, new Uint8Array(await file.arrayBuffer()));
    return redirect(paths.contactImport(importId));
  } catch (error) {
    if (error instanceof ImportFileError) return refuse(error.message);
    throw error;
  }
}

const STATUS_LABELS = { queued: "Waiting", running: "Importing", done: "Finished", failed: "Stopped", mapping: "Not started" } as const;

export default function ImportContacts() {
  const { imports, limitNotice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useIsPending();
  return (
    <ImportFrame step={1}>
      {limitNotice ? <LimitNotice>{limitNotice}</LimitNotice> : null}
      <Form method="post" encType="multipart/form-data" className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-4">
        <div>
          <label htmlFor="import-file" className="block text-sm font-medium text-slate-700">
            CSV file
          </label>
          <input
            id="import-file"
            type="file"
            name="file"
            accept=".csv,text/csv,text/plain"
            required
            aria-invalid={actionData?.error ? true : undefined}
            aria-describedby={actionData?.error ? "import-file-error" : "import-file-hint"}
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-slate-800 file:px-3 file:py-2 file:text-white"
          />
          {actionData?.error ? (
            <p id="import-file-error" role="alert" className="mt-1 text-sm text-red-600">
              {actionData.error}
            </p>
          ) : null}
          <p id="import-file-hint" className="mt-1 text-xs text-slate-500">
            A header row, then one contact per row. Up to 5 MB, {formatCount(IMPORT_LIMITS.rows)} rows and {IMPORT_LIMITS.columns} columns.
          </p>
        </div>
        <SubmitButton busy={busy} busyText="Checking the file...">
          Upload and continue
        </SubmitButton>
      </Form>

      <details className="mt-4 rounded-xl border border-slate-200 bg-white px-4 py-1 text-sm text-slate-700">
        <summary className="flex min-h-11 cursor-pointer items-center font-medium text-slate-900">What the file should look like</summary>
        <p className="mt-2">
          Any spreadsheet saved as CSV works (in Excel: File → Save as → CSV UTF-8). Columns are matched by their names in the first row;
          you can change the match in the next step.
        </p>
        <div className="mt-2 overflow-x-auto">
          <table className="text-left text-xs">
            <thead>
              <tr className="text-slate-500">
                <th className="pr-4">Name</th>
                <th className="pr-4">Mobile</th>
                <th className="pr-4">Email</th>
                <th className="pr-4">Groups</th>
                <th>Notes</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td className="pr-4">Ravi Kumar</td>
                <td className="pr-4">98123 45678</td>
                <td className="pr-4">ravi@example.in</td>
                <td className="pr-4">Regulars, Diwali</td>
                <td>Likes kaju katli</td>
              </tr>
            </tbody>
          </table>
        </div>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>Only the name and mobile number are needed. Mobile numbers may be written 98123 45678, +91 98123-45678 or 09812345678.</li>
          <li>
            A number you already have is never added twice: that contact gains the row&apos;s groups and keeps the name and notes you typed;
            the report lists what the file would change, to apply only if you choose. Someone who opted out stays opted out.
          </li>
          <li>Rows that cannot be imported are listed with their line and content, to fix and import again.</li>
        </ul>
      </details>

      {imports.length ? (
        <section className="mt-6">
          <h2 className="text-sm font-semibold text-slate-900">Recent imports</h2>
          <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-sm">
            {imports.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                <Link to={paths.contactImport(item.id)} className="min-w-0 truncate font-medium text-brand-700 hover:underline">
                  {item.fileName}
                </Link>
                <span className="text-slate-600">
                  {STATUS_LABELS[item.status]} · {formatCount(item.imported)} added · {formatCount(item.updated)} updated ·{" "}
                  {formatCount(item.errorCount)} rejected
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </ImportFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
