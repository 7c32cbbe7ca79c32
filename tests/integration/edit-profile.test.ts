import path from "node:path";

import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";

import { categories, uploads, users } from "~/db/schema";
import { makeUser } from "~/db/seed/factories.server";
import { GSTIN_MESSAGES } from "~/lib/gstin";
import { INVALID_MOBILE } from "~/lib/schemas/contacts";
import { INVALID_BUSINESS_PHONE } from "~/lib/schemas/profile";
import { getPublicBusiness } from "~/models/business.server";
import { action, loader } from "~/routes/_account+/edit-profile";
import { action as locationAction, loader as locationLoader } from "~/routes/_account+/edit-profile_.location";
import { UPLOAD_MESSAGES } from "~/services/image-upload.server";

import { sessionCookieFor } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { publicImageStatus, useTemporaryStorage, whileStorageFails } from "../support/storage";
import { SITE, call, formErrors, formPost, freshIp, toastOf } from "../support/http";

const test = setupTestDatabase();
const storage = useTemporaryStorage("profile");

beforeAll(async () => {
  // The server's categories (seeded on a real installation).
  await test.db
    .insert(categories)
    .values([{ name: "Bakery" }, { name: "Restaurant" }])
    .onConflictDoNothing();
});

const GOOD = {
  name: "Kiran Rao",
  businessName: "Kiran Sweets",
  businessDetails: "Fresh <b>jalebi</b> every morning",
  businessPhone: "080 2345 6789",
  mobileNumber: "98123 45678",
  address: "12th Main, Indiranagar",
  city: "Bengaluru",
  state: "Karnataka",
  gstNumber: "29aagcb7383j1z4",
};

/** The profile form's post, as a browser sends it: multipart, with the image when given. */
async function submit(userId: string, fields: Record<string, string | string[]>, image?: Blob) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(name, one);
  form.append("profileImage", image ?? new File([], ""), image ? "photo.jpg" : "");
  const request = new Request(new URL("/edit-profile", SITE), {
    method: "POST",
    headers: { Cookie: await sessionCookieFor(userId), Origin: SITE, "X-Forwarded-For": freshIp() },
    body: form,
  });
  return call(action, request);
}

const stored = async (userId: string) => (await test.db.select().from(users).where(eq(users.id, userId)))[0];

async function gpsPhoto() {
  const withGps = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#e67e22" } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "12/1 58/1 3000/100" } })
    .toBuffer();
  return new File([await sharp(withGps).withMetadata({ orientation: 6 }).jpeg().toBuffer()], "photo.jpg", { type: "image/jpeg" });
}

