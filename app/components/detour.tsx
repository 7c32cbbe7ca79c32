import { Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";

import type { Detour } from "~/lib/detour";
import type { loader as rootLoader } from "~/root";

/**
 * A form's fix-it link as a button of the form itself (`form` names it, so it may sit anywhere on
 * the page): pressing it sends what was typed and chosen, unchecked, to be kept while its owner buys
 * credits or sets the place, and brought back afterwards (detourFromForm). Works without JavaScript.
 */
export function DetourButton({
  formId,
  detour,
  children,
  className = "",
}: {
  formId: string;
  detour: Detour;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="submit"
      form={formId}
      name="detour"
      value={detour}
      formNoValidate
      className={`inline-flex min-h-11 items-center font-semibold underline ${className}`}
    >
      {children}
    </button>
  );
}

/**
 * On a detour's screens (credits, the business's place): that the form left behind is kept, and the
 * way back to it. A document load, so root's loader hands the kept form back on its screen.
 */
export function DetourNotice({ children }: { children?: ReactNode }) {
  const detour = useRouteLoaderData<typeof rootLoader>("root")?.detour;
  const here = useLocation().pathname;
  if (!detour || detour.path.split("?")[0] === here) return null;
  return (
    <p
      role="status"
      data-testid="detour-notice"
      className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-slate-800"
    >
      {`Everything you typed in ${detour.name} is kept.`} {children}{" "}
      <Link to={detour.path} reloadDocument className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
        {`Back to ${detour.name}`}
      </Link>
    </p>
  );
}
