/**
 * What an inbound SMS reply asks for. Indian operators' opt-out rules (TRAI TCCCPR) make STOP and
 * its usual synonyms withdraw consent, and START give it back; a reply may name the sender header
 * it answers ("STOP ISENTL", "ISENTL STOP"), as the opt-out line printed under promotions asks.
 */
export const OPT_OUT_KEYWORDS = ["STOP", "UNSUBSCRIBE", "END", "QUIT", "CANCEL"] as const;
export const OPT_IN_KEYWORDS = ["START"] as const;

export type ReplyIntent = {
  action: "opted_out" | "opted_in";
  /** The keyword as the contact sent it, in capitals (STOP, UNSUBSCRIBE, …, START). */
  keyword: string;
  /** The six-character sender header named beside the keyword, or null when the keyword came alone. */
  senderHeader: string | null;
};

const KEYWORD_ACTIONS = new Map<string, ReplyIntent["action"]>([
  ...OPT_OUT_KEYWORDS.map((keyword) => [keyword, "opted_out"] as const),
  ...OPT_IN_KEYWORDS.map((keyword) => [keyword, "opted_in"] as const),
]);

/** A sender header as phones show it: six capitals or digits, sometimes after the operator's two-letter prefix ("VM-ISENTL"). */
const SENDER_HEADER = /^(?:[A-Z]{2}-)?([A-Z0-9]{6})$/;

/**
 * The keyword a reply carries, alone or with a sender header before or after it; null for
 * anything else (a question, a keyword inside a sentence, two keywords), which changes nothing.
 */
export function replyIntent(body: string): ReplyIntent | null {
  const words = body
    .normalize("NFKC")
    .toUpperCase()
    .split(/[\s.,!?;:'"()]+/u)
    .filter(Boolean);
  if (words.length === 1) {
    const action = KEYWORD_ACTIONS.get(words[0]);
    return action ? { action, keyword: words[0], senderHeader: null } : null;
  }
  if (words.length !== 2) return null;
  const [first, second] = words;
  const firstAction = KEYWORD_ACTIONS.get(first);
  const secondAction = KEYWORD_ACTIONS.get(second);
  if (firstAction && secondAction) return null;
  const keyword = firstAction ? first : secondAction ? second : null;
  if (!keyword) return null;
  const header = SENDER_HEADER.exec(keyword === first ? second : first);
  return header ? { action: KEYWORD_ACTIONS.get(keyword)!, keyword, senderHeader: header[1] } : null;
}

/**
 * The source a reply's consent change is recorded with on the contact's history: the keyword and
 * the header it answered ("Replied STOP to ISENTL"), so a shop owner sees a STOP meant for the
 * shared header, and a START to a header can tell the opt-outs a STOP to that header made.
 */
export const replySource = (keyword: string, senderHeader: string | null) =>
  senderHeader ? `Replied ${keyword} to ${senderHeader}` : `Replied ${keyword}`;

/** Every source a STOP (or a synonym) to this header is recorded with. */
export const optOutSources = (senderHeader: string) => OPT_OUT_KEYWORDS.map((keyword) => replySource(keyword, senderHeader));
