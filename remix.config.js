import { readFileSync } from "node:fs";

import { flatRoutes } from "remix-flat-routes";

const readJson = (file) => JSON.parse(readFileSync(new URL(file, import.meta.url), "utf8"));
const informationPages = readJson("./app/information-pages.json");

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Every route comes from the routes() below: Remix's own file convention is off.
  ignoredRouteFiles: ["**/*"],
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
  // One URL, one file (docs/decisions/006-file-routes.md): app/routes by remix-flat-routes, whose
  // `+` folders group a layout's screens and whose other files sit beside their route unrouted.
  routes(defineRoutes) {
    const fileRoutes = flatRoutes("routes", defineRoutes, {
      ignoredRouteFiles: [
        "**/.*",
        "**/*.test.*",
        // A route's server code and components beside it: login.server.ts, __contact-form.tsx.
        "**/*.server.*",
        "**/*.client.*",
        "**/__*.*",
      ],
    });
    // Several fixed URLs served by one module: the only routes written by hand.
    const sharedModuleRoutes = defineRoutes((route) => {
      for (const page of informationPages) {
        route(page.path, "routes/__information-page.tsx", { id: `information-page-${page.slug}` });
      }
      route("/login", "routes/_auth+/auth.tsx", { id: "routes/login" });
    });
    return { ...fileRoutes, ...sharedModuleRoutes };
  },
};
