import type { ClientActionFunctionArgs } from "@remix-run/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { clientAction } from "~/components/forms";
import {
  formNetworkFailureMessage,
  noteSubmittedForm,
  onFormNetworkFailure,
  reportNetworkFailure,
  takeSubmittedForm,
} from "~/lib/form-network-failure";
import { isNetworkFailure, keepLayoutDataOffline, onUnclaimedNetworkFailure, type NetworkFailure } from "~/lib/network-failure";
import type { ToastInput } from "~/lib/toast";

const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
  vi.unstubAllGlobals();
  takeSubmittedForm();
});

describe("a network failure", () => {
  it("is fetch's TypeError as each browser words it, not a bug's TypeError nor a server's answer", () => {
    for (const message of [
      "Failed to fetch",
      "NetworkError when attempting to fetch resource.",
      "Load failed",
      "The network connection was lost.",
      "network error",
      "Failed to fetch dynamically imported module: http://localhost/build/routes/contacts-ABC.js",
      "Importing a module script failed.",
      "The Internet connection appears to be offline.",
    ]) {
      expect(isNetworkFailure(new TypeError(message)), message).toBe(true);
    }
    expect(isNetworkFailure(new TypeError("Cannot read properties of undefined (reading 'result')"))).toBe(false);
    expect(isNetworkFailure(new Error("Failed to fetch"))).toBe(false);
    expect(isNetworkFailure(new Response("Server error", { status: 500 }))).toBe(false);
    expect(isNetworkFailure("Failed to fetch")).toBe(false);
  });

  it("says nothing was sent or charged when the browser was offline; online, only that pressing again is safe", () => {
    expect(formNetworkFailureMessage(false)).toContain("nothing was sent or charged");
    expect(formNetworkFailureMessage(true)).not.toContain("nothing was sent");
    expect(formNetworkFailureMessage(true)).toContain("never charged twice");
  });
});

describe("who shows a form's network failure", () => {
  const listen = (formId: string, seen: NetworkFailure[]) =>
    cleanups.push(
      onFormNetworkFailure((failure) => {
        if (failure.formId !== formId) return false;
        seen.push(failure);
        return true;
      }),
    );

  it("the form that was sent, and nothing else; a failure no form shows goes to the fallback once", () => {
    const composer: NetworkFailure[] = [];
    const contact: NetworkFailure[] = [];
    const fallback: ToastInput[] = [];
    listen("composer-post", composer);
    listen("contact", contact);
    cleanups.push(onUnclaimedNetworkFailure((toast) => fallback.push(toast)));

    reportNetworkFailure({ formId: "composer-post", online: false });
    expect(composer).toEqual([{ formId: "composer-post", online: false }]);
    expect(contact).toEqual([]);
    expect(fallback).toEqual([]);

    reportNetworkFailure({ formId: null, online: true });
    expect(fallback).toEqual([{ type: "error", title: "Connection failed", description: formNetworkFailureMessage(true) }]);
    expect(composer).toHaveLength(1);
  });

  it("a submit names its form for the submission that follows at once, once", () => {
    noteSubmittedForm("composer-post", 1000);
    expect(takeSubmittedForm(1500)).toBe("composer-post");
    expect(takeSubmittedForm(1600)).toBeNull();
    noteSubmittedForm("contact", 1000);
    expect(takeSubmittedForm(10_000)).toBeNull();
  });
});

describe("the forms kit's clientAction", () => {
  const args = (serverAction: () => Promise<unknown>) => ({ serverAction }) as unknown as ClientActionFunctionArgs;

  it("answers what the server answered", async () => {
    const answer = { result: { status: "error" } };
    await expect(clientAction(args(async () => answer))).resolves.toBe(answer);
  });

  it("lets a server's refusal or redirect (thrown) and a bug go on as before", async () => {
    const redirect = new Response(null, { status: 302, headers: { Location: "/success" } });
    await expect(
      clientAction(
        args(async () => {
          throw redirect;
        }),
      ),
    ).rejects.toBe(redirect);
    const bug = new TypeError("Cannot read properties of undefined (reading 'x')");
    await expect(
      clientAction(
        args(async () => {
          throw bug;
        }),
      ),
    ).rejects.toBe(bug);
  });

  it("offline: tells the form that was sent, and answers a 503 with no data (the page's data is not reloaded, the form not reset)", async () => {
    vi.stubGlobal("navigator", { onLine: false });
    const seen: NetworkFailure[] = [];
    cleanups.push(onFormNetworkFailure((failure) => seen.push(failure) > 0));
    noteSubmittedForm("composer-post");
    const answer = await clientAction(
      args(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(503);
    expect(response.headers.get("Content-Type")).toBe("application/json");
    expect(await response.json()).toBeNull();
    expect(seen).toEqual([{ formId: "composer-post", online: false }]);
  });
});

describe("root's and the layouts' data", () => {
  it("is reloaded as before online, kept offline, and never reloaded after a refused or failed submission", () => {
    vi.stubGlobal("navigator", { onLine: true });
    expect(keepLayoutDataOffline({ defaultShouldRevalidate: true })).toBe(true);
    expect(keepLayoutDataOffline({ defaultShouldRevalidate: true, actionStatus: 200 })).toBe(true);
    expect(keepLayoutDataOffline({ defaultShouldRevalidate: true, actionStatus: 402 })).toBe(false);
    expect(keepLayoutDataOffline({ defaultShouldRevalidate: true, actionStatus: 503 })).toBe(false);
    vi.stubGlobal("navigator", { onLine: false });
    expect(keepLayoutDataOffline({ defaultShouldRevalidate: true })).toBe(false);
  });
});
