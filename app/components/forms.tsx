import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type DefaultValue,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Link, type ClientActionFunctionArgs } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { z } from "zod";

import { DetourButton } from "~/components/detour";
import { Button, type ButtonStyle } from "~/components/ui/button";
import { useKeptDraft } from "~/hooks/root-context";
import { useHydrated } from "~/hooks/use-hydrated";
import type { Detour } from "~/lib/detour";
import { draftFitsForm, formShowsDraft, restoredDraftMessage, type DraftTarget } from "~/lib/kept-draft";
import {
  formNetworkFailureMessage,
  noteSubmittedForm,
  onFormNetworkFailure,
  reportNetworkFailure,
  takeSubmittedForm,
} from "~/lib/form-network-failure";
import { CONNECTION_FAILED, isNetworkFailure, type NetworkFailure } from "~/lib/network-failure";
import { schemaFields } from "~/lib/schema-field-names";

/**
 * The forms kit: every field is a labelled control with its validation message, built on conform's
 * field metadata, so one zod schema checks it in the browser (as you type) and in the action.
 * Every control is a plain form control: the forms work without JavaScript.
 */

/**
 * Every form route's clientAction (`export { clientAction } from "~/components/forms"`): with
 * JavaScript, a submission that fails at the network leaves the page as it was, every field as
 * typed and the same key for a paid form (nothing on the page changes but the message), instead
 * of the error page. The form's error summary says the connection failed (a toast, for a form
 * without one), and the same button tries again. The answer is a 503 with no data: the router
 * then skips reloading the page's data (which would fail too), and the form's last answer is
 * not replayed (conform would bring back messages already fixed). Without JavaScript the browser
 * keeps the page itself.
 */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  const formId = takeSubmittedForm();
  try {
    return await serverAction();
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    reportNetworkFailure({ formId, online: navigator.onLine });
    return new Response("null", { status: 503, headers: { "Content-Type": "application/json" } });
  }
}

const ANYTHING = z.object({}).passthrough();

/**
 * A conform form checked by the same zod schema as its action: first on submit, then on every
 * change, with the server's answer merged in.
 */
export function useValidatedForm<Schema extends z.ZodTypeAny>(
  id: string,
  schema: Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
  /** What an edit form starts with (the saved record). */
  defaultValue?: DefaultValue<z.input<Schema>>,
) {
  const keptValues = useKeptSchemaValues(schema, defaultValue);
  return useForm<z.input<Schema>>({
    id,
    lastResult,
    defaultValue: keptValues ?? defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // A detour's button sends the form as it is, to be kept: nothing to check yet.
    onValidate: ({ formData, submitter }) => parseWithZod(formData, { schema: submitter?.name === "detour" ? ANYTHING : schema }),
  });
}

/**
 * A form's fields as they were sent when the session ended, when root's loader brought a kept draft
 * back to this screen and it is this form's (its fields, its intent, the row its `defaults` name): to
 * start from in place of the defaults (a field cleared then stays clear). Null otherwise.
 */
export function useKeptValues(form: DraftTarget): Record<string, unknown> | null {
  const kept = useKeptDraft();
  if (!kept || !draftFitsForm(kept, form)) return null;
  // Nested as conform reads a form ('fills[0].value' is fills, its first, its value), as a server's reply has them.
  const sent = new FormData();
  for (const [name, value] of kept.fields) sent.append(name, value);
  return parseWithZod(sent, { schema: ANYTHING }).payload;
}

function useKeptSchemaValues<Schema extends z.ZodTypeAny>(schema: Schema, defaultValue: unknown) {
  const fields = useMemo(() => schemaFields(schema), [schema]);
  return useKeptValues({ ...fields, defaults: (defaultValue ?? {}) as Record<string, unknown> }) as DefaultValue<z.input<Schema>> | null;
}

