import { createRequire } from "node:module";

import { describe, expect, it } from "vitest";

// What the server runs (the CommonJS build patches/ changes): Remix hands each loader and action its request here.
const require = createRequire(import.meta.url);
type Call = (args: Record<string, unknown>) => Promise<unknown>;
const { callRouteLoader, callRouteAction } = require("@remix-run/server-runtime/dist/data.js") as {
  callRouteLoader: Call;
  callRouteAction: Call;
};

/** The request a loader (or an action) is handed for `request`, with or without single fetch. */
async function handedTo(call: Call, request: Request, singleFetch = false): Promise<Request> {
  let handed: Request | undefined;
  const handler = ({ request: given }: { request: Request }) => {
    handed = given;
    return null;
  };
  await call({ loadContext: {}, loader: handler, action: handler, params: {}, request, routeId: "routes/x", singleFetch });
  return handed!;
}

describe("the request Remix hands a loader or an action (patched server runtime)", () => {
  it("is the request itself when its address holds none of Remix's own parameters", async () => {
    const request = new Request("http://localhost/contacts?q=asha&page=2");
    expect(await handedTo(callRouteLoader, request)).toBe(request);
    expect(await handedTo(callRouteLoader, request, true)).toBe(request);
    const post = new Request("http://localhost/contacts", { method: "POST", body: new URLSearchParams({ name: "Asha" }) });
    const handed = await handedTo(callRouteAction, post);
    expect(handed).toBe(post);
    expect((await handed.formData()).get("name")).toBe("Asha");
  });

  it("still leaves out ?_data, ?_routes and an empty ?index, keeping the rest and the body", async () => {
    const data = await handedTo(callRouteLoader, new Request("http://localhost/contacts?index&_data=routes%2Fcontacts&q=a+b"));
    expect(new URL(data.url).search).toBe("?q=a+b");
    const routes = await handedTo(callRouteLoader, new Request("http://localhost/contacts?_routes=routes%2Fcontacts&index=x"), true);
    expect([...new URL(routes.url).searchParams]).toEqual([["index", "x"]]);
    const post = new Request("http://localhost/contacts?index", { method: "POST", body: new URLSearchParams({ name: "Asha" }) });
    const handed = await handedTo(callRouteAction, post);
    expect(handed).not.toBe(post);
    expect(handed.url).toBe("http://localhost/contacts");
    expect((await handed.formData()).get("name")).toBe("Asha");
  });

  it("is a copy whose address merely names a parameter elsewhere, with the same values", async () => {
    const request = new Request("http://localhost/reindex?q=index");
    const handed = await handedTo(callRouteLoader, request);
    expect(new URL(handed.url).searchParams.get("q")).toBe("index");
    expect(new URL(handed.url).pathname).toBe("/reindex");
  });
});
