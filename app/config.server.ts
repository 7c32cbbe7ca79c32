import { readFileSync } from "node:fs";

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

/** A yes/no variable: `true` or `false`; unset or empty is false. */
const flag = optionalString
  .pipe(z.enum(["true", "false"], { message: "must be true or false" }).optional())
  .transform((value) => value === "true");

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
    /** off: every in-process memory (app/memory) works each answer out afresh; the same product, slower. */
    MEMORY: z.enum(["on", "off"]).default("on"),
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
    /** A public demo: outside services may be simulated whatever else says this is a deployment (banner on). */
    DEMO: flag,
    /** A deployment: every outside service must be real (deploymentProblem), or the server does not start. */
    DEPLOYMENT: flag,
    /** The old name of DEMO=true, still read. */
    ALLOW_TEST_GATEWAY: flag,
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
    if (env.DEPLOYMENT && (env.DEMO || env.ALLOW_TEST_GATEWAY)) {
      const demo = env.DEMO ? "DEMO" : "ALLOW_TEST_GATEWAY";
      issue("DEPLOYMENT", `is true, and so is ${demo}: a run is either a demo or a deployment, so set only one of them`);
    }
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

type Environment = z.infer<typeof environmentSchema>;

/**
 * A run is a demo or a deployment. A demo may simulate every outside service (SMS, mail, payments)
 * and says so on every workspace and admin screen; a deployment must have them all real.
 * DEMO=true (or its old name ALLOW_TEST_GATEWAY=true) and DEPLOYMENT=true say it outright;
 * otherwise anything that only a real site has makes it a deployment: an https PUBLIC_URL, no demo
 * data, or one real outside service already set up (then the others must be real too: free test
 * credits must never buy real SMS or mail).
 */
export type RunMode = { kind: "demo" | "deployment"; because: string };

function runModeOf(env: Environment): RunMode {
  if (env.DEMO) return { kind: "demo", because: "DEMO=true" };
  if (env.ALLOW_TEST_GATEWAY) return { kind: "demo", because: "ALLOW_TEST_GATEWAY=true, the old name of DEMO=true" };
  const deployment = (because: string): RunMode => ({ kind: "deployment", because });
  if (env.DEPLOYMENT) return deployment("DEPLOYMENT=true");
  if (env.PUBLIC_URL?.startsWith("https://")) return deployment("PUBLIC_URL is https");
  if (!env.SEED_DEMO_DATA) return deployment("SEED_DEMO_DATA=false");
  if (env.SMS_PROVIDER !== "simulator") return deployment(`SMS_PROVIDER=${env.SMS_PROVIDER}`);
  if (env.SMTP_URL) return deployment("SMTP_URL is set");
  if (env.RAZORPAY_KEY_ID) return deployment("RAZORPAY_KEY_ID is set");
  return { kind: "demo", because: "nothing says this is a deployment" };
}

/**
 * Which outside services this run simulates. In a demo payments are always the built-in test
 * gateway's (no money moves, even with Razorpay's keys set), so nobody pays real money for
 * simulated messages.
 */
export type Simulated = { sms: boolean; mail: boolean; payments: boolean };

function simulatedOf(env: Environment, mode: RunMode): Simulated {
  return {
    sms: env.SMS_PROVIDER === "simulator",
    mail: !env.SMTP_URL,
    payments: mode.kind === "demo" || !env.RAZORPAY_KEY_ID,
  };
}

/**
 * Every absolute URL the product gives out (reset mails, share links, og:url,
 * QR codes) starts with PUBLIC_ORIGIN, never with the request's Host or
 * X-Forwarded-Host, which anyone can forge. Unset, it is this machine's port.
 */