describe("/edit-profile (no JavaScript: one multipart submit)", () => {
  it("saves the profile with phones as E.164 and a verified GSTIN, and the new image without its EXIF; the public page shows it", async () => {
    const owner = await makeUser({ businessCategories: [] });
    const reply = await submit(owner.id, { ...GOOD, businessCategories: ["Bakery", "Restaurant"] }, await gpsPhoto());
    expect(reply).toMatchObject({ status: 302, location: "/edit-profile" });
    expect((await toastOf(reply))?.title).toBe("Profile updated");
    const row = await stored(owner.id);
    expect(row).toMatchObject({
      name: "Kiran Rao",
      businessName: "Kiran Sweets",
      businessPhone: "+918023456789",
      mobileNumber: "+919812345678",
      gstNumber: "29AAGCB7383J1Z4",
      state: "Karnataka",
      businessCategories: ["Bakery", "Restaurant"],
      profileImageUrl: expect.stringMatching(/^\/uploads\/u\/[0-9a-f]{32}\.jpg$/),
    });
    const image = await sharp(path.join(storage.root, row.profileImageUrl!.slice("/uploads/".length))).metadata();
    expect([image.width, image.height, image.exif]).toEqual([100, 200, undefined]);
    expect(await getPublicBusiness(owner.id)).toMatchObject({
      businessName: "Kiran Sweets",
      businessPhone: "+918023456789",
      businessDetails: "Fresh <b>jalebi</b> every morning",
      profileImageUrl: row.profileImageUrl,
    });
    const page = await call<{ profile: { gstNumber: string } }>(
      loader,
      new Request(new URL("/edit-profile", SITE), { headers: { Cookie: await sessionCookieFor(owner.id) } }),
    );
    expect(page.data.profile.gstNumber).toBe("29AAGCB7383J1Z4");
  });

  it("deletes the image a new one replaces, with its resized copies", async () => {
    const owner = await makeUser({ profileImageUrl: null });
    await submit(owner.id, GOOD, await gpsPhoto());
    const before = (await stored(owner.id)).profileImageUrl!;
    expect(await publicImageStatus(before)).toEqual({ original: 200, resized: 200 });
    // Saving without a new image keeps it.
    await submit(owner.id, GOOD);
    expect(await publicImageStatus(before)).toEqual({ original: 200, resized: 200 });

    await submit(owner.id, GOOD, await gpsPhoto());
    const after = (await stored(owner.id)).profileImageUrl!;
    expect(after).not.toBe(before);
    // Deleted right after the answer, by a job.
    await expect.poll(() => publicImageStatus(before), { timeout: 10_000 }).toEqual({ original: 404, resized: 404 });
    expect(await publicImageStatus(after)).toEqual({ original: 200, resized: 200 });
    expect(await test.db.select().from(uploads).where(eq(uploads.userId, owner.id))).toHaveLength(1);
  });

  it.each<[string, Record<string, string>, Record<string, string[]>]>([
    ["a GSTIN with a wrong check character", { gstNumber: "29AAGCB7383J1Z5" }, { gstNumber: [GSTIN_MESSAGES.checkCharacter] }],
    ["a GSTIN of another state", { gstNumber: "27AAPFU0939F1ZV" }, { gstNumber: [GSTIN_MESSAGES.otherState("Karnataka")] }],
    ["a GSTIN of the wrong shape", { gstNumber: "29AAGCB7383" }, { gstNumber: [GSTIN_MESSAGES.format] }],
    ["a 2,000-character name", { name: "x".repeat(2000) }, { name: ["Name must be at most 100 characters"] }],
    ["a mobile with letters", { mobileNumber: "98123abcde" }, { mobileNumber: [INVALID_MOBILE] }],
    ["a landline as the mobile", { mobileNumber: "080 2345 6789" }, { mobileNumber: [INVALID_MOBILE] }],
    ["a 9-digit business phone", { businessPhone: "981234567" }, { businessPhone: [INVALID_BUSINESS_PHONE] }],
    ["a state that is not one", { state: "Atlantis" }, { state: ["Choose a state from the list"] }],
  ])("refuses %s with its message, changing nothing", async (_case, change, errors) => {
    const owner = await makeUser({ name: "Before", businessName: "Before Shop" });
    const before = await stored(owner.id);
    const reply = await submit(owner.id, { ...GOOD, ...change });
    expect(reply.status).toBe(400);
    expect(formErrors(reply)).toMatchObject(errors);
    expect(await stored(owner.id)).toEqual(before);
  });

  it("names the phone field it refuses, in the summary's message and in the toast", async () => {
    const owner = await makeUser();
    const reply = await submit(owner.id, { ...GOOD, businessPhone: "12345", mobileNumber: "080 2345 6789" });
    expect(reply.status).toBe(400);
    expect(formErrors(reply)).toMatchObject({ businessPhone: [INVALID_BUSINESS_PHONE], mobileNumber: [INVALID_MOBILE] });
    expect(INVALID_BUSINESS_PHONE).toMatch(/business phone/);
    expect(INVALID_MOBILE).toMatch(/mobile number/);
    expect(await toastOf(reply)).toMatchObject({
      title: "Profile not saved",
      description: `${INVALID_MOBILE} (and 1 more thing to fix)`,
    });
  });

  it("refuses a category the server does not have", async () => {
    const owner = await makeUser();
    const reply = await submit(owner.id, { ...GOOD, businessCategories: "Casino" });
    expect(formErrors(reply)).toMatchObject({ businessCategories: ["Choose categories from the list"] });
  });

  it.each<[string, () => Promise<Blob>, string]>([
    [
      "a PHP file named .jpg",
      async () => new File(["<?php system($_GET['c']); ?>"], "shell.jpg", { type: "image/jpeg" }),
      UPLOAD_MESSAGES.notAnImage,
    ],
    [
      "an image over 10 MB",
      async () => new File([new Uint8Array(10 * 1024 * 1024 + 1)], "huge.jpg", { type: "image/jpeg" }),
      UPLOAD_MESSAGES.tooLarge,
    ],
  ])("refuses %s as the image, keeping the profile and storing no file", async (_case, image, message) => {
    const owner = await makeUser({ name: "Before", profileImageUrl: null });
    const [filesBefore, before] = [await storage.storedFiles(), await stored(owner.id)];
    const reply = await submit(owner.id, GOOD, await image());
    expect(reply.status).toBe(400);
    expect(formErrors(reply)).toMatchObject({ profileImage: [message] });
    // The other fields come back as typed, to send again with another image.
    expect((reply.data as { result: { initialValue: { name: string } } }).result.initialValue.name).toBe("Kiran Rao");
    expect(await stored(owner.id)).toEqual(before);
    expect(await storage.storedFiles()).toBe(filesBefore);
    expect(await test.db.select().from(uploads).where(eq(uploads.userId, owner.id))).toEqual([]);
  });

  it("when file storage fails, says the photo was not stored and keeps every other field, saving nothing", async () => {
    const owner = await makeUser({ name: "Before", profileImageUrl: null });
    const before = await stored(owner.id);
    const reply = await whileStorageFails(async (windows) => {
      const answer = await submit(owner.id, GOOD, await gpsPhoto());
      expect(windows).toEqual([15_000]);
      return answer;
    });
    expect(reply.status).toBe(400);
    expect(formErrors(reply)).toMatchObject({ profileImage: [UPLOAD_MESSAGES.notStored] });
    expect((reply.data as { result: { initialValue: { name: string; businessName: string } } }).result.initialValue).toMatchObject({
      name: "Kiran Rao",
      businessName: "Kiran Sweets",
    });
    expect(await stored(owner.id)).toEqual(before);
    expect(await test.db.select().from(uploads).where(eq(uploads.userId, owner.id))).toEqual([]);
  });
});