/** Above a form a kept draft filled: that what was typed is back, nothing was sent, and files were not kept. */
export function KeptDraftNotice() {
  const kept = useKeptDraft();
  if (!kept) return null;
  return (
    <p
      role="status"
      data-testid="kept-draft-notice"
      className="rounded-lg border-2 border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      {restoredDraftMessage(kept.droppedFiles, kept.reason)}
    </p>
  );
}

const CONTROL = "mt-1 min-h-11 w-full scroll-mt-32 rounded-lg border px-3 py-2 text-sm focus:outline-none focus:ring-2";

function controlClasses(invalid: boolean): string {
  return `${CONTROL} ${invalid ? "border-red-500 focus:ring-red-200" : "border-slate-300 focus:border-brand-500 focus:ring-brand-100"}`;
}

function Label({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-700">
      {children}
    </label>
  );
}

/** A field's first message, where aria-describedby (set by conform) points. */
export function FieldError({ field }: { field: Pick<FieldMetadata<unknown>, "errors" | "errorId"> }) {
  const error = field.errors?.[0];
  if (!error) return null;
  return (
    <p id={field.errorId} className="mt-1 text-sm text-red-600">
      {error}
    </p>
  );
}

/** An aria-describedby of the ids given (a field's error, hint or counter), or none. */
const describedBy = (...ids: unknown[]) => ids.filter((id): id is string => typeof id === "string" && id !== "").join(" ") || undefined;

function Hint({ id, children }: { id: string; children?: ReactNode }) {
  return children ? (
    <p id={id} className="mt-1 text-xs text-slate-500">
      {children}
    </p>
  ) : null;
}

type InputType = "email" | "password" | "text" | "tel" | "url" | "number" | "date" | "datetime-local" | "search";

/** A labelled input, with a hint under it when given. */
export function Field({
  label,
  field,
  type,
  autoComplete,
  placeholder,
  inputMode,
  hint,
  list,
}: {
  label: string;
  field: FieldMetadata<string>;
  type: InputType;
  autoComplete?: string;
  placeholder?: string;
  inputMode?: "numeric" | "tel" | "email" | "url" | "text" | "decimal";
  hint?: ReactNode;
  /** The id of a <datalist> of values to suggest. */
  list?: string;
}) {
  const hintId = `${field.id}-hint`;
  return (
    <div>
      <Label htmlFor={field.id}>{label}</Label>
      <input
        {...getInputProps(field, { type })}
        key={field.key}
        autoComplete={autoComplete}
        placeholder={placeholder}
        inputMode={inputMode}
        list={list}
        aria-describedby={describedBy(field.errors?.length && field.errorId, hint && hintId)}
        className={controlClasses(Boolean(field.errors?.length))}
      />
      <Hint id={hintId}>{hint}</Hint>
      <FieldError field={field} />
    </div>
  );
}

/** An optional text field (its schema's input may be null) as the text controls take it. */
export const asTextField = (field: unknown) => field as FieldMetadata<string>;

/** A labelled textarea; with `maxLength`, a live count of the characters left. */
export function TextareaField({
  label,
  field,
  rows = 4,
  maxLength,
  placeholder,
}: {
  label: string;
  field: FieldMetadata<string>;
  rows?: number;
  maxLength?: number;
  placeholder?: string;
}) {
  const [length, setLength] = useState(() => (typeof field.initialValue === "string" ? field.initialValue.length : 0));
  const counterId = `${field.id}-counter`;
  return (
    <div>
      <Label htmlFor={field.id}>{label}</Label>
      <textarea
        {...getTextareaProps(field)}
        key={field.key}
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-describedby={describedBy(field.errors?.length && field.errorId, maxLength && counterId)}
        onInput={(event) => setLength(event.currentTarget.value.length)}
        className={controlClasses(Boolean(field.errors?.length))}
      />
      {maxLength ? (
        <p
          id={counterId}
          aria-live="polite"
          className={`mt-1 text-right text-xs ${length > maxLength ? "text-red-600" : "text-slate-500"}`}
        >
          {length} / {maxLength}
        </p>
      ) : null}
      <FieldError field={field} />
    </div>
  );
}