const configSchema = environmentSchema.transform((env) => {
  const RUN_MODE = runModeOf(env);
  return {
    ...env,
    PUBLIC_ORIGIN: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`,
    RUN_MODE,
    SIMULATED: simulatedOf(env, RUN_MODE),
  };
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** The variables that hold secrets: each may instead be read from a file named by NAME_FILE (Docker and Kubernetes secrets). */
export const SECRET_VARIABLES = [
  "SESSION_SECRET",
  "ADMIN_PASSWORD",
  "DATABASE_URL",
  "SMTP_URL",
  "GOOGLE_CLIENT_SECRET",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "RAZORPAY_KEY_SECRET",
  "RAZORPAY_WEBHOOK_SECRET",
  "MSG91_AUTH_KEY",
  "MSG91_WEBHOOK_TOKEN",
  "TWILIO_AUTH_TOKEN",
] as const;

const isSet = (value: string | undefined) => value !== undefined && value.trim() !== "";

/**
 * The environment with each NAME_FILE's file read into NAME (its content trimmed: files usually end
 * with a line break), and what stands in the way: both given, a file that cannot be read, an empty one.
 */
export function withSecretFiles(
  env: Record<string, string | undefined>,
  readFile: (file: string) => string = (file) => readFileSync(file, "utf8"),
): { env: Record<string, string | undefined>; fromFiles: Set<string>; problems: string[] } {
  const resolved = { ...env };
  const fromFiles = new Set<string>();
  const problems: string[] = [];
  for (const name of SECRET_VARIABLES) {
    const fileVariable = `${name}_FILE`;
    const file = env[fileVariable]?.trim();
    if (!file) continue;
    if (isSet(env[name])) {
      problems.push(`${name} and ${fileVariable} are both set: give the secret one way only`);
      continue;
    }
    let content: string;
    try {
      content = readFile(file).trim();
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      problems.push(`${fileVariable} names a file that cannot be read (${file}: ${reason})`);
      continue;
    }
    if (content === "") {
      problems.push(`${fileVariable} names an empty file (${file})`);
      continue;
    }
    resolved[name] = content;
    fromFiles.add(name);
  }
  return { env: resolved, fromFiles, problems };
}

export function parseConfig(given: Record<string, string | undefined>): Config {
  const { env, fromFiles, problems } = withSecretFiles(given);
  const result = configSchema.safeParse(env);
  if (result.success && problems.length === 0) return result.data;
  const issues = result.success ? [] : result.error.issues;
  for (const issue of issues) {
    const name = issue.path.join(".");
    const value = env[name];
    const secret = /PASSWORD|SECRET|TOKEN|AUTH_KEY/.test(name) || fromFiles.has(name);
    const shown = secret || value === undefined ? "" : ` (got ${JSON.stringify(value)})`;
    problems.push(`${name}${fromFiles.has(name) ? ` (read from ${name}_FILE)` : ""} ${issue.message}${shown}`);
  }
  throw new ConfigError(problems);
}

/**
 * A production server needs PUBLIC_URL: without it, mailed links would point at
 * localhost. Only `npm start` (a laptop trying the product) may go without.
 */
export function missingPublicUrl(config: Config, env: Record<string, string | undefined>): string | null {
  if (config.NODE_ENV !== "production" || config.PUBLIC_URL) return null;
  if (env.npm_lifecycle_event === "start") return null;
  return "PUBLIC_URL is required in production: the site's public address, such as https://isent.example.in (links in mails and shares are built from it).";
}

/**
 * A deployment starts only with every outside service real, and what makes its invoices and links
 * real: each missing variable is named, with what would happen without it.
 */
export function deploymentProblem(config: Config): string | null {
  if (config.RUN_MODE.kind !== "deployment") return null;
  const missing: string[] = [];
  if (config.SMS_PROVIDER === "simulator")
    missing.push("SMS_PROVIDER: msg91 or twilio, with its own variables (SMS would be simulated, never sent)");
  if (!config.SMTP_URL) missing.push("SMTP_URL: the mail server (mail would stay on this server, in DATA_DIR/outbox)");
  const razorpay = (["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"] as const).filter((name) => !config[name]);
  if (razorpay.length > 0)
    missing.push(`${razorpay.join(", ")}: Razorpay's keys (payments would be test payments: free credits, no money moves)`);
  if (!config.PUBLIC_URL) missing.push("PUBLIC_URL: the site's public address (links in mails are built from it)");
  if (!config.SELLER_GSTIN) missing.push("SELLER_GSTIN: the seller's GSTIN, printed on every GST invoice");
  if (missing.length === 0) return null;
  return [
    `This is a deployment (${config.RUN_MODE.because}), and it does not start while an outside service would be simulated. Set:`,
    ...missing.map((line) => `  - ${line}`),
    "For a public demo instead (SMS simulated, mail kept, test payments, a banner saying so), set DEMO=true.",
  ].join("\n");
}

/**
 * A demo's banner on every workspace and admin screen: what it simulates, in words. Null in a
 * deployment.
 */
export function demoNotice(config: Config): string | null {
  if (config.RUN_MODE.kind !== "demo") return null;
  const parts = [
    config.SIMULATED.sms ? "SMS are simulated" : null,
    config.SIMULATED.mail ? "mail stays on this server" : null,
    "payments are test payments",
  ].filter((part) => part !== null);
  return `Demo: ${parts.join(", ")}`;
}

/** What kind of run this is, for the start's log line: 'a demo: SMS are simulated, …' or 'a deployment (PUBLIC_URL is https)'. */
export function runModeSummary(config: Config): string {
  const notice = demoNotice(config);
  return notice ? `a demo: ${notice.replace(/^Demo: /, "")} (${config.RUN_MODE.because})` : `a deployment (${config.RUN_MODE.because})`;
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
  return missingPublicUrl(config, env) ?? deploymentProblem(config);
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
