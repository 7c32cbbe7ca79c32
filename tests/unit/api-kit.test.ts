import { describe, expect, it, vi } from "vitest";
import { z } from "zod";

import { methods, parseJsonBody } from "~/utils/api.server";
import { logger } from "~/utils/logger.server";

const schema = z.object({ name: z.string({ message: "name is required" }).min(2, "name is too short"), count: z.number().default(1) });

const post = (body: string, type = "application/json") =>
  new Request("http://localhost/api/things", { method: "POST", headers: { "Content-Type": type }, body });

async function refusal(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  return { status: response.status, body: await response.json() };
}

describe("parseJsonBody", () => {
  it("gives the schema's output for a JSON object, defaults applied", async () => {
    expect(await parseJsonBody(post('{"name":"Asha"}'), schema)).toEqual({ name: "Asha", count: 1 });
  });

  it("reads a form post, and an empty body as {}", async () => {
    expect(await parseJsonBody(post("name=Asha", "application/x-www-form-urlencoded"), schema.pick({ name: true }))).toEqual({
      name: "Asha",
    });
    expect(await parseJsonBody(post(""), z.object({ action: z.string().default("toggle") }))).toEqual({ action: "toggle" });
  });

  it("answers 400 {message} with the first problem, for bad JSON, a non-object, or a refused field", async () => {
    expect(await refusal(parseJsonBody(post("{oops"), schema))).toEqual({
      status: 400,
      body: { message: "The request body must be JSON" },
    });
    expect(await refusal(parseJsonBody(post("[1,2]"), schema))).toEqual({
      status: 400,
      body: { message: "The request body must be a JSON object" },
    });
    expect(await refusal(parseJsonBody(post("{}"), schema))).toEqual({ status: 400, body: { message: "name is required" } });
    expect(await refusal(parseJsonBody(post('{"name":"A"}'), schema))).toEqual({ status: 400, body: { message: "name is too short" } });
  });

  it("refuses JSON nested deeper than 20 levels or with more than 1,100 values before parsing it, in a blink", async () => {
    const deep = `{"name":"Asha","more":${"[".repeat(500_000)}${"]".repeat(500_000)}}`;
    const started = performance.now();
    expect(await refusal(parseJsonBody(post(deep), schema))).toEqual({
      status: 400,
      body: { message: "The request body nests deeper than 20 levels" },
    });
    const many = `{"name":"Asha","more":[${Array.from({ length: 100_000 }, () => 1).join(",")}]}`;
    expect(await refusal(parseJsonBody(post(many), schema))).toEqual({
      status: 400,
      body: { message: "The request body has more than 1,100 values" },
    });
    expect(performance.now() - started).toBeLessThan(500);
    // Brackets and commas inside strings are text, and a body at the limits is read.
    const atLimits = `{"name":"[[[,,,]]]","more":${"[".repeat(19)}${Array.from({ length: 975 }, () => '"a,[b"').join(",")}${"]".repeat(19)}}`;
    expect(await parseJsonBody(post(atLimits), schema.passthrough())).toMatchObject({ name: "[[[,,,]]]" });
  });
});

describe("methods", () => {
  const route = methods({
    GET: () => new Response("read"),
    PUT: async ({ request }) => new Response(`wrote ${(await parseJsonBody(request, schema)).name}`),
  });
  const args = (method: string, body?: string) => ({
    request: new Request("http://localhost/api/things/1", { method, body, headers: { "Content-Type": "application/json" } }),
    params: {},
    context: {},
  });

  it("answers each method with its handler, HEAD as GET, from loader and action alike", async () => {
    expect(await (await route.loader(args("GET"))).text()).toBe("read");
    expect(await (await route.loader(args("HEAD"))).text()).toBe("read");
    expect(await (await route.action(args("PUT", '{"name":"Asha"}'))).text()).toBe("wrote Asha");
  });

  it("answers another method with 405 {message} and Allow", async () => {
    const response = await route.action(args("DELETE"));
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, PUT");
    expect(await response.json()).toEqual({ message: "Method not allowed: use GET or PUT" });
  });

  it("turns a thrown 400 into JSON, and refuses a cross-site write before any handler", async () => {
    const bad = await route.action(args("PUT", "{}"));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "name is required" });
    const crossSite = await route.action({
      ...args("PUT", '{"name":"Asha"}'),
      request: new Request("http://localhost/api/things/1", { method: "PUT", headers: { Origin: "https://evil.example" }, body: "{}" }),
    });
    expect(crossSite.status).toBe(403);
  });

  it("logs an unexpected failure once as a 500, but not for a request that was aborted (client gone, body refused)", async () => {
    const failing = methods({
      POST: () => {
        throw new Error("database down");
      },
    });
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    try {
      const response = await failing.action(args("POST", "{}"));
      expect(response.status).toBe(500);
      expect(logged).toHaveBeenCalledTimes(1);
      const aborted = new AbortController();
      aborted.abort();
      const request = new Request("http://localhost/api/things/1", { method: "POST", body: "{}", signal: aborted.signal });
      expect((await failing.action({ request, params: {}, context: {} })).status).toBe(500);
      expect(logged).toHaveBeenCalledTimes(1);
    } finally {
      logged.mockRestore();
    }
  });
});
