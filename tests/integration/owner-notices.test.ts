import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { creditLedger, creditOrders, creditPacks, invoices } from "~/db/schema";
import { makePost, makeOffer, makeUser } from "~/db/seed/factories.server";
import { markPaymentRefunded } from "~/models/admin-payments.server";
import { adjustBusinessCredits } from "~/models/admin-users.server";
import { removePost } from "~/models/admin-feed.server";
import { recentOwnerNotices } from "~/models/owner-notices.server";
import {
  confirmCallback,
  createCreditOrder,
  paymentSetup,
  receivePaymentWebhook,
  reconcileExpiredOrders,
  settleOrder,
} from "~/models/payments.server";
import { failTestLink, payTestLink, testWebhookFor } from "~/models/test-gateway.server";

import { actingAdmin } from "../support/admin";
import { useSmsPricing } from "../support/campaigns";
import { expiredOrder, ownPack, packOf, usePricingAndPacks, withFakeRazorpay } from "../support/credit-purchases";
import { setupTestDatabase } from "../support/database";
import { mailSinkForTests, type ReceivedMail } from "../support/fake-smtp";
import { noticesQueuedFor, subjectOf } from "../support/owner-notices";

const test = setupTestDatabase();
usePricingAndPacks();
useSmsPricing();
const smtp = mailSinkForTests("iSent <no-reply@isent.example.in>");

/** Waits until every mail job due by now has run (a finished campaign's waits its 10 minutes: not counted). */
async function mailsSettled() {
  await vi.waitFor(
    async () => {
      const { rows } = await test.handle.executeSql(
        "select count(*)::int as pending from pgboss.job where name = 'owner-notice-mail' and state in ('created', 'active', 'retry') and start_after <= now()",
      );
      if ((rows[0] as { pending: number }).pending > 0) throw new Error("owner-notice-mail jobs still pending");
    },
    { timeout: 15_000, interval: 100 },
  );
}

function mailsTo(email: string): ReceivedMail[] {
  return smtp.inbox.filter((mail) => mail.to.includes(email));
}

async function orderFor(user: { id: string; email: string; businessName: string }, credits = 100) {
  const created = await createCreditOrder(user, (await packOf(credits)).id, null);
  if (!created.ok) throw new Error(`order refused: ${created.reason}`);
  return created.order;
}

/**
 * Makes every insert into `table` fail while `work` runs: the event's transaction rolls back
 * after its notice was queued, as it would if the database refused any of its rows.
 */
async function withFailingInserts<T>(table: string, work: () => Promise<T>): Promise<T> {
  await test.handle.executeSql(
    `create or replace function refuse_insert() returns trigger language plpgsql as $$ begin raise exception 'refused for the test'; end $$`,
  );
  await test.handle.executeSql(`create trigger refuse_insert before insert on ${table} for each row execute function refuse_insert()`);
  try {
    return await work();
  } finally {
    await test.handle.executeSql(`drop trigger refuse_insert on ${table}`);
  }
}

