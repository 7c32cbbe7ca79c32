import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";

import * as entry from "~/entry.server";
import { logger } from "~/utils/logger.server";

import remixConfig from "../../remix.config.js";

/**
 * The smallest app Remix serves as it serves ours (single fetch on), with entry.server's own
 * handlers: a root route whose loader answers, and a page under it whose loader breaks.
 */
function app(): ServerBuild {
  const route = (id: string, path: string, parentId: string | undefined, loader: () => unknown) => ({
    id,
    path,
    parentId,
    module: { loader, default: () => null },
  });
  const manifestRoute = (id: string, path: string, parentId: string | undefined) => ({
    id,
    path,
    parentId,
    module: `/build/${id}.js`,
    hasLoader: true,
    hasAction: false,
    hasClientLoader: false,
    hasClientAction: false,
    hasErrorBoundary: false,
  });
  return {
    mode: "production",
    entry: { module: { default: entry.default, handleError: entry.handleError, handleDataRequest: entry.handleDataRequest } },
    routes: {
      root: route("root", "", undefined, () => ({ signedIn: false })),
      "routes/broken": route("routes/broken", "broken", "root", () => {
        throw new Error("the database went away");
      }),
    },
    assets: {
      entry: { imports: [], module: "/build/entry.client.js" },
      routes: { root: manifestRoute("root", "", undefined), "routes/broken": manifestRoute("routes/broken", "broken", "root") },
      url: "/build/manifest.js",
      version: "test",
    },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    // The app's own future flags: single fetch, and what comes with it.
    future: remixConfig.future,
    isSpaMode: false,
  } as unknown as ServerBuild;
}

let errorLog: MockInstance<(fields: object, message: string) => void>;

beforeEach(() => {
  errorLog = vi.spyOn(logger, "error").mockImplementation(() => {}) as unknown as typeof errorLog;
});

afterEach(() => {
  errorLog.mockRestore();
});

describe("?_data= requests (Remix's data requests from before single fetch)", () => {
  it("are answered as Remix answers them, and leave nothing in the error log", async () => {
    const handle = createRequestHandler(app(), "production");
    const answers = await Promise.all(
      ["/?_data=root", "/broken?_data=root", "/?_data=routes%2Fnowhere"].map((path) => handle(new Request(`http://localhost${path}`))),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 403]);
    expect(await answers[2].text()).not.toMatch(/\bat \S+ \(/);
    expect(errorLog).not.toHaveBeenCalled();
  });

  it("a loader that breaks under one is still logged, once, and its answer holds no stack", async () => {
    const handle = createRequestHandler(app(), "production");
    const answer = await handle(new Request("http://localhost/broken?_data=routes%2Fbroken"));
    expect(answer.status).toBe(500);
    expect(await answer.json()).toEqual({ message: "Unexpected Server Error" });
    expect(errorLog).toHaveBeenCalledTimes(1);
    expect(errorLog.mock.calls[0][0]).toMatchObject({ method: "GET", path: "/broken", err: { message: "the database went away" } });
    expect(errorLog.mock.calls[0][1]).toBe("unexpected error");
  });
});
