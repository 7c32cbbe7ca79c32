import { describe, expect, it } from "vitest";

import {
  GST_REGISTER_HEADER,
  placeOfSupply,
  registerFileName,
  registerRow,
  returnDate,
  stateCodeName,
  type RegisterInvoice,
} from "~/lib/gst-register";
import { rupeesDecimal } from "~/lib/money";
import { indianMonth, registerMonthSchema } from "~/lib/schemas/admin-payments";

const invoice = (overrides: Partial<RegisterInvoice> = {}): RegisterInvoice => ({
  number: "ISENT/2026-27/000042",
  // 11:00 pm on 30 Nov in India.
  issuedAt: new Date("2026-11-30T17:30:00Z"),
  buyerName: "Kiran Sweets",
  buyerGstin: null,
  buyerState: "Karnataka",
  sellerState: "Karnataka",
  gstRatePercent: 18,
  taxablePaise: 450_00,
  cgstPaise: 40_50,
  sgstPaise: 40_50,
  igstPaise: 0,
  totalPaise: 531_00,
  ...overrides,
});

describe("the GST invoice register's rows", () => {
  it("has GSTR-1's columns", () => {
    expect(GST_REGISTER_HEADER).toEqual([
      "Invoice number",
      "Invoice date",
      "Type",
      "Buyer name",
      "Buyer GSTIN",
      "Buyer state",
      "Place of supply",
      "Rate (%)",
      "Taxable value",
      "CGST",
      "SGST",
      "IGST",
      "Invoice total",
    ]);
  });

  it("writes an intra-state sale to an unregistered buyer as B2C, with CGST and SGST in rupees to the paisa", () => {
    expect(registerRow(invoice())).toEqual([
      "ISENT/2026-27/000042",
      "30-Nov-2026",
      "B2C",
      "Kiran Sweets",
      "",
      "Karnataka",
      "29-Karnataka",
      "18",
      "450.00",
      "40.50",
      "40.50",
      "0.00",
      "531.00",
    ]);
  });

  it("writes a registered buyer as B2B, its place of supply from its GSTIN's state, with IGST across states", () => {
    const row = registerRow(
      invoice({ buyerGstin: "27AAPFU0939F1ZV", buyerState: "Maharashtra", cgstPaise: 0, sgstPaise: 0, igstPaise: 81_00 }),
    );
    expect(row.slice(2, 7)).toEqual(["B2B", "Kiran Sweets", "27AAPFU0939F1ZV", "Maharashtra", "27-Maharashtra"]);
    expect(row.slice(9)).toEqual(["0.00", "0.00", "81.00", "531.00"]);
  });

  it("dates an invoice by its day in India", () => {
    expect(returnDate(new Date("2026-11-30T18:30:00Z"))).toBe("01-Dec-2026");
    expect(returnDate(new Date("2026-04-05T00:00:00Z"))).toBe("05-Apr-2026");
  });

  it("names states as GSTR-1 does, and falls back to the supplier's state when the buyer's is not on record", () => {
    expect(stateCodeName("Delhi")).toBe("07-Delhi");
    expect(stateCodeName("Andhra Pradesh")).toBe("37-Andhra Pradesh");
    expect(stateCodeName("Atlantis")).toBe("");
    expect(stateCodeName(null)).toBe("");
    expect(placeOfSupply({ buyerGstin: null, buyerState: null, sellerState: "Karnataka" })).toBe("29-Karnataka");
    expect(placeOfSupply({ buyerGstin: "07AAACI1195H1ZK", buyerState: null, sellerState: "Karnataka" })).toBe("07-Delhi");
  });

  it("writes rupees from paise with two decimals and no grouping", () => {
    expect(rupeesDecimal(0)).toBe("0.00");
    expect(rupeesDecimal(5)).toBe("0.05");
    expect(rupeesDecimal(1_23_456_78)).toBe("123456.78");
    expect(rupeesDecimal(-150)).toBe("-1.50");
  });

  it("takes a month as <input type=month> sends it, and says what is wrong with another", () => {
    expect(registerMonthSchema.parse({ month: "2026-04" })).toEqual({ month: "2026-04" });
    const problem = (month: unknown) => registerMonthSchema.safeParse({ month }).error?.issues[0].message;
    expect(problem("2026-13")).toBe("Choose a month, e.g. 2026-11");
    expect(problem("Nov 2026")).toBe("Choose a month, e.g. 2026-11");
    expect(problem(undefined)).toBe("Choose a month, e.g. 2026-11");
    expect(problem("1999-12")).toMatch(/^Choose a month from 2000-01 to \d{4}-\d{2}$/);
    expect(problem("2999-01")).toBe(`Choose a month from 2000-01 to ${indianMonth()}`);
    expect(registerFileName("2026-11")).toBe("gst-invoice-register-2026-11.csv");
  });
});
