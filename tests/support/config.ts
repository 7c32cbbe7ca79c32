import { ConfigError, parseConfig } from "~/config.server";

/** The problems an environment has, in the words a failed start prints; none for a good one. */
export function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}
