/**
 * How an SMS provider's HTTP answer becomes an outcome, the same for every provider: 2xx is theirs
 * to read; 429 (their rate limit), 5xx, a timeout or a network failure is tried again later; any
 * other 4xx is a refusal for good, with the provider's reason.
 */

/** A request is given up after this long (it is then tried again, like a 5xx). */
export const PROVIDER_TIMEOUT_MS = 10_000;

export type ProviderAnswer =
  | { ok: true; status: number; json: unknown }
  | { ok: false; status: number; json: unknown; text: string }
  | { ok: false; status: null; error: string };

/** Sends one request to a provider and reads its answer; never throws. */
export async function readProviderAnswer(
  url: URL,
  init: { method: "POST"; headers: Record<string, string>; body: string; timeoutMs?: number },
): Promise<ProviderAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(init.timeoutMs ?? PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    const name = (error as Error).name;
    return {
      ok: false,
      status: null,
      error:
        name === "TimeoutError" ? "The provider did not answer in time" : `The provider could not be reached: ${(error as Error).message}`,
    };
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    return { ok: false, status: null, error: `The provider's answer broke off: ${(error as Error).message}` };
  }
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return response.ok ? { ok: true, status: response.status, json } : { ok: false, status: response.status, json, text };
}

/**
 * The outcome of an answer that was not a 2xx (null for a 2xx, which the provider's adapter
 * reads): retry for 429, 5xx and no answer; rejected with the provider's reason for other 4xx.
 */
export function httpOutcome(
  answer: ProviderAnswer,
  reasonOf: (json: unknown) => string | null,
): { outcome: "retry"; reason: string } | { outcome: "rejected"; reason: string } | null {
  if (answer.ok) return null;
  if (answer.status === null) return { outcome: "retry", reason: answer.error };
  const reason = reasonOf(answer.json) ?? (answer.text.trim().slice(0, 200) || `Request failed with status ${answer.status}`);
  if (answer.status === 429 || answer.status >= 500) return { outcome: "retry", reason: `${answer.status}: ${reason}` };
  return { outcome: "rejected", reason };
}
