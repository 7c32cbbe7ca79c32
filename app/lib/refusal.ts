import { createToast, type Toast } from "~/lib/toast";

/**
 * What a refused form's toast says besides its title: the reason (the form's own message, else its
 * first field's), and how many other things there are to fix. The toast is gone in 5 seconds; the
 * form's error summary keeps every message, with links to the fields.
 */
export function refusalReason(...errorSets: Array<Record<string, string[] | null | undefined> | undefined>): string | undefined {
  const formMessages: string[] = [];
  const fieldMessages: string[] = [];
  for (const errors of errorSets) {
    for (const [name, messages] of Object.entries(errors ?? {})) {
      if (messages?.length) (name === "" ? formMessages : fieldMessages).push(messages[0]);
    }
  }
  const [first, ...others] = [...new Set([...formMessages, ...fieldMessages])];
  if (!first) return undefined;
  if (!others.length) return first;
  return `${first} (and ${others.length} more ${others.length === 1 ? "thing" : "things"} to fix)`;
}

/** The toast of a refused form: what did not happen ('Profile not saved'), and why. */
export function refusalToast(title: string, result: { error?: Record<string, string[] | null | undefined> | null }): Toast {
  return createToast({ type: "error", title, description: refusalReason(result.error ?? undefined) });
}
