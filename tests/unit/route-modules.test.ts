import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

const APP = path.resolve(__dirname, "../../app");
const modules = [
  ...readdirSync(path.join(APP, "routes")).map((file) => path.join(APP, "routes", file)),
  ...readdirSync(path.join(APP, "pages")).map((file) => path.join(APP, "pages", file)),
  path.join(APP, "information-page.tsx"),
].filter((file) => /\.tsx?$/.test(file));

const source = (file: string) => readFileSync(file, "utf8");

describe("route modules", () => {
  it("finds the form actions it checks", () => {
    const actions = modules.flatMap((file) => [...source(file).matchAll(/export async function action\(/g)]);
    expect(actions.length).toBeGreaterThanOrEqual(9);
  });

  it.each(modules.map((file) => [path.relative(APP, file), file]))(
    "%s: every form action refuses cross-site posts first",
    (_name, file) => {
      const text = source(file);
      for (const match of text.matchAll(/export async function action\(\{[^)]*\}[^)]*\)[^{]*\{\n\s*([^\n]*)/g)) {
        expect(match[1]).toBe("assertSameOrigin(request);");
      }
      for (const match of text.matchAll(/export const action = (\w+)\(/g)) expect(match[1]).toBe("apiRoute");
    },
  );

  it.each(modules.filter((file) => /export default/.test(source(file))).map((file) => [path.relative(APP, file), file]))(
    "%s: a page's loader and action are function declarations (a call at module scope would run in the browser)",
    (_name, file) => {
      expect(source(file)).not.toMatch(/export const (loader|action) = /);
    },
  );
});
