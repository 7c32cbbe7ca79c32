import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { eq } from "drizzle-orm";
import exifReader from "exif-reader";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { uploads, users } from "~/db/schema";
import { makePost, makeUser } from "~/db/seed/factories.server";
import { issueTokenPair } from "~/models/api-tokens.server";
import { deleteStoredFiles, NOT_YOUR_UPLOAD, queueFileDeletes, storeImageUpload } from "~/models/uploads.server";
import { action as uploadAction } from "~/routes/api+/uploads";
import { action as profileImageAction } from "~/routes/api+/user.profile-image";
import { loader as resizedLoader } from "~/routes/img.$";
import { loader as uploadsLoader } from "~/routes/uploads.$";
import { UPLOAD_MESSAGES } from "~/services/image-upload.server";
import {
  createLocalDiskStorage,
  createS3Storage,
  StorageError,
  useFileStorage,
  type FileStorage,
  type StorageCall,
} from "~/services/storage.server";

import { setupTestDatabase } from "../support/database";
import { startFakeS3, type FakeS3 } from "../support/fake-s3";
import { SITE, call, freshIp } from "../support/http";
import { publicImageStatus, whileStorageFails } from "../support/storage";

const test = setupTestDatabase();

/** A phone photo: landscape pixels stored sideways (EXIF orientation 6), with the place it was taken. */
async function phonePhoto() {
  const withGps = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#c0392b" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "Phone", Model: "Camera" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "12/1 58/1 3000/100", GPSLongitudeRef: "E", GPSLongitude: "77/1 35/1 4000/100" },
    })
    .toBuffer();
  const photo = await sharp(withGps).withMetadata({ orientation: 6 }).jpeg().toBuffer();
  const metadata = await sharp(photo).metadata();
  // What the upload must get rid of is really there.
  expect(metadata.orientation).toBe(6);
  expect(exifReader(metadata.exif!).GPSInfo).toMatchObject({ GPSLatitude: [12, 58, 30], GPSLongitude: [77, 35, 40] });
  return photo;
}

const pngBomb = () =>
  sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: "#ffffff" } })
    .png({ compressionLevel: 9 })
    .toBuffer();

