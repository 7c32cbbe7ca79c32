import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import S3rver from "s3rver";

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
