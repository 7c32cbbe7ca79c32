import { readFileSync } from "node:fs";

/** The public information pages: four paths served by one route module (app/information-page.tsx). */
const readJson = (file) => JSON.parse(readFileSync(new URL(file, import.meta.url), "utf8"));
const informationPages = readJson("./app/information-pages.json");
/**
 * The signed-in and admin screens (SPEC §2). Screens not built yet are served by the
 * coming-soon modules; building one means giving it its own route here.
 */
const userRoutes = readJson("./app/user-routes.json");

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
      route("/login", "routes/auth.tsx", { id: "routes/login" });

      // The app container: a pathless layout that requires a signed-in user.
      route(undefined, "pages/app-layout.tsx", { id: "app-layout" }, () => {
        route("/app", "pages/dashboard.tsx", { id: "app-dashboard" });
        // Container screens not built yet (app/user-routes.json) and any unknown path ('404 Page
        // Not Found' inside the container): one splat, so every request matches fewer routes.
        route("*", "pages/container-screen.tsx", { id: "app-screen" });
      });
      for (const screen of userRoutes.standalone) {
        route(screen.path, "pages/coming-soon.tsx", { id: `standalone${screen.path.replace(/[/:]+/g, "-")}` });
      }

      // The admin area: /admin guards every child (login and create-user are outside it).
      route("/admin", "pages/admin-layout.tsx", { id: "admin-layout" }, () => {
        route(undefined, "pages/admin-dashboard.tsx", { index: true, id: "admin-dashboard" });
        // Admin screens not built yet (app/user-routes.json): one splat, so every request
        // matches fewer routes; an unknown admin path is a 404 inside the admin layout.
        route("*", "pages/admin-coming-soon.tsx", { id: "admin-coming-soon" });
      });
    });
  },
};
