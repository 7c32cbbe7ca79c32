import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { adminAuditLog } from "~/db/schema";
import { listAdminActions, recordAdminAction } from "~/models/admin-audit.server";

import { actingAdmin } from "../support/admin";
import { setupTestDatabase } from "../support/database";

setupTestDatabase();

describe("the admin audit trail", () => {
  it("records who did what to which record, before and after, and lists a record's own", async () => {
    const admin = await actingAdmin();
    await db().transaction((tx) =>
      recordAdminAction(tx, admin, {
        action: "rename_category",
        entityType: "category",
        entityId: "c-1",
        summary: "Renamed Bakery to Bakeries",
        before: { name: "Bakery" },
        after: { name: "Bakeries" },
      }),
    );
    await db().transaction((tx) =>
      recordAdminAction(tx, admin, {
        action: "hide_category",
        entityType: "category",
        entityId: "c-2",
        summary: "Hid Florists",
        reason: "Unused",
      }),
    );

    const own = await listAdminActions({ entityType: "category", entityId: "c-1" });
    expect(own).toEqual([
      expect.objectContaining({
        adminEmail: admin.email,
        summary: "Renamed Bakery to Bakeries",
        before: { name: "Bakery" },
        after: { name: "Bakeries" },
      }),
    ]);
    expect((await listAdminActions()).map((entry) => entry.summary).slice(0, 2)).toEqual(["Hid Florists", "Renamed Bakery to Bakeries"]);
  });

  it("is lost with the change it records when that change fails", async () => {
    const admin = await actingAdmin();
    await expect(
      db().transaction(async (tx) => {
        await recordAdminAction(tx, admin, { action: "doomed", entityType: "post", entityId: "p-doomed", summary: "Never happened" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await listAdminActions({ entityType: "post", entityId: "p-doomed" })).toEqual([]);
  });

  it("cannot be edited or deleted, by any code path", async () => {
    const admin = await actingAdmin();
    await db().transaction((tx) =>
      recordAdminAction(tx, admin, { action: "x", entityType: "page", entityId: "about", summary: "Saved About Us" }),
    );
    await expect(db().update(adminAuditLog).set({ summary: "forged" }).where(eq(adminAuditLog.entityId, "about"))).rejects.toThrow();
    await expect(db().execute(sql`delete from admin_audit_log where entity_id = 'about'`)).rejects.toThrow();
    expect(await listAdminActions({ entityType: "page", entityId: "about" })).toEqual([
      expect.objectContaining({ summary: "Saved About Us" }),
    ]);
  });

  it("cannot be emptied with TRUNCATE either (row triggers never see it)", async () => {
    const admin = await actingAdmin();
    await db().transaction((tx) =>
      recordAdminAction(tx, admin, { action: "x", entityType: "page", entityId: "contact-us", summary: "Saved Contact Us" }),
    );
    await expect(db().execute(sql`truncate admin_audit_log`)).rejects.toHaveProperty("cause.message", "admin_audit_log is append-only");
    await expect(db().execute(sql`truncate admin_audit_log, page_versions`)).rejects.toHaveProperty(
      "cause.message",
      "admin_audit_log is append-only",
    );
    expect(await listAdminActions({ entityType: "page", entityId: "contact-us" })).toEqual([
      expect.objectContaining({ summary: "Saved Contact Us" }),
    ]);
  });
});
