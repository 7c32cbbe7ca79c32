/** Phones are shown with the +91 prefix, e.g. '+91 98450 12345'. */
export function formatIndianPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, "").replace(/^(?:91|0)(?=\d{10}$)/, "");
  if (digits.length !== 10) return phone.startsWith("+") ? phone : `+91 ${phone}`;
  return `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
}

/** The tel: link for a phone shown with formatIndianPhone. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
