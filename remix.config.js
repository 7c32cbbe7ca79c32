import { readFileSync } from "node:fs";

/** The public information pages: four paths served by one route module (app/information-page.tsx). */
const informationPages = JSON.parse(readFileSync(new URL("./app/information-pages.json", import.meta.url), "utf8"));

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  serverModuleFormat: "esm",
  tailwind: true,
  postcss: false,
  future: {
    v3_fetcherPersist: true,
    v3_lazyRouteDiscovery: true,
    v3_relativeSplatPath: true,
    v3_singleFetch: true,
    v3_throwAbortReason: true,
  },
  routes(defineRoutes) {
    return defineRoutes((route) => {
      for (const page of informationPages) {
        route(page.path, "information-page.tsx", { id: `information-page-${page.slug}` });
      }
    });
  },
};
