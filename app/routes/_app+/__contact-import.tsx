import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { paths } from "~/lib/paths";

const STEPS = ["Upload", "Match columns", "Import"] as const;

/** The import's frame: the way back, the title and where in the three steps the user is. */
export function ImportFrame({ step, children }: { step: 1 | 2 | 3; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl">
      <Link to={paths.contacts()} className="tap text-sm text-brand-700 hover:underline">
        ← Contacts
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Import contacts</h1>
      <ol className="mt-3 flex gap-2 text-xs sm:text-sm" aria-label="Steps">
        {STEPS.map((label, index) => {
          const number = index + 1;
          const state = number < step ? "done" : number === step ? "current" : "next";
          return (
            <li
              key={label}
              aria-current={state === "current" ? "step" : undefined}
              className={`flex-1 rounded-lg border px-2 py-1.5 text-center ${
                state === "current"
                  ? "border-brand-600 bg-brand-50 font-semibold text-brand-800"
                  : state === "done"
                    ? "border-slate-200 bg-slate-50 text-slate-600"
                    : "border-slate-200 text-slate-400"
              }`}
            >
              {number}. {label}
            </li>
          );
        })}
      </ol>
      {children}
    </div>
  );
}
