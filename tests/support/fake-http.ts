import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the local fakes of outside services (payments, SMS providers) share: JSON answers, bodies, a port, and faults on demand. */

export function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

export async function readRequestBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/** A fake listening on a free local port; `close` ends its connections, hanging ones included. */
export async function listenLocally(handler: (request: IncomingMessage, response: ServerResponse) => unknown) {
  const server = createServer((request, response) => void handler(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The faults a fake is told to answer its next requests with, in order: error answers (a status
 * and the words of the service's error body), then requests left without an answer.
 */
export function faultQueue<Failure>() {
  let failures: Failure[] = [];
  let hangs = 0;
  return {
    failNext(failure: Failure, times = 1) {
      failures = [...failures, ...Array.from({ length: times }, () => failure)];
    },
    hangNext(times = 1) {
      hangs += times;
    },
    /** The fault for this request: "hang" (leave it unanswered), a failure to answer, or null to answer normally. */
    next(): "hang" | Failure | null {
      if (hangs > 0) {
        hangs -= 1;
        return "hang";
      }
      return failures.shift() ?? null;
    },
  };
}
