import { describe, expect, it } from "vitest";

import {
  POST_CHANGE_RULES,
  canEdit,
  deleteConsequence,
  editRefusal,
  POST_DISPLAY_STATUSES,
  POST_STATUS_LABELS,
  allowedChanges,
  changeDone,
  changeRefusal,
  deleteDone,
  hasEnded,
  postDisplayStatus,
  type StatusFields,
} from "~/lib/post-status";

const NOW = new Date("2026-03-10T12:00:00Z");
const HOUR = 3_600_000;
const later = new Date(NOW.getTime() + HOUR);
const earlier = new Date(NOW.getTime() - HOUR);

const update = (status: StatusFields["status"]): StatusFields => ({ status, kind: "update", validUntil: null });
const offer = (status: StatusFields["status"], validUntil: Date | string | null = later): StatusFields => ({
  status,
  kind: "offer",
  validUntil,
});

describe("a post's status in the history", () => {
  it.each<[string, StatusFields, string]>([
    ["a live update", update("live"), "live"],
    ["a hidden update", update("hidden"), "hidden"],
    ["a scheduled update", update("scheduled"), "scheduled"],
    ["a removed update", update("removed"), "removed"],
    ["a running offer", offer("live"), "live"],
    ["an offer without an end", offer("live", null), "live"],
    ["an offer past its end", offer("live", earlier), "ended"],
    ["an offer ending this very moment", offer("live", NOW), "ended"],
    ["a hidden offer past its end", offer("hidden", earlier), "ended"],
    ["a hidden running offer", offer("hidden"), "hidden"],
    ["a removed offer past its end", offer("removed", earlier), "removed"],
    ["a scheduled offer", offer("scheduled"), "scheduled"],
    ["an end sent as JSON text", offer("live", earlier.toISOString()), "ended"],
  ])("%s is %s", (_, post, status) => {
    expect(postDisplayStatus(post, NOW)).toBe(status);
  });

  it("has the labels the page shows", () => {
    expect(POST_STATUS_LABELS).toEqual({
      scheduled: "Scheduled",
      live: "Live",
      ended: "Ended",
      hidden: "Hidden",
      removed: "Removed by admin",
    });
  });

  it("never ends an update, whatever it holds", () => {
    expect(hasEnded({ kind: "update", validUntil: earlier }, NOW)).toBe(false);
    expect(hasEnded({ kind: "offer", validUntil: earlier }, NOW)).toBe(true);
  });
});

describe("what a business may do with a post", () => {
  it("hides a live post, shows a hidden one, ends a running offer; anything else only deletes", () => {
    expect(allowedChanges("live", "update")).toEqual(["hide"]);
    expect(allowedChanges("live", "offer")).toEqual(["hide", "end"]);
    expect(allowedChanges("hidden", "update")).toEqual(["show"]);
    expect(allowedChanges("hidden", "offer")).toEqual(["show", "end"]);
    for (const status of ["scheduled", "ended", "removed"] as const) {
      expect(allowedChanges(status, "offer")).toEqual([]);
      expect(allowedChanges(status, "update")).toEqual([]);
    }
  });

  it("says why a change does not apply", () => {
    expect(changeRefusal("hide", "hidden", "update")).toBe("This post is already hidden.");
    expect(changeRefusal("show", "live", "offer")).toBe("This offer is already in the feed.");
    expect(changeRefusal("end", "live", "update")).toBe("Only an offer can be ended early.");
    expect(changeRefusal("end", "ended", "offer")).toBe("This offer has already ended.");
    expect(changeRefusal("hide", "ended", "offer")).toBe("This offer has ended: it is not in the feed any more.");
    expect(changeRefusal("show", "removed", "update")).toBe("The admin removed this post: it can only be deleted.");
    expect(changeRefusal("hide", "scheduled", "offer")).toBe("This offer is scheduled and not in the feed yet: delete it to cancel it.");
  });

  it("says what was done", () => {
    expect(changeDone("hide")).toBe("Post hidden");
    expect(changeDone("show")).toBe("Post shown again");
    expect(changeDone("end")).toBe("Offer ended");
    expect(deleteDone(0)).toBe("Post deleted");
    expect(deleteDone(20)).toBe("Post deleted: 20 credits refunded");
    expect(deleteDone(1)).toBe("Post deleted: 1 credit refunded");
  });

  it("lets any post be deleted, asking first, and says what each button does while it works", () => {
    expect(POST_CHANGE_RULES.delete.from).toEqual(POST_DISPLAY_STATUSES);
    expect(POST_CHANGE_RULES.delete.question("offer")).toBe("Delete this offer?");
    expect(Object.values(POST_CHANGE_RULES).map((rule) => [rule.button.label, rule.button.busy])).toEqual([
      ["Hide", "Hiding..."],
      ["Show again", "Showing..."],
      ["End offer", "Ending..."],
      ["Edit", "Saving..."],
      ["Delete", "Deleting..."],
    ]);
  });

  it("lets a post be edited within its life only, and says why not after", () => {
    expect(POST_DISPLAY_STATUSES.filter((status) => canEdit(status, "offer"))).toEqual(["scheduled", "live", "hidden"]);
    expect(editRefusal("ended", "offer")).toBe("This offer has ended: it can no longer be edited. Send a new offer instead.");
    expect(editRefusal("removed", "update")).toBe("The admin removed this post: it can no longer be edited, only deleted.");
  });

  it("says where Delete is whether credits come back, and offers Edit instead when it can be edited", () => {
    expect(deleteConsequence({ refundOnDelete: 5, editable: true })).toBe("Its 5 credits come back to your balance.");
    expect(deleteConsequence({ refundOnDelete: 1, editable: true })).toBe("Its 1 credit comes back to your balance.");
    expect(deleteConsequence({ refundOnDelete: 0, editable: true })).toBe(
      "Its credits are not refunded: to fix a mistake, edit it instead (free).",
    );
    expect(deleteConsequence({ refundOnDelete: 0, editable: false })).toBe("Its credits are not refunded.");
  });
});
