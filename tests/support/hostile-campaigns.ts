/**
 * The campaign shapes a business can send for free that once stopped the server (issue 34): a slot
 * value of 17,000 or 60,000 characters (every message built before the 30-character rule was
 * checked, each body a Map key: quadratic), invisible characters in a slot (a NUL was a 500), more
 * picked ids than the limit, estimate loops while the contacts keep changing, and a Send to a big
 * audience. Shared by the end-to-end test (tests/e2e/hostile-shapes.spec.ts) and the benchmark
 * (bench/hostile-shapes.ts); plain fetch against a running server, as the signed-in business.
 */
import { randomUUID } from "node:crypto";

import type { ShapeAnswer } from "./hostile-shapes";

/** The business the shapes are sent as: its session cookie and a client address of its own. */
export type Sender = { base: string; headers: Record<string, string> };

/** One request of a shape, and the statuses it may be answered with. */
export type CampaignShape = { name: string; method: string; path: string; contentType: string; body: string; expected: number[] };

/** The group every third imported contact is in. */
export const REGULARS = "Regulars";

/** Rows the import takes in one file. */
const IMPORT_FILE_ROWS = 50_000;

async function send(sender: Sender, method: string, path: string, contentType: string | null, body?: string): Promise<ShapeAnswer> {
  const started = performance.now();
  const response = await fetch(`${sender.base}${path}`, {
    method,
    headers: { ...(contentType ? { "Content-Type": contentType } : {}), Origin: sender.base, ...sender.headers },
    body,
    redirect: "manual",
  });
  const text = await response.text();
  return {
    status: response.status,
    location: response.headers.get("Location"),
    ms: performance.now() - started,
    allow: response.headers.get("Allow"),
    text,
  };
}

const json = <T>(answer: ShapeAnswer): T => JSON.parse(answer.text) as T;

/** Gives the business `count` contacts ('Guest n', numbers from +91 97…), through the import API, 50,000 a file. */
export async function importContacts(sender: Sender, count: number): Promise<void> {
  for (let first = 0; first < count; first += IMPORT_FILE_ROWS) {
    const rows = Array.from({ length: Math.min(IMPORT_FILE_ROWS, count - first) }, (_, i) => {
      const n = first + i;
      return `Guest ${n},97${String(n).padStart(8, "0")},${n % 3 === 0 ? REGULARS : ""}`;
    });
    const answer = await send(sender, "POST", "/api/contacts/import", "text/csv", `name,mobile,groups\n${rows.join("\n")}\n`);
    if (answer.status !== 200) throw new Error(`The import answered ${answer.status}: ${answer.text.slice(0, 200)}`);
  }
}

/** A template the business may send whose first slot is the customer's name, and how many slots it has. */
export async function campaignTemplate(sender: Sender): Promise<{ id: string; slots: number }> {
  const templates = json<Array<{ id: string; text: string; slotHints: string[]; category: string }>>(
    await send(sender, "GET", "/api/sms-templates", null),
  );
  // A service template: no sending window, so a Send goes at any hour.
  const chosen =
    templates.find((template) => template.category !== "promotional" && /name/i.test(template.slotHints[0] ?? "")) ??
    templates.find((template) => template.text.includes("{#var#}"));
  if (!chosen) throw new Error("No SMS template with a slot to send");
  return { id: chosen.id, slots: chosen.text.split("{#var#}").length - 1 };
}

/** The composer's fields for a campaign of this template to every contact, the other slots holding `value`. */
function composerForm(template: { id: string; slots: number }, value: string, extra: Array<[string, string]> = []) {
  const fields: Array<[string, string]> = [
    ["idempotencyKey", randomUUID()],
    ["name", "Hostile"],
    ["templateId", template.id],
    ["fillsFor", template.id],
    ["audienceMode", "all"],
  ];
  for (let i = 0; i < template.slots; i++) {
    fields.push([`fills[${i}].source`, i === 0 ? "contact_name" : "fixed"], [`fills[${i}].value`, i === 0 ? "" : value]);
  }
  return new URLSearchParams([...fields, ...extra]).toString();
}

/** POST /api/campaigns's body: every slot but the first (the customer's name) holding `value`. */
function apiBody(template: { id: string; slots: number }, value: string, audience: unknown = { all: true }) {
  const variables = Array.from({ length: template.slots }, (_, i) => (i === 0 ? { source: "contact_name" } : value));
  return JSON.stringify({ name: "Hostile", smsTemplateId: template.id, variables, audience });
}

/** A shape posted to `path`, and the statuses it may be answered with. */
const post = (name: string, path: string, contentType: string, body: string, expected: number[]): CampaignShape => ({
  name,
  method: "POST",
  path,
  contentType,
  body,
  expected,
});

const FORM = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";

/**
 * Each shape to the API, the composer's 'Check' and 'Send' and its live count. The API and a Send
 * refuse (400); a check and the live count answer 200 with the slot's message beside the numbers.
 */
