import { Link } from "@remix-run/react";

/** A screen a later release builds: its title and an honest note, never a fake form. */
export function ComingSoonNotice({ title, backTo, backLabel }: { title: string; backTo: string; backLabel: string }) {
  return (
    <section className="mx-auto max-w-xl rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 inline-block rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-800">Coming soon</p>
      <p className="mt-3 text-slate-600">This screen is part of the next release of iSent. Nothing here works yet.</p>
      <Link to={backTo} className="mt-6 inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline">
        {backLabel}
      </Link>
    </section>
  );
}