export type Option = { value: string; label: string };

/** A labelled select; `placeholder` adds an empty first choice. */
export function SelectField({
  label,
  field,
  options,
  placeholder,
}: {
  label: string;
  field: FieldMetadata<string>;
  options: Option[];
  placeholder?: string;
}) {
  return (
    <div>
      <Label htmlFor={field.id}>{label}</Label>
      <select {...getSelectProps(field)} key={field.key} className={`${controlClasses(Boolean(field.errors?.length))} bg-white`}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError field={field} />
    </div>
  );
}

/** Several values of one name (groups, categories): a fieldset of checkboxes. */
export function CheckboxGroupField({ legend, field, options }: { legend: string; field: FieldMetadata<string[]>; options: Option[] }) {
  const chosen = new Set(Array.isArray(field.initialValue) ? field.initialValue : field.initialValue ? [field.initialValue] : []);
  return (
    <fieldset id={field.id} aria-describedby={field.errors?.length ? field.errorId : undefined}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option.value} className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm">
            <input type="checkbox" name={field.name} value={option.value} defaultChecked={chosen.has(option.value)} className="h-4 w-4" />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError field={field} />
    </fieldset>
  );
}

/** One value of several (a reason, a kind): a fieldset of radio buttons, each a full-width row to tap. */
export function RadioGroupField({ legend, field, options }: { legend: string; field: FieldMetadata<string>; options: Option[] }) {
  return (
    <fieldset id={field.id} aria-describedby={field.errors?.length ? field.errorId : undefined} className="scroll-mt-32">
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-1 grid gap-2">
        {options.map((option) => (
          <label key={option.value} className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 text-sm">
            <input
              type="radio"
              name={field.name}
              value={option.value}
              defaultChecked={field.initialValue === option.value}
              required={field.required}
              className="h-4 w-4"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError field={field} />
    </fieldset>
  );
}

/** One yes/no checkbox with its label beside it. */
export function CheckboxField({ label, field, hint }: { label: string; field: FieldMetadata<string | boolean>; hint?: ReactNode }) {
  const hintId = `${field.id}-hint`;
  return (
    <div>
      <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
        <input
          {...getInputProps(field, { type: "checkbox" })}
          key={field.key}
          aria-describedby={hint ? hintId : undefined}
          className="h-4 w-4 shrink-0"
        />
        <span>{label}</span>
      </label>
      <Hint id={hintId}>{hint}</Hint>
      <FieldError field={field} />
    </div>
  );
}

/**
 * A file input that works as a plain upload without JavaScript; with it, a chosen image is shown
 * before the form is sent (and the current image, if any, until then).
 */
export function FileField({
  label,
  field,
  accept = "image/jpeg,image/png,image/webp,image/heic",
  multiple = false,
  currentUrl,
  hint,
}: {
  label: string;
  field: FieldMetadata<unknown>;
  accept?: string;
  multiple?: boolean;
  currentUrl?: string | null;
  hint?: ReactNode;
}) {
  const [previews, setPreviews] = useState<string[]>([]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  const shown = previews.length ? previews : currentUrl ? [currentUrl] : [];
  const hintId = `${field.id}-hint`;
  return (
    <div>
      <Label htmlFor={field.id}>{label}</Label>
      <input
        id={field.id}
        name={field.name}
        type="file"
        accept={accept}
        multiple={multiple}
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={describedBy(field.errors?.length && field.errorId, hint && hintId)}
        onChange={(event) => setPreviews(Array.from(event.currentTarget.files ?? []).map((file) => URL.createObjectURL(file)))}
        className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-700"
      />
      {shown.length ? (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Preview">
          {shown.map((url) => (
            <li key={url}>
              <img src={url} alt="" className="h-20 w-20 rounded-lg border border-slate-200 object-cover" />
            </li>
          ))}
        </ul>
      ) : null}
      <Hint id={hintId}>{hint}</Hint>
      <FieldError field={field} />
    </div>
  );
}

/** A way to fix a form's refusal that is not in the form: 'Set your location'. */
/** A refusal's fix: a link, or a detour that keeps the form while its owner fixes it (app/components/detour.tsx). */
export type ErrorFix = { to: string; label: string } | { detour: Detour; label: string };

type SummaryEntry = { message: string; target: string | null };

/** The form's messages in order: its own first (no field), then each field's first, linked to the field. */
function summaryEntries(formId: string, allErrors: Record<string, string[] | null | undefined>, targets: Record<string, string>) {
  const entries: SummaryEntry[] = [];
  const seen = new Set<string>();
  const add = (entry: SummaryEntry) => {
    const key = `${entry.target}\n${entry.message}`;
    if (!seen.has(key)) entries.push(entry);
    seen.add(key);
  };
  for (const message of allErrors[""] ?? []) add({ message, target: null });
  for (const [name, messages] of Object.entries(allErrors)) {
    if (name === "" || !messages?.length) continue;
    // A list's item ('tags[0]') is its field's control.
    const field = name.split(/[.[]/)[0];
    add({ message: messages[0], target: targets[name] ?? targets[field] ?? `${formId}-${field}` });
  }
  return entries;
}

/** Moves the focus to a field named in the summary (its first control, for a group of them). */
function focusField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  const control = target?.matches("input, select, textarea, button")
    ? target
    : target?.querySelector<HTMLElement>("input, select, textarea");
  if (!control) return;
  event.preventDefault();
  control.focus();
  control.scrollIntoView({ block: "center" });
}

/**
 * What stops a refused form, at its top: the form's own reasons with their fixes as links ('Set your
 * location'), then each field's message linked to its field. It takes the focus when a submit is
 * refused, in the browser (checked as you type) or by the server, so the reason is where the eye is
 * however far down the button was; without JavaScript the refused page loads focused on it
 * (autofocus). Its id is the form's error id, which the form's aria-describedby names. Above it,
 * with JavaScript, a submission that got no answer says the connection failed.
 */
export function ErrorSummary(props: ErrorSummaryProps) {
  return (
    <>
      <ConnectionFailedNotice formId={props.form.id} />
      <RefusalSummary {...props} />
    </>
  );
}

type ErrorSummaryProps = {
  form: { id: string; errorId: string; allErrors: Record<string, string[] | null | undefined>; initialValue?: unknown };
  fixes?: ErrorFix[];
  /** A field's control when its id is not conform's (the form's id, '-', its name). */
  targets?: Record<string, string>;
};

/**
 * The form's submission that got no answer (the forms kit's clientAction tells it): the connection
 * failed, the form is as it was, press the button again. It takes the focus, as a refusal does.
 */
function ConnectionFailedNotice({ formId }: { formId: string }) {
  const [failure, setFailure] = useState<NetworkFailure | null>(null);
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The clientAction learns which form it sends from the submit event; a new try clears the last failure.
    const submitted = (event: Event) => {
      if ((event.target as Element | null)?.id !== formId) return;
      noteSubmittedForm(formId);
      setFailure(null);
    };
    document.addEventListener("submit", submitted, true);
    const stopListening = onFormNetworkFailure((reported) => {
      if (reported.formId !== formId) return false;
      setFailure(reported);
      return true;
    });
    return () => {
      document.removeEventListener("submit", submitted, true);
      stopListening();
    };
  }, [formId]);
  useEffect(() => {
    if (failure) notice.current?.focus();
  }, [failure]);
  if (!failure) return null;
  return (
    <div
      ref={notice}
      role="alert"
      tabIndex={-1}
      data-testid="network-failure"
      className="scroll-mt-32 rounded-lg border-2 border-amber-500 bg-amber-50 px-4 py-3 text-sm text-amber-900 focus:outline-none focus:ring-4 focus:ring-amber-200"
    >
      <h2 className="text-base font-semibold">{CONNECTION_FAILED}</h2>
      <p className="mt-1">{formNetworkFailureMessage(failure.online)}</p>
    </div>
  );
}

function RefusalSummary({ form, fixes = [], targets = {} }: ErrorSummaryProps) {
  const entries = summaryEntries(form.id, form.allErrors, targets);
  const kept = useKeptDraft();
  const hydrated = useHydrated();
  const summary = useRef<HTMLDivElement>(null);
  const focusPending = useRef(false);
  const [submits, setSubmits] = useState(0);
  useEffect(() => {
    const submitted = (event: Event) => {
      if ((event.target as Element | null)?.id !== form.id) return;
      focusPending.current = true;
      setSubmits((count) => count + 1);
    };
    // Typing is not a refusal: a message that comes back as you type does not move the focus.
    const typed = (event: Event) => {
      if ((event.target as HTMLInputElement | null)?.form?.id === form.id) focusPending.current = false;
    };
    document.addEventListener("submit", submitted, true);
    document.addEventListener("input", typed, true);
    return () => {
      document.removeEventListener("submit", submitted, true);
      document.removeEventListener("input", typed, true);
    };
  }, [form.id]);
  const shown = entries.map((entry) => `${entry.target}:${entry.message}`).join("|");
  useEffect(() => {
    if (!focusPending.current || !shown) return;
    // After conform has focused the first field it refused: the summary says why, and links to it.
    const frame = requestAnimationFrame(() => {
      focusPending.current = false;
      summary.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [submits, shown]);

  // The top of the form is also where it says it was filled from what was typed before the session ended.
  const notice = kept && formShowsDraft(form.initialValue, kept.fields) ? <KeptDraftNotice /> : null;
  if (!entries.length) return notice;
  const reasons = entries.filter((entry) => entry.target === null);
  const fieldEntries = entries.filter((entry) => entry.target !== null);
  const headingId = `${form.errorId}-title`;
  return (
    <>
      {notice}
      <div
        ref={summary}
        id={form.errorId}
        role="alert"
        aria-labelledby={headingId}
        tabIndex={-1}
        // Rendered by the server for a refused form: the page opens on it.
        autoFocus={!hydrated}
        data-testid="error-summary"
        className="scroll-mt-32 rounded-lg border-2 border-red-600 bg-red-50 px-4 py-3 text-sm text-red-900 focus:outline-none focus:ring-4 focus:ring-red-200"
      >
        <h2 id={headingId} className="text-base font-semibold">
          Please fix this to continue
        </h2>
        <ul className="mt-1">
          {reasons.map((entry) => (
            <li key={entry.message} className="py-1">
              {entry.message}
            </li>
          ))}
          {fixes.length ? (
            <li className="flex flex-wrap gap-x-4">
              {fixes.map((fix) =>
                "detour" in fix ? (
                  <DetourButton key={fix.detour} formId={form.id} detour={fix.detour} className="text-red-900">
                    {fix.label}
                  </DetourButton>
                ) : (
                  <Link key={fix.to} to={fix.to} className="tap font-semibold text-red-900 underline">
                    {fix.label}
                  </Link>
                ),
              )}
            </li>
          ) : null}
          {fieldEntries.map((entry) => (
            <li key={`${entry.target}:${entry.message}`}>
              <a
                href={`#${entry.target}`}
                onClick={(event) => focusField(event, entry.target!)}
                className="tap py-1 font-medium text-red-800 underline"
              >
                {entry.message}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

/** A submit button that says it is busy, and cannot be pressed twice, while its form is sent. */
export function SubmitButton({
  busy,
  busyText,
  children,
  name,
  value,
  ...style
}: { busy: boolean; busyText: string; children: string; name?: string; value?: string } & ButtonStyle) {
  return (
    <Button type="submit" disabled={busy} name={name} value={value} size="lg" wide {...style} className="font-semibold">
      {busy ? busyText : children}
    </Button>
  );
}