describe("a payment received", () => {
  it("mails the owner once, however often the webhook comes, with the amount, GST, invoice and its link", async () => {
    const user = await makeUser({ name: "Meena Iyer" });
    const order = await orderFor(user, 500);
    expect((await payTestLink(order.paymentLinkId!)).ok).toBe(true);
    const webhook = (await testWebhookFor(order.paymentLinkId!))!;
    const answers = await Promise.all(Array.from({ length: 4 }, () => receivePaymentWebhook(webhook.rawBody, webhook.signature)));
    expect(answers.filter((answer) => answer.message === "Credited.")).toHaveLength(1);

    expect(await noticesQueuedFor(test.handle, order.id)).toEqual([expect.objectContaining({ kind: "payment_received", id: order.id })]);
    const mail = await smtp.mailTo(user.email);
    await mailsSettled();
    expect(mailsTo(user.email)).toHaveLength(1);

    const [invoice] = await test.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(subjectOf(mail)).toBe("Payment received: 500 credits added");
    expect(mail.text).toContain("Hello Meena Iyer,");
    expect(mail.text).toContain("we received your payment of ₹531.00, and 500 credits are in your balance.");
    expect(mail.text).toContain("Price: ₹450.00");
    expect(mail.text).toContain("GST (18%): ₹81.00");
    expect(mail.text).toContain("Total paid: ₹531.00");
    expect(mail.text).toContain(`Invoice: ${invoice.number}`);
    expect(mail.text).toContain(`Balance now: ${user.balance + 500} credits`);
    expect(mail.text).toContain(`http://localhost/credits/invoices/${invoice.id}`);
    expect(mail.html).toContain(`href="http://localhost/credits/invoices/${invoice.id}"`);
  });

  it("a payment whose transaction rolls back (its invoice refused) queues no mail and credits nothing", async () => {
    const user = await makeUser();
    const order = await orderFor(user);
    await payTestLink(order.paymentLinkId!);
    const webhook = (await testWebhookFor(order.paymentLinkId!))!;
    await expect(withFailingInserts("invoices", () => receivePaymentWebhook(webhook.rawBody, webhook.signature))).rejects.toThrow();

    const [row] = await test.db.select().from(creditOrders).where(eq(creditOrders.id, order.id));
    expect(row.status).toBe("created");
    expect(await noticesQueuedFor(test.handle, order.id)).toEqual([]);
    // Delivered again once the database takes it: credited, and mailed, once.
    expect(await receivePaymentWebhook(webhook.rawBody, webhook.signature)).toMatchObject({ status: 200, message: "Credited." });
    expect(await noticesQueuedFor(test.handle, order.id)).toHaveLength(1);
  });
});

describe("an order that ends unpaid", () => {
  it("a payment the gateway reports failed: one mail saying nothing was charged", async () => {
    const user = await makeUser();
    const order = await orderFor(user, 100);
    const failed = await failTestLink(order.paymentLinkId!);
    if (!failed.ok) throw new Error(failed.reason);
    const query = Object.fromEntries(new URL(failed.callbackUrl).searchParams);
    const callback = {
      paymentId: query.razorpay_payment_id ?? "",
      paymentLinkId: query.razorpay_payment_link_id ?? "",
      referenceId: query.razorpay_payment_link_reference_id ?? "",
      status: query.razorpay_payment_link_status ?? "",
      signature: query.razorpay_signature ?? null,
    };
    await confirmCallback(user.id, callback);
    await confirmCallback(user.id, callback);

    expect(await noticesQueuedFor(test.handle, order.id)).toEqual([expect.objectContaining({ kind: "order_unpaid" })]);
    const mail = await smtp.mailTo(user.email);
    expect(subjectOf(mail)).toBe("Your payment did not go through");
    expect(mail.text).toContain("Your payment of ₹118.00 for 100 credits did not go through.");
    expect(mail.text).toContain("Nothing was charged");
    expect(mail.text).toContain("http://localhost/credits");
  });

  it("an order left unpaid past its expiry: one mail; the reconcile job running again mails nothing more", async () => {
    const user = await makeUser();
    const order = await expiredOrder(user, (await packOf(100)).id, paymentSetup());
    const mail = await smtp.mailTo(user.email);
    expect(subjectOf(mail)).toBe("Your credits order expired unpaid");
    expect(mail.text).toContain("Your order for 100 credits (₹118.00) was not paid before its payment link ended.");
    await reconcileExpiredOrders(paymentSetup());
    await settleOrder(order.id, paymentSetup());
    expect(await noticesQueuedFor(test.handle, order.id)).toHaveLength(1);
  });

  it("a payment that came after its order expired, for a pack withdrawn since: one mail saying it will be refunded, one when the admin has", async () => {
    await withFakeRazorpay(async (setup, fake) => {
      const user = await makeUser();
      const pack = await ownPack(100, 90_00);
      const order = await expiredOrder(user, pack.id, setup);
      const expiredMail = await smtp.mailTo(user.email);
      await test.db.update(creditPacks).set({ active: false }).where(eq(creditPacks.id, pack.id));
      const paid = fake.pay(order.paymentLinkId!);
      await Promise.all(Array.from({ length: 3 }, () => receivePaymentWebhook(paid.rawBody, paid.signature, setup)));

      expect((await noticesQueuedFor(test.handle, order.id)).map((notice) => notice.kind)).toEqual(["order_unpaid", "order_unpaid"]);
      const mail = await smtp.mailTo(user.email, smtp.inbox.indexOf(expiredMail) + 1);
      expect(subjectOf(mail)).toBe("Your late payment will be refunded");
      expect(mail.text).toContain("Your payment of ₹106.20 arrived after your order for 100 credits had expired");
      expect(mail.text).toContain(`We will refund the payment (${paid.paymentId}) in full`);
      await mailsSettled();
      expect(mailsTo(user.email)).toHaveLength(2);

      // The admin marks it refunded (twice: a double tap): one more mail, saying so.
      expect(await markPaymentRefunded(await actingAdmin(), order.id)).toMatchObject({ ok: true });
      expect(await markPaymentRefunded(await actingAdmin(), order.id)).toMatchObject({ ok: false, status: 409 });
      const refunded = await smtp.mailTo(user.email, smtp.inbox.indexOf(mail) + 1);
      expect(subjectOf(refunded)).toBe("Your late payment was refunded");
      expect(refunded.text).toContain(`We refunded the payment (${paid.paymentId}) in full`);
      await mailsSettled();
      expect(mailsTo(user.email)).toHaveLength(3);
      expect((await recentOwnerNotices(user.id))[0]).toMatchObject({ headline: "Your late payment was refunded" });
    });
  });
});