describe("/edit-profile/location", () => {
  const post = async (userId: string, fields: Record<string, string>) =>
    call(locationAction, formPost("/edit-profile/location", fields, { cookie: await sessionCookieFor(userId) }));
  const placeOf = async (userId: string) => {
    const { lat, lon, city, state } = await stored(userId);
    return { lat, lon, city, state };
  };

  it("finds the area with the feed's place search and saves it with its city and state", async () => {
    const owner = await makeUser({ lat: null, lon: null, city: null, state: null });
    const cookie = await sessionCookieFor(owner.id);
    const page = await call<{ places: Array<{ name: string; lat: number; lon: number }> }>(
      locationLoader,
      new Request(new URL("/edit-profile/location?q=Indiranagar", SITE), { headers: { Cookie: cookie } }),
    );
    const [place] = page.data.places;
    expect(place.name).toBe("Indiranagar");
    const reply = await post(owner.id, { intent: "choose", lat: String(place.lat), lon: String(place.lon), label: place.name });
    expect(reply).toMatchObject({ status: 302, location: "/edit-profile" });
    expect((await toastOf(reply))?.title).toBe("Location saved");
    expect(await placeOf(owner.id)).toEqual({ lat: place.lat, lon: place.lon, city: "Bengaluru", state: "Karnataka" });
  });

  it("saves the phone's GPS position with the nearest town's city and state", async () => {
    const owner = await makeUser();
    await post(owner.id, { intent: "gps", lat: "19.0176", lon: "72.8562", accuracyMeters: "25" });
    expect(await placeOf(owner.id)).toEqual({ lat: 19.0176, lon: 72.8562, city: "Mumbai", state: "Maharashtra" });
  });

  it.each<[string, Record<string, string>, string]>([
    [
      "a position at sea",
      { intent: "gps", lat: "0", lon: "0", accuracyMeters: "10" },
      "That position is not near a city or town in India we know. Search for your town instead.",
    ],
    ["a latitude of 200", { intent: "gps", lat: "200", lon: "77", accuracyMeters: "10" }, "That location could not be used."],
    ["a place without coordinates", { intent: "choose", label: "Somewhere" }, "That location could not be used."],
    ["the network's location, with no service set up", { intent: "ip" }, "We could not find your location"],
  ])("refuses %s with a message, changing nothing", async (_case, fields, message) => {
    const owner = await makeUser({ lat: 12.97, lon: 77.64, city: "Bengaluru", state: "Karnataka" });
    const reply = await post(owner.id, fields);
    expect(reply).toMatchObject({ status: 302, location: "/edit-profile/location" });
    expect((await toastOf(reply))?.title).toBe(message);
    expect(await placeOf(owner.id)).toEqual({ lat: 12.97, lon: 77.64, city: "Bengaluru", state: "Karnataka" });
  });
});
