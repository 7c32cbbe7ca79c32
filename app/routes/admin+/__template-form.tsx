import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";

import { CheckboxField, ErrorSummary, Field, SelectField, SubmitButton, TextareaField, useValidatedForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { CALL_TO_ACTION_LABELS, CALL_TO_ACTION_TYPES } from "~/lib/call-to-action";
import { adminTemplateSchema } from "~/lib/schemas/admin-templates";
import { SMS_CATEGORY_OPTIONS, type TemplateKind } from "~/lib/template-kinds";
import { TEMPLATE_PLACEHOLDERS } from "~/lib/template-fill";
import { previewTemplateForm, type TemplateFormPreview } from "~/lib/template-preview";
import type { AdminTemplate } from "~/models/admin-templates.server";

export const KIND_NAMES: Record<TemplateKind, string> = { post: "Post", offer: "Offer", sms: "SMS" };

/** A template as its form starts: the saved one, or an empty one of a kind. */
export type TemplateFormValues = Omit<AdminTemplate, "id" | "updatedAt">;

/** The text a form's fields hold for a template (what the browser would send back unchanged). */
export function templateFormFields(template: TemplateFormValues): Record<string, string> {
  return {
    kind: template.kind,
    title: template.title,
    categoryId: template.categoryId ?? "",
    content: template.content,
    hashtags: template.hashtags.map((tag) => `#${tag}`).join(" "),
    imageUrl: template.imageUrl ?? "",
    offerTitle: template.offer?.title ?? "",
    couponCode: template.offer?.couponCode ?? "",
    terms: template.offer?.terms ?? "",
    validDays: String(template.offer?.validDays ?? 7),
    callToAction: template.offer?.callToAction ?? "",
    isActive: template.isActive ? "on" : "",
    sortOrder: String(template.sortOrder),
    dltTemplateId: template.dltTemplateId ?? "",
    providerTemplateId: template.providerTemplateId ?? "",
    smsCategory: template.smsCategory ?? "",
    slotHints: template.slotHints.join("\n"),
  };
}

/** A new template's form: active, at the start of the order, a 7-day offer. */
export function emptyTemplate(kind: TemplateKind): TemplateFormValues {
  return {
    kind,
    title: "",
    categoryId: null,
    content: "",
    hashtags: [],
    imageUrl: null,
    offer: null,
    isActive: true,
    sortOrder: 0,
    dltTemplateId: null,
    providerTemplateId: null,
    smsCategory: kind === "sms" ? "promotional" : null,
    slotHints: [],
  };
}

const PLACEHOLDER_HINT = Object.keys(TEMPLATE_PLACEHOLDERS)
  .filter((name) => name !== "customerName")
  .map((name) => `{{${name}}}`)
  .join(" ");

type FieldName =
  | "kind"
  | "title"
  | "categoryId"
  | "content"
  | "hashtags"
  | "imageUrl"
  | "offerTitle"
  | "couponCode"
  | "terms"
  | "validDays"
  | "callToAction"
  | "isActive"
  | "sortOrder"
  | "dltTemplateId"
  | "providerTemplateId"
  | "smsCategory"
  | "slotHints";

/**
 * The add and edit form of a post, offer or SMS template, with its preview filled with a sample
 * business beside it. A plain form: 'Preview' asks the server to redraw the preview without saving;
 * with JavaScript the preview follows every keystroke and the fields are checked as they change.
 */
export function TemplateForm({
  id,
  template,
  categories,
  lastResult,
  preview,
  submitLabel,
  busyText,
}: {
  id: string;
  template: TemplateFormValues;
  categories: Array<{ id: string; name: string }>;
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** The server's preview: of the saved template, or of the values last sent. */
  preview: TemplateFormPreview;
  submitLabel: string;
  busyText: string;
}) {
  const initial = templateFormFields(template);
  const [form, rawFields] = useValidatedForm(id, adminTemplateSchema, lastResult, initial as never);
  const fields = rawFields as unknown as Record<FieldName, FieldMetadata<string>>;
  const [livePreview, setLivePreview] = useState(preview);
  useEffect(() => setLivePreview(preview), [preview]);
  const saving = useIsPending({ intent: "save" });
  const previewing = useIsPending({ intent: "preview" });
  const kind = template.kind;
  const redraw = (event: FormEvent<HTMLFormElement>) =>
    setLivePreview(previewTemplateForm(Object.fromEntries(new FormData(event.currentTarget))));
  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Form
        method="post"
        {...getFormProps(form)}
        onInput={redraw}
        onChange={redraw}
        className="space-y-4 rounded-xl bg-white p-4 shadow-sm"
      >
        <ErrorSummary form={form} />
        <input type="hidden" name="kind" value={kind} />
        <Field label="Title" field={fields.title} type="text" autoComplete="off" />
        <SelectField
          label="Category"
          field={fields.categoryId}
          options={categories.map((category) => ({ value: category.id, label: category.name }))}
          placeholder="No category"
        />
        {kind === "sms" ? (
          <SmsFields fields={fields} />
        ) : (
          <>
            <TextareaField label="Text" field={fields.content} rows={6} maxLength={1500} />
            <FieldNote>Placeholders filled with each business&apos;s details: {PLACEHOLDER_HINT}</FieldNote>
            <Field label="Hashtags (optional)" field={fields.hashtags} type="text" placeholder="#diwali #sweets" autoComplete="off" />
            <Field
              label="Image URL (optional)"
              field={fields.imageUrl}
              type="text"
              placeholder="/uploads/seed/templates/diwali.jpg"
              autoComplete="off"
            />
          </>
        )}
        {kind === "offer" ? <OfferFields fields={fields} /> : null}
        <Field
          label="Order within its category"
          field={fields.sortOrder}
          type="number"
          inputMode="numeric"
          hint="Lower numbers come first."
        />
        <CheckboxField label="Active: businesses can use it" field={fields.isActive as FieldMetadata<string | boolean>} />
        {/* Save comes first, so Enter in a field saves; Preview saves nothing. */}
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <div className="flex-1">
            <SubmitButton busy={saving} busyText={busyText} name="intent" value="save">
              {submitLabel}
            </SubmitButton>
          </div>
          <Button type="submit" name="intent" value="preview" variant="secondary" size="lg" disabled={previewing} formNoValidate>
            {previewing ? "Updating preview..." : "Preview"}
          </Button>
        </div>
      </Form>
      <TemplatePreviewPanel preview={livePreview} />
    </div>
  );
}

