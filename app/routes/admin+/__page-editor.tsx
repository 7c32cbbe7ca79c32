import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";

import { AuditTrail } from "~/components/audit-trail";
import { ErrorSummary, Field, SubmitButton, TextareaField, useValidatedForm } from "~/components/forms";
import { PageBody } from "~/components/information-page";
import { ActionToast } from "~/components/ui/action-toast";
import { Button, ButtonLink } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { formatDateTime } from "~/lib/india-time";
import { informationPageSchema, learnArticleSchema, PAGE_BODY_MAX, PAGE_SUMMARY_MAX, PAGE_TITLE_MAX } from "~/lib/schemas/admin-pages";
import { adminTitle } from "~/lib/title";
import type { Toast } from "~/lib/toast";

import type { loadPageEditor } from "./__page-editor.server";

/** What the editor's action answers when it does not redirect: the form's state, the preview, a failure toast. */
export type EditorReply = { result?: SubmissionResult<string[]>; preview?: string | null; toast?: Toast | null };

/**
 * The Markdown editor of a page: title (and an article's summary), the text, Preview (rendered by
 * the server exactly as the public page will show it; nothing saved) and Save. A plain form: it
 * works without JavaScript. Enter in the title previews rather than saves (Preview comes first).
 */
export function PageEditorForm({
  id,
  kind,
  defaultValue,
  reply,
  saveLabel = "Save",
}: {
  id: string;
  kind: "information" | "article";
  defaultValue?: { title: string; summary?: string; body: string };
  reply: EditorReply | undefined;
  saveLabel?: string;
}) {
  // An information page's schema is the article's without the summary: the form shows the summary for an article only.
  const schema = (kind === "article" ? learnArticleSchema : informationPageSchema) as typeof learnArticleSchema;
  const [form, fields] = useValidatedForm(id, schema, reply?.result, defaultValue);
  const previewing = useIsPending({ intent: "preview" });
  const saving = useIsPending({ intent: "save" });
  return (
    <>
      <ActionToast toast={reply?.toast} />
      <Form method="post" {...getFormProps(form)} className="space-y-4 rounded-xl bg-white p-4 shadow-sm">
        <ErrorSummary form={form} />
        <Field label="Title" field={fields.title} type="text" autoComplete="off" hint={`At most ${PAGE_TITLE_MAX} characters.`} />
        {kind === "article" ? (
          <TextareaField label="Summary (one line in the list of articles)" field={fields.summary} rows={2} maxLength={PAGE_SUMMARY_MAX} />
        ) : null}
        <TextareaField label="Text (Markdown)" field={fields.body} rows={18} maxLength={PAGE_BODY_MAX} />
        <p className="text-xs text-slate-500">
          Markdown: a blank line between paragraphs, <code>## </code> for a heading, <code>- </code> for a list item, <code>**bold**</code>,{" "}
          <code>[text](https://…)</code> for a link. Email addresses and phone numbers become links by themselves. HTML is removed.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <SubmitButton name="intent" value="preview" variant="secondary" busy={previewing} busyText="Rendering...">
            Preview
          </SubmitButton>
          <SubmitButton name="intent" value="save" busy={saving} busyText="Saving...">
            {saveLabel}
          </SubmitButton>
        </div>
      </Form>
      {reply?.preview ? (
        <section aria-labelledby="page-preview-title" className="rounded-xl border-2 border-dashed border-brand-500 bg-white p-4">
          <h2 id="page-preview-title" className="text-sm font-semibold uppercase text-brand-700">
            Preview (not saved yet)
          </h2>
          <PageBody html={reply.preview} className="mt-3" />
        </section>
      ) : null}
    </>
  );
}

/** An information page's or an article's edit screen: the editor, the saved versions (one shown to restore), the audit trail. */
export function PageEditorScreen({ children }: { children?: ReactNode }) {
  const { page, screenTitle, publicPath, versions, viewing, audit } = useLoaderData<typeof loadPageEditor>();
  const reply = useActionData<EditorReply>();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">{screenTitle}</h1>
          <p className="text-sm text-slate-600">
            Last saved <time dateTime={page.updatedAt}>{formatDateTime(page.updatedAt)}</time>
          </p>
        </div>
        <ButtonLink to={publicPath} variant="secondary">
          View the public page
        </ButtonLink>
      </div>
      {viewing ? <VersionShown version={viewing} /> : null}
      {/* A saved page (or a restored version) starts the form afresh from what is saved. */}
      <PageEditorForm key={page.updatedAt} id="page-editor" kind={page.kind} defaultValue={page} reply={reply} />
      <PageVersions versions={versions} viewingId={viewing?.id ?? null} />
      {children}
      <AuditTrail entries={audit} title="Changes to this page" empty="No admin has changed this page yet." />
    </div>
  );
}

type VersionEntry = { id: string; title: string; savedBy: string | null; createdAt: string };

function savedByLabel(version: { savedBy: string | null }) {
  return version.savedBy ?? "the text the page started with";
}

/** The saved versions, newest (what the page shows now) first, each viewable. */
function PageVersions({ versions, viewingId }: { versions: Array<VersionEntry & { path: string }>; viewingId: string | null }) {
  return (
    <section aria-labelledby="page-versions-title" className="rounded-xl bg-white p-4 shadow-sm">
      <h2 id="page-versions-title" className="text-lg font-semibold">
        Versions
      </h2>
      {versions.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No versions yet: the first save keeps the text the page has now as a version too.</p>
      ) : (
        <ol className="mt-2 divide-y divide-slate-100" data-testid="page-versions">
          {versions.map((version, index) => (
            <li key={version.id} className="flex flex-wrap items-center justify-between gap-2 py-1 text-sm">
              <span>
                <time dateTime={version.createdAt}>{formatDateTime(version.createdAt)}</time> · {savedByLabel(version)}
                {index === 0 ? <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-xs text-green-800">Current</span> : null}
              </span>
              <Link
                to={version.path}
                aria-current={version.id === viewingId ? "true" : undefined}
                className="inline-flex min-h-11 items-center px-2 font-medium text-brand-700 hover:underline"
              >
                View<span className="sr-only"> the version of {formatDateTime(version.createdAt)}</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** One saved version as the public page showed it, with the button that makes it the page's text again. */
function VersionShown({ version }: { version: VersionEntry & { html: string } }) {
  const restoring = useIsPending({ intent: "restore" });
  return (
    <section aria-labelledby="version-shown-title" className="rounded-xl border-2 border-amber-400 bg-amber-50 p-4">
      <h2 id="version-shown-title" className="font-semibold">
        Version of {formatDateTime(version.createdAt)} · {savedByLabel(version)}
      </h2>
      <p className="mt-2 text-lg font-bold">{version.title}</p>
      <PageBody html={version.html} className="mt-2 max-h-96 overflow-y-auto rounded-lg bg-white p-3" />
      <Form method="post" className="mt-3">
        <input type="hidden" name="versionId" value={version.id} />
        <Button type="submit" name="intent" value="restore" disabled={restoring}>
          {restoring ? "Restoring..." : "Restore this version"}
        </Button>
      </Form>
    </section>
  );
}

/** The editor screen's <title>: the page's name on the admin screens. */
export const pageEditorMeta: MetaFunction<() => ReturnType<typeof loadPageEditor>> = ({ data }) => [
  { title: adminTitle(data?.screenTitle ?? "Page") },
];
