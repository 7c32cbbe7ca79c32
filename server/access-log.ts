import type { IncomingMessage, ServerResponse } from "node:http";

import morgan from "morgan";

// The query string stays out of the log: it can carry secrets (a password reset link's token).
morgan.token("path", (req: IncomingMessage & { originalUrl?: string }) => (req.originalUrl ?? req.url ?? "").split("?")[0]);

/** One line per request, as morgan's "tiny" format writes it, with the path in place of the whole URL. */
export function accessLog(options?: morgan.Options<IncomingMessage, ServerResponse>) {
  return morgan(":method :path :status :res[content-length] - :response-time ms", options);
}