function FieldNote({ children }: { children: ReactNode }) {
  return <p className="-mt-2 text-xs break-words text-slate-500">{children}</p>;
}

function SmsFields({ fields }: { fields: Record<FieldName, FieldMetadata<string>> }) {
  return (
    <>
      <TextareaField label="Approved text" field={fields.content} rows={5} />
      <FieldNote>The text exactly as DLT approved it, each variable part written {"{#var#}"}.</FieldNote>
      <Field
        label="DLT template id"
        field={fields.dltTemplateId}
        type="text"
        inputMode="numeric"
        placeholder="1107172600000000001"
        autoComplete="off"
      />
      <SelectField label="SMS category" field={fields.smsCategory} options={[...SMS_CATEGORY_OPTIONS]} />
      <Field
        label="MSG91 template id (optional)"
        field={fields.providerTemplateId}
        type="text"
        autoComplete="off"
        hint="MSG91 sends by its own id for this DLT template; without one, MSG91 refuses the campaign."
      />
      <TextareaField
        label="Slot hints (optional, one a line, in order)"
        field={fields.slotHints}
        rows={3}
        placeholder={"Customer name\nBusiness name"}
      />
    </>
  );
}

function OfferFields({ fields }: { fields: Record<FieldName, FieldMetadata<string>> }) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-green-200 bg-green-50/50 p-3">
      <legend className="px-1 text-sm font-semibold text-green-900">The offer</legend>
      <Field label="Offer title" field={fields.offerTitle} type="text" placeholder="Flat 20% off on sweets" autoComplete="off" />
      <Field label="Coupon code (optional)" field={fields.couponCode} type="text" autoComplete="off" />
      <TextareaField label="Terms (optional)" field={fields.terms} rows={2} maxLength={500} />
      <Field label="Runs for (days)" field={fields.validDays} type="number" inputMode="numeric" />
      <SelectField
        label="Button"
        field={fields.callToAction}
        options={CALL_TO_ACTION_TYPES.map((type) => ({ value: type, label: CALL_TO_ACTION_LABELS[type] }))}
        placeholder="No button"
      />
    </fieldset>
  );
}

