import pino, { type DestinationStream, type Logger } from "pino";

import { config } from "~/config.server";
import { MASK, redactFields, redactText } from "~/lib/redact";

import { currentRequestId } from "./request-facts.server";

/**
 * The product's log: one JSON object a line (pino) for a log collector, readable through
 * pino-pretty in development. Whatever is logged passes the redaction rules (app/lib/redact.ts):
 * phone numbers, emails and credentials in messages and fields are masked, and the headers that
 * carry credentials are masked by path whatever they hold.
 */
export function createLogger(destination?: DestinationStream, level: string = loggerLevel()): Logger {
  // pino-pretty is a development dependency: production never loads it.
  const pretty = !destination && config.NODE_ENV === "development";
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]', "headers.cookie", "headers.authorization"],
        censor: MASK,
      },
      formatters: {
        ...(pretty ? {} : { level: (label: string) => ({ level: label }) }),
        log: (fields) => {
          // Lines written while a request is answered carry its id, so they can be found with its access line.
          const requestId = currentRequestId();
          return redactFields(requestId && !("requestId" in fields) ? { ...fields, requestId } : fields) as Record<string, unknown>;
        },
      },
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((arg) => (typeof arg === "string" ? redactText(arg) : arg)) as Parameters<typeof method>);
        },
      },
      ...(pretty ? { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" } } } : {}),
    },
    destination,
  );
}

/** Tests write nothing unless they ask (they fail sign-ins and webhooks on purpose all the time). */
function loggerLevel() {
  return config.NODE_ENV === "test" ? "silent" : config.LOG_LEVEL;
}

export const logger = createLogger();
