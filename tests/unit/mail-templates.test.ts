import { describe, expect, it } from "vitest";

import { en } from "~/lib/mail/en";
import { ownerNoticeHeadline, ownerNoticeMail, passwordResetMail, type OwnerNotice } from "~/lib/mail/templates";

const HOSTILE = `<script>alert("x")</script> & 'quotes'`;

const notices: OwnerNotice[] = [
  {
    kind: "payment_received",
    data: {
      credits: 1,
      packName: HOSTILE,
      pricePaise: 10_000,
      gstPaise: 1_800,
      gstRatePercent: 18,
      totalPaise: 11_800,
      invoiceNumber: "ISENT/2026-27/000001",
      paymentId: "pay_1",
      balance: 101,
      invoiceUrl: `https://isent.example.in/credits/invoices/1?a="b"`,
    },
  },
  {
    kind: "order_unpaid",
    data: { status: "expired", paymentId: null, credits: 100, packName: HOSTILE, totalPaise: 11_800, creditsUrl: "/credits" },
  },
  { kind: "credits_adjusted", data: { amount: -1, reason: HOSTILE, balance: 0, creditsUrl: "/credits" } },
  { kind: "post_removed", data: { kind: "update", excerpt: HOSTILE, reason: HOSTILE, historyUrl: "/posts-history" } },
  {
    kind: "campaign_finished",
    data: {
      campaignName: HOSTILE,
      status: "failed",
      statusReason: HOSTILE,
      counts: { recipients: 2, sent: 0, delivered: 0, failed: 2, awaiting: 0, notSent: 0 },
      refunded: 4,
      campaignUrl: "/campaigns/1",
    },
  },
];

describe("the owner's mails", () => {
  it.each(notices.map((notice) => [notice.kind, notice] as const))(
    "%s: every value escaped in the HTML, said as given in the text",
    (_, notice) => {
      const mail = ownerNoticeMail(notice, { name: `Asha <b>` });
      expect(mail.html).not.toContain("<script>");
      expect(mail.html).not.toContain("<b>");
      expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;");
      expect(mail.text).toContain(HOSTILE);
      expect(mail.text).toContain("Hello Asha <b>,");
      expect(mail.subject).toBe(ownerNoticeHeadline(notice));
    },
  );

  it("links in the HTML keep their address, its quotes escaped", () => {
    const mail = ownerNoticeMail(notices[0], { name: "Asha" });
    expect(mail.html).toContain(`href="https://isent.example.in/credits/invoices/1?a=&quot;b&quot;"`);
    expect(mail.text).toContain(`Open your GST invoice:\nhttps://isent.example.in/credits/invoices/1?a="b"`);
  });

  it("counts are said with their plural: 1 credit, 2 credits", () => {
    expect(ownerNoticeHeadline(notices[0])).toBe("Payment received: 1 credit added");
    expect(ownerNoticeHeadline(notices[2])).toBe("1 credit taken from your balance");
    expect(en.credits(2)).toBe("2 credits");
  });

  it("the reset mail is built by the same layout", () => {
    const mail = passwordResetMail({ name: "Asha", link: "http://localhost/reset-password?token=abc", minutes: 30 });
    expect(mail.subject).toBe("Reset your iSent password");
    expect(mail.text).toContain("Open this link within 30 minutes to choose a new password:\nhttp://localhost/reset-password?token=abc");
    expect(mail.html).toContain('href="http://localhost/reset-password?token=abc"');
  });
});