/** A template as a business would see it, filled with the sample business: a post card, or an SMS with its length. */
export function TemplatePreviewPanel({ preview }: { preview: TemplateFormPreview }) {
  return (
    <section aria-labelledby="template-preview-title" className="h-fit rounded-xl bg-white p-4 shadow-sm lg:sticky lg:top-4">
      <h2 id="template-preview-title" className="text-lg font-semibold">
        Preview
      </h2>
      <p className="text-xs text-slate-500">Filled with a sample business, Kiran Sweets in Bengaluru.</p>
      <div data-testid="template-preview" aria-live="polite" className="mt-3">
        {preview.kind === "sms" ? <SmsPreview preview={preview} /> : <PostPreview preview={preview} />}
      </div>
    </section>
  );
}

function SmsPreview({ preview }: { preview: Extract<TemplateFormPreview, { kind: "sms" }> }) {
  return (
    <div>
      <p className="rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-2 text-sm break-words whitespace-pre-line text-slate-900">
        {preview.text || "The approved text shows here."}
      </p>
      <p className="mt-2 text-xs text-slate-600">
        {preview.slots} {preview.slots === 1 ? "slot" : "slots"} · {preview.characters} characters · {preview.parts}{" "}
        {preview.parts === 1 ? "part" : "parts"}
        {preview.unicode ? " · Unicode" : ""}
      </p>
      {preview.problem ? <p className="mt-1 text-sm font-medium text-red-700">{preview.problem}</p> : null}
    </div>
  );
}

function PostPreview({ preview }: { preview: Extract<TemplateFormPreview, { kind: "post" | "offer" }> }) {
  return (
    <article className="rounded-xl border border-slate-200 p-3">
      <header className="flex items-center gap-2">
        <span aria-hidden className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700">
          {preview.businessName.slice(0, 1)}
        </span>
        <span>
          <span className="block text-sm font-semibold">{preview.businessName}</span>
          <span className="block text-xs text-slate-500">{preview.place}</span>
        </span>
      </header>
      {preview.offer ? (
        <div className="mt-2 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
          <p className="font-semibold">{preview.offer.title || "The offer's title"}</p>
          {preview.offer.couponCode ? <p>Code: {preview.offer.couponCode}</p> : null}
          <p>Valid until {preview.offer.validUntilLabel}</p>
          {preview.offer.terms ? <p className="text-xs">{preview.offer.terms}</p> : null}
          {preview.offer.callToAction ? <p className="mt-1 font-medium">[{preview.offer.callToAction}]</p> : null}
        </div>
      ) : null}
      <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-800">{preview.content || "The text shows here."}</p>
      {preview.hashtags.length ? <p className="mt-1 text-sm text-brand-700">{preview.hashtags.map((tag) => `#${tag}`).join(" ")}</p> : null}
      {preview.imageUrl ? <img src={preview.imageUrl} alt="" className="mt-2 max-h-48 w-full rounded-lg object-cover" /> : null}
    </article>
  );
}
