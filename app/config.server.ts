import { z } from "zod";

/**
 * The whole environment of the product, validated once. Anything that reads
 * configuration imports `config` from here, never `process.env` directly.
 */
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const environmentSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce
    .number({ invalid_type_error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 65535")
    .max(65535, "must be between 1 and 65535")
    .default(3000),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  /** The address the server listens on (all interfaces by default). */
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  /**
   * How many reverse proxies stand in front of the server. Their X-Forwarded-For
   * entries are believed; with 0 the visitor's address is the socket's.
   */
  TRUST_PROXY: z.coerce
    .number({ invalid_type_error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be 0 or more")
    .max(10, "must be at most 10")
    .default(0),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  SESSION_SECRET: optionalString,
  ADMIN_EMAIL: z.string().trim().toLowerCase().email("must be an email address").default("admin@isent.local"),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, "must be at least 8 characters").optional()),
  PUBLIC_URL: optionalString.pipe(z.string().url("must be a full URL such as https://example.com").optional()),
  SEED_DEMO_DATA: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /** A business session nobody uses for this long ends; one in use is extended, up to SESSION_MAX_DAYS after sign-in. */
  SESSION_IDLE_DAYS: z.coerce
    .number({ invalid_type_error: "must be a number" })
    .int()
    .min(1, "must be at least 1")
    .max(365, "must be at most 365")
    .default(14),
  /** A business session ends this many days after sign-in however much it is used: a stolen cookie does not last forever. */
  SESSION_MAX_DAYS: z.coerce
    .number({ invalid_type_error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(365, "must be at most 365")
    .default(30),
  /** The admin's session ends this many hours after sign-in, in use or not. */
  ADMIN_SESSION_MAX_HOURS: z.coerce
    .number({ invalid_type_error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(168, "must be at most 168")
    .default(12),
  /** The admin's session ends after this many minutes without a request. */
  ADMIN_SESSION_IDLE_MINUTES: z.coerce
    .number({ invalid_type_error: "must be a number" })
    .int("must be a whole number")
    .min(5, "must be at least 5")
    .max(1440, "must be at most 1440")
    .default(30),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_CALLBACK_URL: optionalString.pipe(
    z.string().url("must be a full URL such as https://isent.example.in/auth/google/callback").optional(),
  ),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default("iSent <no-reply@isent.local>"),
  GEOCODER_NOMINATIM_URL: optionalString.pipe(z.string().url("must be a full URL such as https://nominatim.openstreetmap.org").optional()),
  GEOCODER_PHOTON_URL: optionalString.pipe(z.string().url("must be a full URL such as https://photon.komoot.io").optional()),
  GEOCODER_THIRD_URL: optionalString.pipe(z.string().url("must be a full URL such as https://nominatim.example.in").optional()),
  IP_LOCATION_URL: optionalString.pipe(z.string().url("must be a full URL such as https://ipapi.co").optional()),
});

export type Config = z.infer<typeof environmentSchema>;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = environmentSchema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join(".");
    const value = env[name];
    const shown = name.includes("PASSWORD") || name.includes("SECRET") ? "" : ` (got ${JSON.stringify(value)})`;
    return `${name} ${issue.message}${shown}`;
  });
  throw new ConfigError(problems);
}

function loadConfig(): Config {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export const config: Config = loadConfig();
