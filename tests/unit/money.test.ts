import { describe, expect, it } from "vitest";

import { financialYear, formatRupees, gstOn, indianGrouping, numberInWords, rupeesInWords, taxSplit } from "~/lib/money";
import { packCovering, type CreditPack } from "~/models/pricing.server";

describe("money in paise", () => {
  it("GST at 18% of the seeded packs, to the paisa", () => {
    expect([10_000, 45_000, 160_000].map(gstOn)).toEqual([1_800, 8_100, 28_800]);
    expect(gstOn(333)).toBe(60); // 59.94 rounds to 60
  });

  it("CGST + SGST in one state, IGST across states; the halves always add up to the whole", () => {
    expect(taxSplit(45_000, true)).toEqual({ cgstPaise: 4_050, sgstPaise: 4_050, igstPaise: 0 });
    expect(taxSplit(45_000, false)).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 8_100 });
    const odd = taxSplit(333, true);
    expect(odd.cgstPaise + odd.sgstPaise).toBe(gstOn(333));
  });

  it("formats rupees with Indian grouping", () => {
    expect(indianGrouping(1234567)).toBe("12,34,567");
    expect(formatRupees(188_800)).toBe("₹1,888.00");
    expect(formatRupees(123_456_789)).toBe("₹12,34,567.89");
    expect(formatRupees(5)).toBe("₹0.05");
    expect(() => formatRupees(1.5)).toThrow(RangeError);
  });

  it("writes totals in words with lakh and crore", () => {
    expect(numberInWords(1888)).toBe("One Thousand Eight Hundred Eighty-Eight");
    expect(numberInWords(12_345_678)).toBe("One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight");
    expect(rupeesInWords(11_800)).toBe("Rupees One Hundred Eighteen Only");
    expect(rupeesInWords(53_150)).toBe("Rupees Five Hundred Thirty-One and Fifty Paise Only");
    expect(rupeesInWords(0)).toBe("Rupees Zero Only");
  });

  it("India's financial year runs April to March, in India's time", () => {
    expect(financialYear(new Date("2026-03-31T18:29:59Z"))).toBe("2025-26"); // 23:59:59 on 31 March in India
    expect(financialYear(new Date("2026-03-31T18:30:00Z"))).toBe("2026-27"); // midnight, 1 April in India
    expect(financialYear(new Date("2099-12-01T00:00:00Z"))).toBe("2099-00");
  });

  it("names the smallest pack that covers a shortfall (the largest when none does)", () => {
    const pack = (credits: number) => ({ id: String(credits), name: `${credits}`, credits }) as CreditPack;
    const packs = [pack(2000), pack(100), pack(500)];
    expect(packCovering(packs, 5)?.credits).toBe(100);
    expect(packCovering(packs, 101)?.credits).toBe(500);
    expect(packCovering(packs, 5000)?.credits).toBe(2000);
    expect(packCovering([], 5)).toBeNull();
  });
});