/** Files the refused inputs must not leave behind, and what each is refused with. */
async function refusedInputs(): Promise<Array<[string, Uint8Array, string]>> {
  const photo = await phonePhoto();
  return [
    ["a zero-byte file", new Uint8Array(), UPLOAD_MESSAGES.empty],
    ["a 50 MB file", new Uint8Array(50 * 1024 * 1024), UPLOAD_MESSAGES.tooLarge],
    ["a truncated JPEG", photo.subarray(0, Math.floor(photo.length / 2)), UPLOAD_MESSAGES.damaged],
    ["a PNG bomb", await pngBomb(), UPLOAD_MESSAGES.tooManyPixels],
    [
      "an SVG with a script",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script>alert(1)</script></svg>'),
      UPLOAD_MESSAGES.notAnImage,
    ],
    ["an HTML page", Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>"), UPLOAD_MESSAGES.notAnImage],
    ["a PHP file renamed .jpg", Buffer.from("<?php system($_GET['c']); ?>"), UPLOAD_MESSAGES.notAnImage],
  ];
}

async function expectCleanImage(storage: FileStorage, url: string) {
  const stored = await storage.get(url.replace(/^\/uploads\//, ""));
  expect(stored?.contentType).toBe("image/jpeg");
  const metadata = await sharp(stored!.bytes).metadata();
  // Upright (the orientation applied) and without any metadata: no EXIF, so no GPS position.
  expect({ width: metadata.width, height: metadata.height, exif: metadata.exif, orientation: metadata.orientation }).toEqual({
    width: 300,
    height: 400,
    exif: undefined,
    orientation: undefined,
  });
}

describe.each([
  ["local disk", "disk"],
  ["a fake S3 server (s3rver)", "s3"],
] as const)("uploads stored on %s", (_name, kind) => {
  let storage: FileStorage;
  let listStored: () => Promise<string[]>;
  let cleanUp: () => Promise<void>;

  beforeAll(async () => {
    if (kind === "disk") {
      const root = await mkdtemp(path.join(tmpdir(), "isent-uploads-"));
      storage = createLocalDiskStorage(root);
      listStored = async () =>
        (await readdir(root, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
      cleanUp = () => rm(root, { recursive: true, force: true });
    } else {
      const s3: FakeS3 = await startFakeS3();
      storage = createS3Storage({ ...s3, region: "ap-south-1" });
      const keys = async () => (await test.db.select({ key: uploads.key }).from(uploads)).map((row) => row.key);
      listStored = async () => {
        const present = await Promise.all((await keys()).map(async (key) => ((await storage.exists(key)) ? key : null)));
        return present.filter((key): key is string => key !== null);
      };
      cleanUp = s3.close;
    }
    useFileStorage(storage);
  });

  afterAll(async () => {
    useFileStorage(undefined);
    await cleanUp();
  });

  it("stores a phone photo upright, re-encoded without its EXIF (no GPS), under a random name, recorded as the user's", async () => {
    const owner = await makeUser();
    const stored = await storeImageUpload(owner.id, await phonePhoto());
    expect(stored).toMatchObject({ url: expect.stringMatching(/^\/uploads\/u\/[0-9a-f]{32}\.jpg$/), width: 300, height: 400 });
    await expectCleanImage(storage, stored.url);
    expect(
      await test.db
        .select({ userId: uploads.userId })
        .from(uploads)
        .where(eq(uploads.key, stored.url.slice(9))),
    ).toEqual([{ userId: owner.id }]);
    const served = await call<string>(uploadsLoader, new Request(new URL(stored.url, SITE)), { "*": stored.url.slice(9) });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
  });

  it("keeps a transparent logo as PNG", async () => {
    const logo = await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const stored = await storeImageUpload((await makeUser()).id, logo);
    expect(stored.url).toMatch(/\.png$/);
    expect((await storage.get(stored.url.slice(9)))?.contentType).toBe("image/png");
  });

  it("refuses every bad file with its message, leaving no file and no record behind", async () => {
    const owner = await makeUser();
    const before = await listStored();
    for (const [name, bytes, message] of await refusedInputs()) {
      await expect(storeImageUpload(owner.id, bytes), name).rejects.toThrow(message);
    }
    expect(await listStored()).toEqual(before);
    expect(await test.db.select().from(uploads).where(eq(uploads.userId, owner.id))).toEqual([]);
  });

  it("answers a key it does not have with nothing, and deletes what it has", async () => {
    const stored = await storeImageUpload((await makeUser()).id, await phonePhoto());
    const key = stored.url.slice(9);
    expect(await storage.get("u/0000000000000000.jpg")).toBeNull();
    expect(await storage.exists(key)).toBe(true);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
  });
});

describe("POST /api/uploads and POST /api/user/profile-image", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "isent-uploads-api-"));
    useFileStorage(createLocalDiskStorage(root));
  });
  afterAll(async () => {
    useFileStorage(undefined);
    await rm(root, { recursive: true, force: true });
  });

  async function apiClient(userId: string) {
    const { accessToken } = await issueTokenPair(userId);
    const headers = () => ({ Authorization: `Bearer ${accessToken}`, "X-Forwarded-For": freshIp() });
    return {
      upload: (bytes: Uint8Array, name = "photo.jpg") => {
        const form = new FormData();
        form.set("file", new File([Buffer.from(bytes)], name, { type: "image/jpeg" }));
        return call<{ url: string; message?: string }>(
          uploadAction,
          new Request(new URL("/api/uploads", SITE), { method: "POST", headers: headers(), body: form }),
        );
      },
      setProfileImage: (imageUrl: unknown) =>
        call<{ profileImageUrl?: string; message?: string }>(
          profileImageAction,
          new Request(new URL("/api/user/profile-image", SITE), {
            method: "POST",
            headers: { ...headers(), "Content-Type": "application/json" },
            body: JSON.stringify({ imageUrl }),
          }),
        ),
    };
  }

  const profileImageOf = async (userId: string) =>
    (await test.db.select({ url: users.profileImageUrl }).from(users).where(eq(users.id, userId)))[0].url;

  it("uploads (201 {url}) and makes the user's own upload the profile image, by path or by full URL", async () => {
    const owner = await makeUser();
    const api = await apiClient(owner.id);
    const uploaded = await api.upload(await phonePhoto());
    expect(uploaded).toMatchObject({ status: 201, data: { url: expect.stringMatching(/^\/uploads\/u\//) } });
    expect(await api.setProfileImage(uploaded.data.url)).toMatchObject({ status: 200, data: { profileImageUrl: uploaded.data.url } });
    expect(await profileImageOf(owner.id)).toBe(uploaded.data.url);
    const second = await api.upload(await phonePhoto());
    expect((await api.setProfileImage(`http://localhost${second.data.url}`)).status).toBe(200);
    expect(await profileImageOf(owner.id)).toBe(second.data.url);
  });

  it("deletes a replaced profile image, full size and resized, unless a post of theirs still shows it", async () => {
    const owner = await makeUser({ profileImageUrl: null });
    const api = await apiClient(owner.id);
    const first = (await api.upload(await phonePhoto())).data.url;
    await api.setProfileImage(first);
    expect(await publicImageStatus(first)).toEqual({ original: 200, resized: 200 });

    const second = (await api.upload(await phonePhoto())).data.url;
    await api.setProfileImage(second);
    // Deleted right after the answer, by a job.
    await expect.poll(() => publicImageStatus(first), { timeout: 10_000 }).toEqual({ original: 404, resized: 404 });
    expect(await publicImageStatus(second)).toEqual({ original: 200, resized: 200 });
    expect((await test.db.select().from(uploads).where(eq(uploads.userId, owner.id))).map((row) => `/uploads/${row.key}`)).toEqual([
      second,
    ]);

    // An image in one of their posts stays when it stops being the profile image.
    const inAPost = (await api.upload(await phonePhoto())).data.url;
    await makePost({ userId: owner.id, images: [inAPost] });
    await api.setProfileImage(inAPost);
    await api.setProfileImage(second);
    expect(await publicImageStatus(inAPost)).toEqual({ original: 200, resized: 200 });
  });

  it("refuses another user's upload, another site's URL and a made-up one with 400, changing nothing", async () => {
    const owner = await makeUser({ profileImageUrl: null });
    const other = await apiClient((await makeUser()).id);
    const theirs = (await other.upload(await phonePhoto())).data.url;
    const api = await apiClient(owner.id);
    for (const imageUrl of [
      theirs,
      `https://evil.example${theirs}`,
      "/uploads/u/ffffffffffffffffffffffffffffffff.jpg",
      "/uploads/../../etc/passwd",
      "javascript:alert(1)",
    ]) {
      expect(await api.setProfileImage(imageUrl), imageUrl).toMatchObject({ status: 400, data: { message: NOT_YOUR_UPLOAD } });
    }
    expect((await api.setProfileImage("")).status).toBe(400);
    expect(await profileImageOf(owner.id)).toBeNull();
  });

  it("answers 503 {message} with Retry-After when file storage fails, recording nothing", async () => {
    const owner = await makeUser();
    const api = await apiClient(owner.id);
    const reply = await whileStorageFails(async () => api.upload(await phonePhoto()));
    expect(reply).toMatchObject({ status: 503, data: { message: UPLOAD_MESSAGES.notStored } });
    expect(reply.headers.get("Retry-After")).toBe("60");
    expect(await test.db.select().from(uploads).where(eq(uploads.userId, owner.id))).toEqual([]);
  });

  it("serves a stored image, full size and resized, with 503 and Retry-After while file storage fails within the visitor's wait", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const api = await apiClient((await makeUser()).id);
    const { url } = (await api.upload(await phonePhoto())).data;
    const key = url.replace(/^\/uploads\//, "");
    const windows = await whileStorageFails(async (given) => {
      for (const [loader, path, rest] of [
        [uploadsLoader, `/uploads/${key}`, key],
        [resizedLoader, `/img/320/${key}`, `320/${key}`],
      ] as const) {
        const reply = await loader({ request: new Request(new URL(path, SITE)), params: { "*": rest }, context: {} });
        expect(reply.status).toBe(503);
        expect(reply.headers.get("Retry-After")).toBe("60");
        expect(reply.headers.get("Cache-Control")).toBe("no-store");
      }
      return given;
    }, "get");
    expect(windows).toEqual([15_000, 15_000]);
    // Nothing failed was kept: once storage answers, both are there.
    expect(await publicImageStatus(url)).toEqual({ original: 200, resized: 200 });
  });

  it("answers a refused file with 400 {message} and a caller without a token with 401", async () => {
    const api = await apiClient((await makeUser()).id);
    expect(await api.upload(Buffer.from("<?php echo 1; ?>"), "shell.jpg")).toMatchObject({
      status: 400,
      data: { message: UPLOAD_MESSAGES.notAnImage },
    });
    const form = new FormData();
    form.set("file", new File([await phonePhoto()], "photo.jpg"));
    const anonymous = await call(
      uploadAction,
      new Request(new URL("/api/uploads", SITE), { method: "POST", headers: { "X-Forwarded-For": freshIp() }, body: form }),
    );
    expect(anonymous.status).toBe(401);
  });
});

describe("deleting stored files in the background (the delete-stored-files job)", () => {
  let root: string;
  let working: FileStorage;
  /** Deletes asked for, with the time each was given; `failing` keys fail as storage still down at the end of the window does. */
  const deletes: { key: string; call?: StorageCall }[] = [];
  const failing = new Set<string>();
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "isent-deletes-"));
    working = createLocalDiskStorage(root);
    useFileStorage({
      ...working,
      async delete(key, call) {
        deletes.push({ key, call });
        if (failing.has(key)) throw new StorageError("delete", key, new Error("SlowDown (tried 12 times)"));
        await working.delete(key, call);
      },
    });
  });
  afterAll(async () => {
    useFileStorage(undefined);
    await rm(root, { recursive: true, force: true });
  });

  const storedFile = async (name: string) => {
    const key = `u/${name}-${Date.now()}.jpg`;
    await working.put(key, await phonePhoto(), "image/jpeg");
    return key;
  };
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

  it("deletes every file it can, then fails (so the queue tries again) for one storage could not delete", async () => {
    const [kept, gone] = [await storedFile("kept"), await storedFile("gone")];
    failing.add(kept);
    await expect(deleteStoredFiles({ keys: [kept, gone], since: minutesAgo(0) })).rejects.toThrow(
      "File storage could not delete 1 of 2 file(s); tried again later",
    );
    expect([await working.exists(kept), await working.exists(gone)]).toEqual([true, false]);
    failing.delete(kept);
    await deleteStoredFiles({ keys: [kept, gone], since: minutesAgo(3) });
    expect(await working.exists(kept)).toBe(false);
  });

  it("gives each delete what is left of the 10 minutes from the first queueing, at most 2 minutes, and gives up after them", async () => {
    const key = await storedFile("late");
    deletes.length = 0;
    await deleteStoredFiles({ keys: [key], since: minutesAgo(2) });
    await deleteStoredFiles({ keys: [key], since: minutesAgo(9) });
    expect(deletes.map(({ call }) => call?.withinMs)).toEqual([120_000, expect.closeTo(60_000, -3)]);
    vi.spyOn(console, "error").mockImplementation(() => {});
    failing.add(key);
    deletes.length = 0;
    await expect(deleteStoredFiles({ keys: [key], since: minutesAgo(10.5) })).resolves.toBeUndefined();
    expect(deletes).toEqual([]);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining("Gave up deleting 1 stored file(s) after 10 minutes"));
    failing.delete(key);
  });

  it("is retried by the queue while storage fails, and deletes the file once storage is back", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const key = await storedFile("queued");
    failing.add(key);
    await queueFileDeletes([key]);
    const states = async () =>
      (await test.handle.executeSql("select state from pgboss.job where name = 'delete-stored-files' and data->'keys'->>0 = $1", [key]))
        .rows;
    await expect.poll(states, { timeout: 15_000, interval: 100 }).toEqual([{ state: "retry" }]);
    expect(await working.exists(key)).toBe(true);
    failing.delete(key);
  });
});
