import { useEffect, useState } from "react";

import type { PublicBusiness } from "~/models/business.server";

import { BusinessCard } from "./business-card";

/** The business info modal (profile image, +91 phone, address, about, categories), from GET /api/public/business/{id}. Loaded on demand. */
export default function BusinessModal({ businessId, onClose }: { businessId: string; onClose: () => void }) {
  const [state, setState] = useState<{ status: "loading" | "loaded" | "missing"; business?: PublicBusiness }>({ status: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/public/business/${businessId}`, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        setState({ status: "loaded", business: (await response.json()) as PublicBusiness });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: "missing" });
      });
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    document.addEventListener("keydown", onKey);
    return () => {
      controller.abort();
      document.removeEventListener("keydown", onKey);
    };
  }, [businessId, onClose]);

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-black/50 p-3 sm:items-center" onClick={onClose}>
      <div
        role="dialog"
        aria-modal="true"
        aria-label="Business info"
        onClick={(event) => event.stopPropagation()}
        className="relative w-full max-w-md rounded-2xl bg-white p-5 shadow-xl"
      >
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="tap absolute right-1 top-1 justify-center text-2xl text-slate-500 hover:text-slate-900"
        >
          ×
        </button>
        {state.status === "loading" ? <p className="py-8 text-center text-sm text-slate-500">Loading business info…</p> : null}
        {state.status === "missing" ? <p className="py-8 text-center text-sm text-slate-500">No details available.</p> : null}
        {state.business ? (
          <>
            <BusinessCard business={state.business} />
            <a href={`/business/${businessId}`} className="tap mt-2 text-sm font-medium text-brand-700 hover:underline">
              See all posts
            </a>
          </>
        ) : null}
      </div>
    </div>
  );
}
