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

const environmentSchema = z
  .object({
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
    /**
     * How many server processes share the port (Node's cluster), on PostgreSQL: one per core is the
     * usual choice. The embedded PGlite is one process, so there it is ignored (serverProcesses).
     */
    WEB_CONCURRENCY: z.coerce
      .number({ invalid_type_error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 64")
      .max(64, "must be between 1 and 64")
      .default(1),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    SESSION_SECRET: optionalString,
    ADMIN_EMAIL: z.string().trim().toLowerCase().email("must be an email address").default("admin@isent.local"),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, "must be at least 8 characters").optional()),
    PUBLIC_URL: optionalString.pipe(
      z
        .string()
        .url("must be a full URL such as https://isent.example.in")
        .refine((value) => /^https?:\/\//.test(value), "must start with https:// or http://")
        .refine((value) => !/^https?:\/\/[^/]+\/./.test(value) && !/[?#]/.test(value), "must be the site's address alone, without a path")
        .optional(),
    ),
    SEED_DEMO_DATA: z
      .enum(["true", "false"])
      .default("true")
      .transform((value) => value === "true"),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
    /** The bearer token GET /metrics asks for; unset, /metrics is not there in production (open in development). */
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
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
    /** The most contacts one business may keep: adding past it is refused, and an import adds up to it. */
    MAX_CONTACTS_PER_BUSINESS: z.coerce
      .number({ invalid_type_error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(10_000_000, "must be at most 10000000")
      .default(100_000),
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
    GEOCODER_NOMINATIM_URL: optionalString.pipe(
      z.string().url("must be a full URL such as https://nominatim.openstreetmap.org").optional(),
    ),
    GEOCODER_PHOTON_URL: optionalString.pipe(z.string().url("must be a full URL such as https://photon.komoot.io").optional()),
    GEOCODER_THIRD_URL: optionalString.pipe(z.string().url("must be a full URL such as https://nominatim.example.in").optional()),
    IP_LOCATION_URL: optionalString.pipe(z.string().url("must be a full URL such as https://ipapi.co").optional()),
    /** Set, uploads go to this S3-compatible bucket instead of DATA_DIR/uploads. */
    S3_BUCKET: optionalString,
    /** An S3-compatible service's address (MinIO, R2, Spaces…); unset for AWS itself. */
    S3_ENDPOINT: optionalString.pipe(z.string().url("must be a full URL such as https://s3.ap-south-1.amazonaws.com").optional()),
    S3_REGION: z.string().trim().min(1).default("ap-south-1"),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** Razorpay's API keys: set, credits are bought through Razorpay Payment Links; unset, through the built-in test gateway. */
    RAZORPAY_KEY_ID: optionalString,
    RAZORPAY_KEY_SECRET: optionalString,
    /**
     * A demo: production may run the built-in test gateway (free credits) though real SMS, real mail
     * or an https PUBLIC_URL is set up (missingPaymentSettings refuses it otherwise).
     */
    ALLOW_TEST_GATEWAY: z
      .enum(["true", "false"], { message: "must be true or false" })
      .default("false")
      .transform((value) => value === "true"),
    /** The secret Razorpay signs webhooks with (the test gateway's too, when set). */
    RAZORPAY_WEBHOOK_SECRET: optionalString,
    /** Razorpay's API address (a local fake in tests). */
    RAZORPAY_API_URL: z.string().trim().url("must be a full URL such as https://api.razorpay.com").default("https://api.razorpay.com"),
    /** The platform's DLT sender header: SMS from the platform's templates go out under it (a business without its own registration). */
    SMS_SENDER_HEADER: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{6}$/, "must be 6 letters or digits such as ISENTL")
      .default("ISENTL"),
    /** The platform's DLT principal entity id (19 digits), sent with every message under its header. */
    SMS_DLT_ENTITY_ID: z
      .string()
      .trim()
      .regex(/^\d{19}$/, "must be the 19-digit DLT entity id")
      .default("1101726000000000001"),
    /** How many messages a campaign worker claims and hands to the provider at once. */
    SMS_BATCH_SIZE: z.coerce
      .number({ invalid_type_error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(1000, "must be at most 1000")
      .default(200),
    /** The seller on every GST invoice: legal name, GSTIN, address, state (its GSTIN's state when set), SAC code. */
    SELLER_LEGAL_NAME: z.string().trim().min(2).default("iSent Technologies (demo seller)"),
    SELLER_GSTIN: optionalString.pipe(
      z
        .string()
        .toUpperCase()
        .regex(/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, "must be a 15-character GSTIN such as 29ABCDE1234F1Z5")
        .optional(),
    ),
    SELLER_ADDRESS: z.string().trim().min(5).default("Indiranagar, Bengaluru 560038"),
    SELLER_STATE: z.string().trim().min(2).default("Karnataka"),
    INVOICE_SAC_CODE: z
      .string()
      .trim()
      .regex(/^\d{6}$/, "must be a 6-digit SAC code such as 998366")
      .default("998366"),
    INVOICE_PREFIX: z
      .string()
      .trim()
      .regex(/^[A-Z0-9-]{1,8}$/, "must be 1 to 8 capital letters, digits or dashes")
      .default("ISENT"),
    /** Who sends SMS: the embedded simulator (offline, the default), MSG91 or Twilio. */
    SMS_PROVIDER: z.enum(["simulator", "msg91", "twilio"], { message: "must be simulator, msg91 or twilio" }).default("simulator"),
    /** MSG91's API key (the `authkey` header). */
    MSG91_AUTH_KEY: optionalString,
    /** MSG91's API address (a local fake in tests). */
    MSG91_BASE_URL: z.string().trim().url("must be a full URL such as https://control.msg91.com").default("https://control.msg91.com"),
    /** MSG91 signs nothing: its delivery-report and inbound webhook URLs carry this secret as ?token=. */
    MSG91_WEBHOOK_TOKEN: optionalString.pipe(z.string().min(24, "must be at least 24 characters").optional()),
    TWILIO_ACCOUNT_SID: optionalString.pipe(
      z
        .string()
        .regex(/^AC[0-9a-f]{32}$/i, "must be an account SID such as AC followed by 32 hex digits")
        .optional(),
    ),
    /** Twilio's auth token: basic auth on its API, and the key of X-Twilio-Signature on its webhooks. */
    TWILIO_AUTH_TOKEN: optionalString,
    /** The number (E.164) or alphanumeric sender Twilio sends from; or a messaging service instead. */
    TWILIO_FROM: optionalString,
    TWILIO_MESSAGING_SERVICE_SID: optionalString.pipe(
      z
        .string()
        .regex(/^MG[0-9a-f]{32}$/i, "must be a messaging service SID such as MG followed by 32 hex digits")
        .optional(),
    ),
    /** Twilio's API address (a local fake in tests). */
    TWILIO_BASE_URL: z.string().trim().url("must be a full URL such as https://api.twilio.com").default("https://api.twilio.com"),
    /** Messages per second handed to the provider across every server process on this database; 0: no limit. */
    SMS_RATE_LIMIT: z.coerce
      .number({ invalid_type_error: "must be a number" })
      .int("must be a whole number")
      .min(0, "must be 0 (no limit) or more")
      .max(100_000, "must be at most 100000")
      .default(0),
    /** The share of the simulator's messages that its delivery reports say failed (0 to 1). */
    SMS_SIMULATOR_FAILURE_SHARE: z.coerce
      .number({ invalid_type_error: "must be a number" })
      .min(0, "must be between 0 and 1")
      .max(1, "must be between 0 and 1")
      .default(0.1),
    /** Seconds between the simulator taking a message and reporting it delivered or failed. */
    SMS_SIMULATOR_REPORT_DELAY_SECONDS: z.coerce
      .number({ invalid_type_error: "must be a number" })
      .int("must be a whole number")
      .min(0, "must be 0 or more")
      .max(3600, "must be at most 3600")
      .default(3),
  })
  .superRefine((env, context) => {
    const issue = (name: string, message: string) => context.addIssue({ code: z.ZodIssueCode.custom, path: [name], message });
    if (env.S3_BUCKET) {
      for (const name of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[name]) issue(name, "is required when S3_BUCKET is set");
      }
    }
    if (env.RAZORPAY_KEY_ID || env.RAZORPAY_KEY_SECRET) {
      for (const name of ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"] as const) {
        if (!env[name]) issue(name, "is required with Razorpay's keys (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET)");
      }
    }
    // A worker's claim on its batch lasts 60 s: at the rate limit, a batch must be handed over well within it.
    if (env.SMS_RATE_LIMIT > 0 && env.SMS_BATCH_SIZE > env.SMS_RATE_LIMIT * 20) {
      issue("SMS_BATCH_SIZE", `must be at most 20 × SMS_RATE_LIMIT (${env.SMS_RATE_LIMIT * 20}), so a batch goes out within 20 s`);
    }
    if (env.SMS_PROVIDER === "msg91") {
      for (const name of ["MSG91_AUTH_KEY", "MSG91_WEBHOOK_TOKEN"] as const) {
        if (!env[name]) issue(name, "is required when SMS_PROVIDER is msg91");
      }
    }
    if (env.SMS_PROVIDER === "twilio") {
      for (const name of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"] as const) {
        if (!env[name]) issue(name, "is required when SMS_PROVIDER is twilio");
      }
      if (!env.TWILIO_FROM && !env.TWILIO_MESSAGING_SERVICE_SID) {
        issue("TWILIO_FROM", "or TWILIO_MESSAGING_SERVICE_SID is required when SMS_PROVIDER is twilio");
      }
    }
  });

/**
 * Every absolute URL the product gives out (reset mails, share links, og:url,
 * QR codes) starts with PUBLIC_ORIGIN, never with the request's Host or
 * X-Forwarded-Host, which anyone can forge. Unset, it is this machine's port.
 */
const configSchema = environmentSchema.transform((env) => ({
  ...env,
  PUBLIC_ORIGIN: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`,
}));

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join(".");
    const value = env[name];
    const shown = /PASSWORD|SECRET|TOKEN|AUTH_KEY/.test(name) || value === undefined ? "" : ` (got ${JSON.stringify(value)})`;
    return `${name} ${issue.message}${shown}`;
  });
  throw new ConfigError(problems);
}

/**
 * A production server needs PUBLIC_URL: without it, mailed links would point at
 * localhost. Only `npm start` (a laptop trying the product) may go without.
 */
export function missingPublicUrl(config: Config, env: Record<string, string | undefined>): string | null {
  if (config.NODE_ENV !== "production" || config.PUBLIC_URL) return null;
  if (env.npm_lifecycle_event === "start" || env.npm_lifecycle_event === "prestart") return null;
  return "PUBLIC_URL is required in production: the site's public address, such as https://isent.example.in (links in mails and shares are built from it).";
}

/**
 * The built-in test gateway moves no money, so its credits are free: in production it is refused
 * whenever what they buy is real (an SMS provider, mail) or the site looks real (an https
 * PUBLIC_URL), unless ALLOW_TEST_GATEWAY=true says this is a demo. With Razorpay, an https site's
 * invoices need the seller's GSTIN.
 */
export function missingPaymentSettings(config: Config): string | null {
  if (config.NODE_ENV !== "production") return null;
  const https = config.PUBLIC_ORIGIN.startsWith("https://");
  if (!config.RAZORPAY_KEY_ID) {
    const real = [
      https ? "an https PUBLIC_URL" : null,
      config.SMS_PROVIDER === "simulator" ? null : `SMS_PROVIDER=${config.SMS_PROVIDER}`,
      config.SMTP_URL ? "SMTP_URL" : null,
    ].filter((reason) => reason !== null);
    if (real.length === 0 || config.ALLOW_TEST_GATEWAY) return null;
    const reasons = real.length === 1 ? real[0] : `${real.slice(0, -1).join(", ")} and ${real.at(-1)}`;
    return `RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET are required in production with ${reasons}: the built-in test gateway moves no money, so its free credits would buy real SMS and mail. For a demo, set ALLOW_TEST_GATEWAY=true.`;
  }
  if (https && !config.SELLER_GSTIN)
    return "SELLER_GSTIN is required in production with an https PUBLIC_URL: it is printed on every GST invoice.";
  return null;
}

/**
 * How many processes the server runs: WEB_CONCURRENCY on PostgreSQL. The embedded PGlite is one
 * connection in one process, so there it runs one, and says why (hosts such as Heroku set
 * WEB_CONCURRENCY on their own: refusing to start would break the zero-configuration default).
 */
export function serverProcesses(config: Config): { count: number; notice: string | null } {
  if (config.DATABASE_URL || config.WEB_CONCURRENCY === 1) return { count: config.WEB_CONCURRENCY, notice: null };
  return {
    count: 1,
    notice: `WEB_CONCURRENCY=${config.WEB_CONCURRENCY} is ignored: the embedded database (PGlite) runs in one process. Set DATABASE_URL to a PostgreSQL database to run several.`,
  };
}

/** What stops a server from starting, beyond a bad variable: the first problem, or null. */
export function startupProblem(config: Config, env: Record<string, string | undefined>): string | null {
  return missingPublicUrl(config, env) ?? missingPaymentSettings(config);
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
