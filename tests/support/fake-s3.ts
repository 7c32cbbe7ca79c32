import { mkdtemp, rm } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

import S3rver from "s3rver";

import { faultQueue, listenLocally } from "./fake-http";

export type FakeS3 = { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; close(): Promise<void> };

/** A local S3 server (s3rver, files in a temporary folder) on a free port of 127.0.0.1, with one empty bucket. */
export async function startFakeS3(bucket = "isent-test"): Promise<FakeS3> {
  const directory = await mkdtemp(path.join(tmpdir(), "isent-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    // s3rver's own credentials: it checks the signature like S3 does.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export type S3Fault = { status: number; code: string };

/**
 * A bare S3 endpoint that keeps objects in memory and answers with faults on demand (an S3 error
 * body with its code, or no answer at all): what the storage client's retries are tested against.
 * It does not check signatures. `requests` lists every request's method and path, in order.
 */
export async function startFlakyS3(bucket = "isent-flaky") {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const faults = faultQueue<S3Fault>();
  const requests: { method: string; path: string; attempt: string | undefined }[] = [];
  const server = await listenLocally(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    requests.push({ method: request.method ?? "", path: url.pathname, attempt: request.headers["amz-sdk-request"] as string | undefined });
    const fault = faults.next();
    if (fault === "hang") return;
    if (fault) return sendS3Error(response, fault);
    const [, bucketName, ...keyParts] = url.pathname.split("/");
    if (bucketName !== bucket) return sendS3Error(response, { status: 404, code: "NoSuchBucket" });
    const key = decodeURIComponent(keyParts.join("/"));
    const object = objects.get(key);
    if (request.method === "PUT") {
      objects.set(key, { body, contentType: request.headers["content-type"] ?? "application/octet-stream" });
      response.writeHead(200, { ETag: '"fake"' }).end();
    } else if (request.method === "DELETE") {
      objects.delete(key);
      response.writeHead(204).end();
    } else if (!object) {
      sendS3Error(response, { status: 404, code: "NoSuchKey" });
    } else {
      response.writeHead(200, { "Content-Type": object.contentType, "Content-Length": object.body.length });
      response.end(request.method === "HEAD" ? undefined : object.body);
    }
  });
  return {
    ...server,
    endpoint: server.url,
    bucket,
    accessKeyId: "FLAKY",
    secretAccessKey: "FLAKY",
    objects,
    requests,
    failNext: faults.failNext,
    hangNext: faults.hangNext,
  };
}

function sendS3Error(response: ServerResponse, { status, code }: S3Fault) {
  response.writeHead(status, { "Content-Type": "application/xml" });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code} (fake)</Message><RequestId>fake</RequestId></Error>`,
  );
}