describe("credits added or taken by the admin", () => {
  it("mails the amount, the admin's reason (escaped in the HTML) and the new balance, once for a form sent twice", async () => {
    const user = await makeUser({ balance: 100 });
    const admin = await actingAdmin();
    const input = {
      userId: user.id,
      direction: "add" as const,
      amount: 40,
      reason: "Sorry for the outage <b>today</b>",
      nonce: randomUUID(),
    };
    expect(await adjustBusinessCredits(admin, input)).toMatchObject({ ok: true, balance: 140 });
    expect(await adjustBusinessCredits(admin, input)).toMatchObject({ ok: true, repeated: true });

    const [entry] = await test.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.reference, `admin:${input.nonce}`));
    expect(await noticesQueuedFor(test.handle, entry.id)).toHaveLength(1);
    const mail = await smtp.mailTo(user.email);
    expect(subjectOf(mail)).toBe("40 credits added to your balance");
    expect(mail.text).toContain("> Sorry for the outage <b>today</b>");
    expect(mail.text).toContain("Change: +40");
    expect(mail.text).toContain("Balance now: 140 credits");
    expect(mail.html).toContain("Sorry for the outage &lt;b&gt;today&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>today");

    const taken = await adjustBusinessCredits(admin, {
      ...input,
      direction: "remove",
      amount: 1,
      reason: "Duplicate grant",
      nonce: randomUUID(),
    });
    expect(taken).toMatchObject({ ok: true, balance: 139 });
    const second = await smtp.mailTo(user.email, smtp.inbox.indexOf(mail) + 1);
    expect(subjectOf(second)).toBe("1 credit taken from your balance");
    expect(second.text).toContain("Change: −1");
  });

  it("a refused removal (more than the balance) and a rolled-back adjustment queue nothing", async () => {
    const user = await makeUser({ balance: 10 });
    const admin = await actingAdmin();
    const refused = await adjustBusinessCredits(admin, {
      userId: user.id,
      direction: "remove",
      amount: 50,
      reason: "Too much",
      nonce: randomUUID(),
    });
    expect(refused).toMatchObject({ ok: false, reason: "insufficient_balance" });
    const nonce = randomUUID();
    await expect(
      withFailingInserts("admin_audit_log", () =>
        adjustBusinessCredits(admin, { userId: user.id, direction: "add", amount: 5, reason: "Goodwill", nonce }),
      ),
    ).rejects.toThrow();
    expect(
      await test.db
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.reference, `admin:${nonce}`)),
    ).toEqual([]);
    const { rows } = await test.handle.executeSql(
      "select count(*)::int as n from pgboss.job where name = 'owner-notice-mail' and data->>'kind' = 'credits_adjusted' and data->>'id' in (select id::text from credit_ledger where user_id = $1)",
      [user.id],
    );
    expect((rows[0] as { n: number }).n).toBe(0);
    await mailsSettled();
    expect(mailsTo(user.email)).toEqual([]);
  });

  it("an owner whose email is not verified gets no mail; the dashboard still says it", async () => {
    const user = await makeUser({ verified: false });
    const admin = await actingAdmin();
    await adjustBusinessCredits(admin, { userId: user.id, direction: "add", amount: 25, reason: "Welcome", nonce: randomUUID() });
    await mailsSettled();
    expect(mailsTo(user.email)).toEqual([]);
    expect(await recentOwnerNotices(user.id)).toEqual([
      expect.objectContaining({
        kind: "credits_adjusted",
        headline: "25 credits added to your balance",
        link: { label: "See your credits and ledger", to: "/credits" },
      }),
    ]);
  });
});

