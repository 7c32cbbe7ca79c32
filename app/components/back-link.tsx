import { Link } from "@remix-run/react";

/** '← Campaigns' above a screen's title: the way back to the list it belongs to, a 44 px target. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="tap text-sm text-brand-700 hover:underline">
      ← {children}
    </Link>
  );
}
