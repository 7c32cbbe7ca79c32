import { useRouteLoaderData } from "@remix-run/react";

import type { loader as rootLoader } from "~/root";

/**
 * A demo's slim banner: what it simulates ('Demo: SMS are simulated, mail stays on this server,
 * payments are test payments'), above every workspace and admin screen. Nothing in a deployment.
 */
export function DemoBanner() {
  const notice = useRouteLoaderData<typeof rootLoader>("root")?.demoNotice;
  if (!notice) return null;
  return (
    <p role="note" data-testid="demo-banner" className="bg-amber-100 px-3 py-1 text-center text-xs font-medium text-amber-950 print:hidden">
      {notice}
    </p>
  );
}