describe("a post removed by the admin", () => {
  it("mails what it said and the admin's reason, once (a second removal is refused)", async () => {
    const user = await makeUser();
    const offer = await makeOffer({ userId: user.id, content: "Two sweets for one, this week only" });
    const admin = await actingAdmin();
    expect(await removePost(admin, { postId: offer.id, reason: "Misleading price" })).toMatchObject({ ok: true });
    expect(await removePost(admin, { postId: offer.id, reason: "Again" })).toMatchObject({ ok: false });
    expect(await noticesQueuedFor(test.handle, offer.id)).toEqual([expect.objectContaining({ kind: "post_removed" })]);

    const mail = await smtp.mailTo(user.email);
    expect(subjectOf(mail)).toBe("Your offer was removed from the feed");
    expect(mail.text).toContain("> Misleading price");
    expect(mail.text).toContain("> Two sweets for one, this week only");
    expect(mail.text).toContain("http://localhost/posts-history");
  });

  it("a removal whose transaction rolls back queues nothing", async () => {
    const post = await makePost();
    await expect(
      withFailingInserts("admin_audit_log", async () => removePost(await actingAdmin(), { postId: post.id, reason: "Spam" })),
    ).rejects.toThrow();
    expect(await noticesQueuedFor(test.handle, post.id)).toEqual([]);
  });
});

describe("the dashboard's recent activity", () => {
  it("lists the business's own notices newest first with their links, and nothing of another business's", async () => {
    const user = await makeUser({ balance: 50 });
    const other = await makeUser();
    const admin = await actingAdmin();
    const post = await makePost({ userId: user.id });
    await removePost(admin, { postId: post.id, reason: "Off topic" });
    await adjustBusinessCredits(admin, { userId: user.id, direction: "add", amount: 5, reason: "Goodwill", nonce: randomUUID() });
    await adjustBusinessCredits(admin, { userId: other.id, direction: "add", amount: 7, reason: "Theirs", nonce: randomUUID() });

    const notices = await recentOwnerNotices(user.id);
    expect(notices.map(({ headline, link }) => ({ headline, link }))).toEqual([
      { headline: "5 credits added to your balance", link: { label: "See your credits and ledger", to: "/credits" } },
      { headline: "Your post was removed from the feed", link: { label: "Open your posts history", to: "/posts-history" } },
    ]);
  });
});
