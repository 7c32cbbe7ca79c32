/**
 * How long to wait, in words: "30 seconds" under a minute, else whole minutes
 * rounded up ("1 minute", "2 minutes"), so waiting that long is always enough.
 */
export function waitPhrase(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return whole === 1 ? "1 second" : `${whole} seconds`;
  const minutes = Math.ceil(whole / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** The refusal of a throttled attempt, telling the real wait (the same seconds go in Retry-After). */
export function tooManyAttempts(seconds: number): string {
  return `Too many attempts. Please wait ${waitPhrase(seconds)} and try again.`;
}
