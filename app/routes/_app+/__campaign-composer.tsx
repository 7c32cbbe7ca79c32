import { getFormProps, getTextareaProps } from "@conform-to/react";
import { Form, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { Fragment, useEffect, useRef, useState } from "react";

import { BackLink } from "~/components/back-link";
import { DetourButton } from "~/components/detour";
import { ErrorSummary, Field, SubmitButton, useValidatedForm } from "~/components/forms";
import { ActionToast } from "~/components/ui/action-toast";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/hooks/use-hydrated";
import { useIsPending } from "~/hooks/use-is-pending";
import { countOf, formatCount } from "~/lib/format-count";
import { paths } from "~/lib/paths";
import { formatIndianPhone } from "~/lib/phone";
import {
  CAMPAIGN_NAME_MAX,
  FILLS_FOR,
  defaultCampaignName,
  FREE_TEXT_MAX,
  PICKED_CONTACTS_MAX,
  campaignSchema,
} from "~/lib/schemas/campaign";
import { MAX_PARTS, MAX_SLOT_LENGTH, SLOT, analyseSms, countSlots, fillSlots } from "~/lib/sms-text";

import type { ComposerActionData, campaignComposerLoader } from "./__campaign-composer.server";
import { SendNowNotice } from "./__campaign-parts";
import type { action as estimateAction } from "./campaigns_.new_.estimate";

type Loaded = ReturnType<typeof useLoaderData<typeof campaignComposerLoader>>;
type Template = Loaded["templates"][number];
type Source = "contact_name" | "business_name" | "fixed";
type Fill = { source: Source; value: string };
type Values = { templateId: string; message: string; fills: Fill[]; audienceMode: string };

const SOURCE_LABELS: Record<Source, string> = {
  contact_name: "Each customer's name",
  business_name: "Your business name",
  fixed: "Text you type",
};

/** The two ways a message is carried, as a shopkeeper tells them apart. */
const ENCODING_WORDS: Record<ReturnType<typeof analyseSms>["encoding"], string> = {
  "GSM-7": "English letters: 160 per SMS",
  "UCS-2": "Hindi or emoji: 70 per SMS",
};

const CATEGORY_LABELS: Record<string, string> = { promotional: "Promotional", service: "Service", transactional: "Transactional" };

const CONTROL = "mt-1 min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm";

/** An hour of the day as people say it: '10 am', '9 pm', '12 noon'. */
function clockHour(hour: number): string {
  if (hour === 12) return "12 noon";
  if (hour % 24 === 0) return "midnight";
  return `${hour % 12} ${hour < 12 ? "am" : "pm"}`;
}

/** What the form holds now, as the live count reads it. */
function readValues(form: HTMLFormElement, slotDefaults: Record<string, Source[]>): Values {
  const data = new FormData(form);
  const templateId = String(data.get("templateId") ?? "");
  const fills: Fill[] = [];
  // The slot choices on the page belong to the template they were drawn for: another one just
  // chosen starts from its own slots' first choices.
  const fillsFor = String(data.get(FILLS_FOR) ?? "");
  if (fillsFor !== templateId) {
    return { ...readOthers(data), templateId, fills: (slotDefaults[templateId] ?? []).map((source) => ({ source, value: "" })) };
  }
  for (let index = 0; data.has(`fills[${index}].source`); index++) {
    fills.push({
      source: String(data.get(`fills[${index}].source`)) as Source,
      value: String(data.get(`fills[${index}].value`) ?? ""),
    });
  }
  return { ...readOthers(data), templateId, fills };
}

function readOthers(data: FormData) {
  return { message: String(data.get("message") ?? ""), audienceMode: String(data.get("audienceMode") ?? "all") };
}

/** The message one customer gets: the template with its slots filled for them, or the free text. */
function renderFor(template: Template | undefined, values: Values, names: { customer: string; business: string }): string {
  if (!template) return values.message;
  return fillSlots(
    template.text,
    values.fills.map((fill) =>
      fill.source === "contact_name" ? names.customer : fill.source === "business_name" ? names.business : fill.value,
    ),
  );
}

/**
 * /campaigns/new: one form that works without JavaScript ('Check' brings the numbers back from the
 * server); with it, the count follows every keystroke (characters, encoding, parts counted here by
 * lib/sms-text.ts; recipients from the server's check, asked again as the form changes).
 */
export function CampaignComposer() {
  const loaded = useLoaderData<typeof campaignComposerLoader>();
  const actionData = useActionData<ComposerActionData>();
  const hydrated = useHydrated();
  const [form, fields] = useValidatedForm("campaign", campaignSchema, actionData?.result, loaded.initial);
  // What the server sent back, else a form kept for a detour or an ended session, else the loader's start.
  const started = ((actionData?.result.initialValue ?? form.initialValue) as Partial<Values> | undefined) ?? loaded.initial;
  const [values, setValues] = useState<Values>(() => ({
    templateId: String(started.templateId ?? ""),
    message: String((started as { message?: string }).message ?? ""),
    fills: (started.fills as Fill[] | undefined) ?? [],
    audienceMode: String(started.audienceMode ?? "all"),
  }));
  const check = useFetcher<typeof estimateAction>();
  const formRef = useRef<HTMLFormElement>(null);
  const busy = useIsPending();
  const template = loaded.templates.find((candidate) => candidate.id === values.templateId);
  // One choice per slot of the template shown (a form sent with another template's keeps what fits).
  const fills: Fill[] = template
    ? Array.from(
        { length: countSlots(template.text) },
        (_, index) => values.fills[index] ?? { source: loaded.slotDefaults[template.id]?.[index] ?? "fixed", value: "" },
      )
    : [];
  const idempotencyKey = actionData?.idempotencyKey ?? loaded.idempotencyKey;

  // The server's numbers: the live check's once it answers, else the last 'Check' of the form.
  const estimate = check.data?.estimate ?? actionData?.estimate ?? null;
  // Typed since the server last counted: the cost is this text's parts × recipients × the price until it answers.
  const [typed, setTyped] = useState(false);
  useEffect(() => setTyped(false), [check.data]);
  const preview = renderFor(template, { ...values, fills }, { customer: loaded.sampleName, business: loaded.businessName });
  const text = analyseSms(preview);
  const recipients = estimate?.recipients ?? null;
  // The server's cost counts each customer's own message (names differ in length); the same sum when they do not.
  const cost =
    recipients === null ? null : estimate && !typed && check.state === "idle" ? estimate.cost : text.parts * recipients * loaded.price;
  const shortfall =
    actionData?.shortfall ??
    (cost !== null && cost > loaded.balance ? { cost, balance: loaded.balance, shortfall: cost - loaded.balance } : null);

  // Asks the server again, a moment after the form last changed (recipients depend on the audience).
  const askServer = useRef<ReturnType<typeof setTimeout>>();
  const changed = (target: HTMLFormElement) => {
    setValues(readValues(target, loaded.slotDefaults));
    setTyped(true);
    clearTimeout(askServer.current);
    askServer.current = setTimeout(() => {
      const fields = new FormData(target);
      fields.delete("idempotencyKey");
      check.submit(fields, { method: "post", action: paths.campaignEstimate() });
    }, 400);
  };
  useEffect(() => {
    if (hydrated && formRef.current) changed(formRef.current);
    return () => clearTimeout(askServer.current);
    // Once, when the page comes alive: the first numbers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);

  // Grouped as the business knows them: the platform's, then its own DLT templates.
  const templateGroups = [
    { label: "iSent's templates", templates: loaded.templates.filter((candidate) => !candidate.own) },
    { label: "Your DLT templates", templates: loaded.templates.filter((candidate) => candidate.own) },
  ];
  // The live count's refusals (invisible characters in a slot, a group nobody is in) are shown where
  // they belong as the form changes: with JavaScript there is no 'Check' to press to see them.
  const liveErrors = hydrated && check.state === "idle" && !typed && !check.data?.estimate ? (check.data?.result.error ?? {}) : {};
  const shownErrors = { ...liveErrors, ...form.allErrors };
  const liveProblem = Object.keys(liveErrors).length ? (liveErrors[""]?.[0] ?? "Not counted: fix what is marked above") : null;
  const fillError = (index: number) => shownErrors[`fills[${index}].value`]?.[0] ?? shownErrors[`fills[${index}].source`]?.[0];

  // 'Send now' outside the sending window waits for it: said before it is pressed (promotional and free text only).
  const sendNowWaits = loaded.sendNowNotice !== null && (template ? template.category === "promotional" : loaded.freeTextAllowed);

  const formProps = getFormProps(form);
  return (
    <div className="mx-auto max-w-5xl">
      <BackLink to={paths.campaigns()}>Campaigns</BackLink>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">New campaign</h1>
      <p className="mt-1 text-sm text-slate-600" data-testid="price-and-balance">
        One SMS part costs <strong>{countOf(loaded.price, "credit")}</strong>. Your balance:{" "}
        <strong>{countOf(loaded.balance, "credit")}</strong>.
      </p>

      <div className="mt-5 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Form
          ref={formRef}
          method="post"
          {...formProps}
          onChange={(event) => changed(event.currentTarget)}
          onSubmit={(event) => {
            // A count still waiting to be asked for is not needed once the form goes.
            clearTimeout(askServer.current);
            formProps.onSubmit(event);
          }}
          className="space-y-5"
        >
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <input type="hidden" name={FILLS_FOR} value={template?.id ?? ""} />
          <ErrorSummary
            form={form}
            fixes={actionData?.shortfall ? [{ detour: "credits", label: "Buy credits" }] : []}
            targets={{ contactIds: "campaign-audience", tags: "campaign-audience", audienceMode: "campaign-audience" }}
          />
          <Field
            label="Campaign name (optional)"
            field={fields.name}
            type="text"
            placeholder={template ? defaultCampaignName(template.name, new Date(loaded.now)) : "Diwali offer to regulars"}
            hint={`Only you see it; up to ${CAMPAIGN_NAME_MAX} characters. Left empty, it is called after the template and today's date.`}
          />

          <fieldset className="space-y-3">
            <legend className="text-sm font-medium text-slate-700">Message</legend>
            <label htmlFor={fields.templateId.id} className="block text-sm text-slate-700">
              SMS template
            </label>
            <select
              id={fields.templateId.id}
              name={fields.templateId.name}
              defaultValue={values.templateId}
              aria-invalid={fields.templateId.errors?.length ? true : undefined}
              aria-describedby={fields.templateId.errors?.length ? fields.templateId.errorId : undefined}
              className={CONTROL}
            >
              {templateGroups.map((group) =>
                group.templates.length ? (
                  <optgroup key={group.label} label={group.label}>
                    {group.templates.map((option) => (
                      <option key={option.id} value={option.id}>
                        {`${option.name} · ${CATEGORY_LABELS[option.category] ?? option.category}`}
                      </option>
                    ))}
                  </optgroup>
                ) : null,
              )}
              {loaded.freeTextAllowed ? <option value="">Write my own message</option> : null}
            </select>
            {fields.templateId.errors?.length ? (
              <p id={fields.templateId.errorId} className="text-sm text-red-600">
                {fields.templateId.errors[0]}
              </p>
            ) : null}
            {hydrated ? null : <p className="text-xs text-slate-500">Changed the template? Press &lsquo;Check&rsquo; to see its blanks.</p>}

            {template ? (
              <MessageWithBlanks
                key={template.id}
                template={template}
                fills={fills}
                errorFor={fillError}
                formId={form.id}
                categoryLabel={CATEGORY_LABELS[template.category] ?? template.category}
              />
            ) : loaded.freeTextAllowed ? (
              <div>
                <label htmlFor={fields.message.id} className="block text-sm text-slate-700">
                  Your message
                </label>
                <textarea
                  {...getTextareaProps(fields.message)}
                  key={fields.message.key}
                  rows={5}
                  maxLength={FREE_TEXT_MAX}
                  className={CONTROL}
                />
                {fields.message.errors?.length ? (
                  <p id={fields.message.errorId} className="text-sm text-red-600">
                    {fields.message.errors[0]}
                  </p>
                ) : null}
              </div>
            ) : null}
          </fieldset>

          <Audience loaded={loaded} mode={values.audienceMode} errors={shownErrors} started={started as Loaded["initial"]} />

          <Field
            label="Send at (optional, India time)"
            field={fields.sendAt}
            type="datetime-local"
            hint={`For 'Schedule'. Promotional messages go out between ${clockHour(loaded.window.startHour)} and ${clockHour(loaded.window.endHour)} India time; outside those hours a campaign waits for ${clockHour(loaded.window.startHour)}.`}
          />

          <Numbers
            text={text}
            recipients={recipients}
            skippedOptedOut={estimate?.skippedOptedOut ?? null}
            skippedNotMobile={estimate?.skippedNotMobile ?? null}
            cost={cost}
            balance={loaded.balance}
            checking={check.state !== "idle"}
            notCounted={hydrated ? (liveProblem ?? "Counting...") : "Press 'Check'"}
          />
          {shortfall ? (
            <p
              role="alert"
              className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
              data-testid="shortfall"
            >
              {`This campaign costs ${countOf(shortfall.cost, "credit")} and your balance is ${formatCount(shortfall.balance)}: you need ${countOf(shortfall.shortfall, "more credit", "more credits")}.`}{" "}
              <DetourButton formId={form.id} detour="credits">
                Buy credits
              </DetourButton>
            </p>
          ) : null}

          {hydrated ? null : (
            <Button type="submit" name="intent" value="check" variant="secondary" formNoValidate wide>
              Check
            </Button>
          )}
          {sendNowWaits && loaded.sendNowNotice ? <SendNowNotice notice={loaded.sendNowNotice} window={loaded.window} /> : null}
          <div className="grid gap-2 sm:grid-cols-3">
            <SubmitButton
              busy={busy}
              busyText="Sending..."
              name="intent"
              value="send"
              aria-describedby={sendNowWaits ? "send-now-notice" : undefined}
            >
              Send now
            </SubmitButton>
            <SubmitButton busy={busy} busyText="Scheduling..." name="intent" value="schedule" variant="secondary">
              Schedule
            </SubmitButton>
            <SubmitButton busy={busy} busyText="Saving..." name="intent" value="save" variant="secondary">
              Save draft
            </SubmitButton>
          </div>
        </Form>

        <aside aria-labelledby="preview-heading" className="lg:sticky lg:top-28 lg:self-start">
          <h2 id="preview-heading" className="text-sm font-semibold text-slate-700">
            Preview: as {loaded.sampleName} gets it
          </h2>
          <p
            className="mt-2 whitespace-pre-line break-words rounded-2xl rounded-bl-sm bg-slate-100 p-3 text-sm text-slate-900"
            data-testid="sms-preview"
          >
            {preview || "Your message appears here."}
          </p>
        </aside>
      </div>
      <ActionToast toast={actionData?.toast} />
    </div>
  );
}

/**
 * The template's approved text as the customer reads it, each blank ({#var#}) standing in it as a
 * small form of its own: what it is for, what fills it (the customer's name, the business's, or
 * text typed into it) and its error. Plain fields inside the text, so it works without JavaScript.
 */
function MessageWithBlanks({
  template,
  fills,
  errorFor,
  formId,
  categoryLabel,
}: {
  template: Template;
  fills: Fill[];
  errorFor: (index: number) => string | undefined;
  formId: string;
  categoryLabel: string;
}) {
  const pieces = template.text.split(SLOT);
  return (
    <>
      <p className="text-xs text-slate-500">
        {`${categoryLabel} template: its approved words stay as they are; fill each blank (at most ${MAX_SLOT_LENGTH} characters).`}
      </p>
      <div
        className="whitespace-pre-line break-words rounded-lg bg-slate-50 p-3 text-sm leading-8 text-slate-800"
        data-testid="template-text"
      >
        {pieces.map((piece, index) => (
          <Fragment key={index}>
            {piece}
            {index < fills.length ? (
              <Blank index={index} label={template.slotLabels[index]} fill={fills[index]} error={errorFor(index)} formId={formId} />
            ) : null}
          </Fragment>
        ))}
      </div>
    </>
  );
}

/** One blank in the message: its label, what fills it, and the text typed when it is text (shown only then, by CSS, with or without JavaScript). */
function Blank({ index, label, fill, error, formId }: { index: number; label: string; fill: Fill; error?: string; formId: string }) {
  const id = `${formId}-fills-${index}`;
  const errorId = `${id}-error`;
  return (
    <span
      className="sms-blank mx-0.5 my-1 inline-flex max-w-full flex-col gap-1 rounded-lg border border-dashed border-brand-300 bg-white p-1.5 align-middle leading-normal"
      data-testid={`blank-${index + 1}`}
    >
      <span className="px-1 text-xs font-semibold text-brand-800" aria-hidden>
        {label}
      </span>
      <select
        id={`${id}-source`}
        name={`fills[${index}].source`}
        defaultValue={fill.source}
        aria-label={`${label}: what goes here`}
        className="min-h-11 rounded-md border border-slate-300 bg-white px-2 text-sm"
      >
        {(Object.keys(SOURCE_LABELS) as Source[]).map((source) => (
          <option key={source} value={source}>
            {SOURCE_LABELS[source]}
          </option>
        ))}
      </select>
      <input
        id={`${id}-value`}
        name={`fills[${index}].value`}
        type="text"
        defaultValue={fill.value}
        maxLength={60}
        placeholder={label}
        aria-label={`${label}: your text`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="sms-blank-text min-h-11 w-56 max-w-full rounded-md border border-slate-300 px-2 text-sm"
      />
      {error ? (
        <span id={errorId} className="block max-w-56 px-1 text-xs text-red-600">
          {error}
        </span>
      ) : null}
    </span>
  );
}

/** Who gets it: every contact, some groups, or the contacts picked by a link; opted-out contacts never. */
function Audience({
  loaded,
  mode,
  errors,
  started,
}: {
  loaded: Loaded;
  mode: string;
  errors: Record<string, string[] | null | undefined>;
  started: Loaded["initial"];
}) {
  const chosenTags = new Set([started.tags ?? []].flat());
  const chosenContacts = new Set([started.contactIds ?? []].flat());
  const error = errors.tags?.[0] ?? errors.contactIds?.[0] ?? errors.audienceMode?.[0];
  const radio = (value: string, label: string) => (
    <label className="flex min-h-11 items-center gap-2 text-sm">
      <input type="radio" name="audienceMode" value={value} defaultChecked={mode === value} className="h-4 w-4" />
      {label}
    </label>
  );
  return (
    <fieldset id="campaign-audience" aria-describedby={error ? "campaign-audience-error" : undefined}>
      <legend className="text-sm font-medium text-slate-700">Who gets it</legend>
      <p className="text-xs text-slate-500">Contacts who opted out are always left out; the count below says how many.</p>
      {radio("all", "All my contacts")}
      {loaded.groups.length ? (
        <>
          {radio("tags", "Contacts in these groups:")}
          <div className="ml-6 flex flex-wrap gap-2">
            {loaded.groups.map((group) => (
              <label key={group.name} className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm">
                <input type="checkbox" name="tags" value={group.name} defaultChecked={chosenTags.has(group.name)} className="h-4 w-4" />
                {`${group.name} (${formatCount(group.contacts)})`}
              </label>
            ))}
          </div>
        </>
      ) : null}
      {loaded.pickedContacts.length ? (
        <>
          {radio("contacts", loaded.pickedContacts.length === 1 ? "Only this contact:" : "Only these contacts:")}
          <p className="ml-6 text-xs text-slate-500">
            Up to {formatCount(PICKED_CONTACTS_MAX)} contacts can be picked one by one; for more, put them in a group.
          </p>
          <div className="ml-6 flex flex-wrap gap-2">
            {loaded.pickedContacts.map((contact) => (
              <label key={contact.id} className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm">
                <input
                  type="checkbox"
                  name="contactIds"
                  value={contact.id}
                  defaultChecked={chosenContacts.has(contact.id)}
                  className="h-4 w-4"
                />
                {`${contact.name}, ${formatIndianPhone(contact.mobileNumber) ?? contact.mobileNumber}`}
                {contact.consent === "opted_out" ? " (opted out: left out)" : ""}
              </label>
            ))}
          </div>
        </>
      ) : null}
      {error ? (
        <p id="campaign-audience-error" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The numbers before sending: the text's, the audience's (the server's), and the cost they make. */
function Numbers({
  text,
  recipients,
  skippedOptedOut,
  skippedNotMobile,
  cost,
  balance,
  checking,
  notCounted,
}: {
  text: ReturnType<typeof analyseSms>;
  recipients: number | null;
  skippedOptedOut: number | null;
  skippedNotMobile: number | null;
  cost: number | null;
  balance: number;
  checking: boolean;
  /** What the recipients cell says before the server has counted them. */
  notCounted: string;
}) {
  const cause = text.unicodeCause;
  return (
    <section aria-labelledby="numbers-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="numbers-heading" className="text-sm font-semibold text-slate-700">
        Before you send
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm" aria-live="polite" data-testid="campaign-numbers">
        <dt className="text-slate-500">Characters</dt>
        <dd data-testid="sms-characters">{formatCount(text.characters)}</dd>
        <dt className="text-slate-500">Letters</dt>
        <dd data-testid="sms-encoding">
          {ENCODING_WORDS[text.encoding]}
          {cause ? (
            <span className="block text-xs text-slate-600">
              {`because of “${cause.char}” (character ${cause.index + 1}): one SMS holds 70 characters instead of 160`}
            </span>
          ) : null}
        </dd>
        <dt className="text-slate-500">Parts</dt>
        <dd data-testid="sms-parts" className={text.parts > MAX_PARTS ? "font-semibold text-red-700" : undefined}>
          {text.parts}
          {text.parts > MAX_PARTS ? ` (at most ${MAX_PARTS}: shorten it)` : ""}
        </dd>
        <dt className="text-slate-500">Recipients</dt>
        <dd data-testid="sms-recipients">
          {recipients === null ? (checking ? "Counting..." : notCounted) : formatCount(recipients)}
          {skippedOptedOut ? (
            <span className="block text-xs text-slate-600">{`${formatCount(skippedOptedOut)} opted out: left out`}</span>
          ) : null}
          {skippedNotMobile ? (
            <span className="block text-xs text-slate-600">{`${countOf(skippedNotMobile, "number is", "numbers are")} not mobile: left out`}</span>
          ) : null}
        </dd>
        <dt className="text-slate-500">Cost</dt>
        <dd data-testid="sms-cost" className="font-semibold">
          {cost === null ? "—" : countOf(cost, "credit")}
          {cost !== null ? (
            <span className="block text-xs font-normal text-slate-600">{`Balance after: ${countOf(balance - cost, "credit")}`}</span>
          ) : null}
        </dd>
      </dl>
    </section>
  );
}