export function campaignShapes(template: { id: string; slots: number }): CampaignShape[] {
  if (template.slots < 2) throw new Error("The shapes need a template with a slot besides the customer's name");
  const values: Array<[string, string]> = [
    ["17,000 characters", "x".repeat(17_000)],
    ["60,000 characters", "x".repeat(60_000)],
    ["a NUL", "20%\u0000 off"],
    ["a bell", "20%\u0007 off"],
    ["a right-to-left override", "\u202e20% off"],
    ["a zero-width space", "20%\u200b off"],
  ];
  const manyIds = (n: number) => ({ contactIds: Array.from({ length: n }, () => randomUUID()) });
  const shapes: CampaignShape[] = [];
  for (const [label, value] of values) {
    shapes.push(
      post(`a slot of ${label}: POST /api/campaigns`, "/api/campaigns", JSON_TYPE, apiBody(template, value), [400]),
      post(`a slot of ${label}: 'Check'`, "/campaigns/new", FORM, composerForm(template, value, [["intent", "check"]]), [200]),
      post(`a slot of ${label}: the live count`, "/campaigns/new/estimate", FORM, composerForm(template, value), [200, 429]),
      post(`a slot of ${label}: 'Send now'`, "/campaigns/new", FORM, composerForm(template, value, [["intent", "send"]]), [400]),
    );
  }
  shapes.push(
    post("1,001 picked ids: POST /api/campaigns", "/api/campaigns", JSON_TYPE, apiBody(template, "20% off", manyIds(1_001)), [400]),
    post(
      "1,000 picked ids and a slot of 17,000 characters",
      "/api/campaigns",
      JSON_TYPE,
      apiBody(template, "x".repeat(17_000), manyIds(1_000)),
      [400],
    ),
    // Ids that are no contact of the business: counted in one query, refused as not found.
    post("1,000 picked ids that are nobody's", "/api/campaigns", JSON_TYPE, apiBody(template, "20% off", manyIds(1_000)), [404]),
  );
  return shapes;
}

export type CampaignAnswer = ShapeAnswer & { shape: CampaignShape };

/** Sends each shape once, one at a time. */
export async function sendCampaignShapes(sender: Sender, shapes: readonly CampaignShape[]): Promise<CampaignAnswer[]> {
  const answers: CampaignAnswer[] = [];
  for (const shape of shapes) answers.push({ shape, ...(await send(sender, shape.method, shape.path, shape.contentType, shape.body)) });
  return answers;
}

/** What is wrong with an answer, or null: the status the shape expects, within `withinMs` (the bench's bound; a test leaves it out). */
export function campaignAnswerProblem(answer: CampaignAnswer, withinMs = Infinity): string | null {
  if (answer.shape.expected.includes(answer.status) && answer.ms <= withinMs) return null;
  return `${answer.shape.name}: ${answer.status} in ${Math.round(answer.ms)} ms ${answer.text.slice(0, 120).replace(/\s+/g, " ")}`;
}

/**
 * `loops` clients asking the live count for the whole audience as fast as they are answered, for
 * `ms`, while another adds a contact every 100 ms (each raises the contacts version, so no count
 * can be answered from memory): the statuses they got.
 */
export async function estimateLoops(sender: Sender, template: { id: string; slots: number }, { loops, ms }: { loops: number; ms: number }) {
  const until = Date.now() + ms;
  const statuses = new Map<number, number>();
  const note = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const asking = Array.from({ length: loops }, async () => {
    while (Date.now() < until)
      note((await send(sender, "POST", "/campaigns/new/estimate", FORM, composerForm(template, "20% off"))).status);
  });
  const adding = (async () => {
    for (let n = 0; Date.now() < until; n++) {
      const body = JSON.stringify({ name: `Walk-in ${n}`, mobileNumber: `96${String(Date.now() % 1e8).padStart(8, "0")}` });
      await send(sender, "POST", "/api/contacts", JSON_TYPE, body);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await Promise.all([...asking, adding]);
  return statuses;
}

/**
 * Creates and sends a campaign to the audience (every contact unless told) through the API, then
 * waits until its job has written every message: the Send's own time, how many messages, and how
 * long the writing took.
 */
export async function sendToAudience(
  sender: Sender,
  template: { id: string; slots: number },
  { audience = { all: true }, timeoutMs = 600_000 }: { audience?: unknown; timeoutMs?: number } = {},
) {
  const created = await send(sender, "POST", "/api/campaigns", JSON_TYPE, apiBody(template, "20% off", audience));
  if (created.status !== 201) throw new Error(`Creating the campaign answered ${created.status}: ${created.text.slice(0, 200)}`);
  const { id } = json<{ id: string }>(created);
  const sent = await send(sender, "POST", `/api/campaigns/${id}/send`, JSON_TYPE, "{}");
  if (sent.status !== 200) throw new Error(`Sending answered ${sent.status}: ${sent.text.slice(0, 200)}`);
  const { recipients } = json<{ recipients: number }>(sent);
  const started = performance.now();
  for (;;) {
    const campaign = json<{ counts: { total: number } }>(await send(sender, "GET", `/api/campaigns/${id}`, null));
    if (campaign.counts.total >= recipients) break;
    if (performance.now() - started > timeoutMs)
      throw new Error(`${campaign.counts.total} of ${recipients} messages written in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { sendMs: sent.ms, messages: recipients, writtenMs: performance.now() - started };
}
