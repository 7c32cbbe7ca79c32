import { formatCount } from "./format-count";

/** The answer to a new contact once the business has as many as it may keep (the forms; the API's 409). */
export function contactLimitReached(limit: number): string {
  return `You have reached the limit of ${formatCount(limit)} contacts for one business. Delete contacts you no longer need to add new ones.`;
}

/** An import's report for a row with a new number once the business is at its limit. */
export function importRowOverContactLimit(limit: number): string {
  return `Not added: you have reached the limit of ${formatCount(limit)} contacts for one business.`;
}

/** What the import pages say when the file has more new contacts than there is room for, or none is left. */
export function importRoomNotice(limit: number, left: number): string {
  return left === 0
    ? `You have reached the limit of ${formatCount(limit)} contacts for one business: an import updates the contacts you have but adds no new ones.`
    : `You can add ${formatCount(left)} more contacts (the limit is ${formatCount(limit)} for one business): rows past that are listed as not added.`;
}
