import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createCampaign } from "~/models/campaigns.server";
import { CAMPAIGN_MAIL_DELAY_MINUTES, mailOwnerNotice, recentOwnerNotices } from "~/models/owner-notices.server";
import { receiveDeliveryReports } from "~/models/sms-delivery.server";
import { dispatchCampaign } from "~/models/sms-dispatch.server";
import { useSmsProvider } from "~/services/sms.server";

import {
  acceptAll,
  businessWithContacts,
  campaignInput,
  makeSmsTemplate,
  messagesOf,
  recordingProvider,
  sendAndWrite,
  setSendingWindow,
  useSmsPricing,
  withoutWorkers,
} from "../support/campaigns";
import { setupTestDatabase } from "../support/database";
import { mailSinkForTests } from "../support/fake-smtp";
import { noticesQueuedFor, subjectOf } from "../support/owner-notices";

/**
 * The mail a finished campaign queues, apart from the other owner notices: this test runs the
 * dispatch by hand, so no worker of this file may ever start (the other notices' tests need theirs).
 */
const test = setupTestDatabase();
useSmsPricing();
withoutWorkers();
const smtp = mailSinkForTests("iSent <no-reply@isent.example.in>");

describe("a campaign finished", () => {
  beforeAll(() => setSendingWindow({ startHour: 0, endHour: 24 }));
  afterAll(() => useSmsProvider(undefined));

  it("queues one mail for when the delivery reports are in, with sent, delivered, failed and refunded numbers", async () => {
    let handedOver = 0;
    // The provider turns the first message away and takes the other three.
    useSmsProvider(
      recordingProvider((message) =>
        handedOver++ === 0 ? { messageId: message.messageId, outcome: "rejected", reason: "Invalid number" } : acceptAll(message),
      ),
    );
    const template = await makeSmsTemplate();
    const { user } = await businessWithContacts(4, { balance: 1_000 });
    const created = await createCampaign(user.id, campaignInput(template.id, { name: "Diwali <offer>" }));
    if (!created.ok) throw new Error(created.message);
    const campaignId = created.campaign.id;
    const sent = await sendAndWrite(user.id, campaignId);
    if (!sent.ok) throw new Error(sent.message);
    const before = Date.now();
    expect(await dispatchCampaign(campaignId)).toBe("finished");

    const queued = await noticesQueuedFor(test.handle, campaignId);
    expect(queued).toEqual([expect.objectContaining({ kind: "campaign_finished", id: campaignId })]);
    expect(queued[0].startAfter.getTime()).toBeGreaterThanOrEqual(before + CAMPAIGN_MAIL_DELAY_MINUTES * 60_000 - 1_000);
    // Settling again (the sweep) queues nothing more.
    expect(await dispatchCampaign(campaignId)).not.toBe("finished");
    expect(await noticesQueuedFor(test.handle, campaignId)).toHaveLength(1);

    // The reports come in: two delivered, one not.
    const taken = (await messagesOf(campaignId)).filter((message) => message.providerMessageId);
    expect(taken).toHaveLength(3);
    await receiveDeliveryReports("fake", [
      { providerMessageId: taken[0].providerMessageId!, status: "delivered" },
      { providerMessageId: taken[1].providerMessageId!, status: "delivered" },
      { providerMessageId: taken[2].providerMessageId!, status: "undelivered", reason: "Number switched off" },
    ]);
    // The job, run when its time comes.
    expect(await mailOwnerNotice(queued[0] as { kind: "campaign_finished"; id: string })).toBe(true);
    const mail = await smtp.mailTo(user.email);
    expect(subjectOf(mail)).toBe("Campaign finished: Diwali <offer>");
    expect(mail.text).toContain("Your SMS campaign has finished: 3 messages went to the operator.");
    for (const line of ["Recipients: 4", "Sent: 3", "Delivered: 2", "Failed or undelivered: 2", "Credits refunded: 2 credits"]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).not.toContain("Awaiting a delivery report");
    expect(mail.text).toContain(`http://localhost/campaigns/${campaignId}`);
    expect(mail.html).toContain("Campaign finished: Diwali &lt;offer&gt;");
    expect((await recentOwnerNotices(user.id))[0]).toMatchObject({
      kind: "campaign_finished",
      headline: "Campaign finished: Diwali <offer>",
      link: { label: "Open the campaign", to: `/campaigns/${campaignId}` },
    });
  });
});
