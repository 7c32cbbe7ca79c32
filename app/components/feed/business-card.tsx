import { AddressWithMapLink } from "~/components/address-with-map-link";
import { BusinessAvatar } from "~/components/business-avatar";
import { formatIndianPhone, telHref } from "~/lib/phone";
import type { PublicBusiness } from "~/models/business.server";

/** The business's public card: in the modal, and as the no-JavaScript business page. */
export function BusinessCard({ business }: { business: PublicBusiness }) {
  const phone = formatIndianPhone(business.businessPhone);
  const hasDetails = Boolean(phone || business.businessAddress || business.businessDetails || business.businessCategories.length);
  return (
    <div>
      <div className="flex items-center gap-3">
        <BusinessAvatar name={business.businessName} imageUrl={business.profileImageUrl} size={64} />
        <h2 className="text-lg font-semibold">{business.businessName}</h2>
      </div>
      {hasDetails ? (
        <dl className="mt-4 space-y-3 text-sm">
          {phone ? (
            <div>
              <dt className="font-medium text-slate-500">Phone</dt>
              <dd>
                <a href={telHref(phone)} className="tap text-brand-700 hover:underline">
                  {phone}
                </a>
              </dd>
            </div>
          ) : null}
          {business.businessAddress ? (
            <div>
              <dt className="font-medium text-slate-500">Address</dt>
              <dd>
                <AddressWithMapLink address={business.businessAddress} />
              </dd>
            </div>
          ) : null}
          {business.businessDetails ? (
            <div>
              <dt className="font-medium text-slate-500">About</dt>
              <dd className="whitespace-pre-line">{business.businessDetails}</dd>
            </div>
          ) : null}
          {business.businessCategories.length ? (
            <div>
              <dt className="font-medium text-slate-500">Business Categories</dt>
              <dd className="mt-1 flex flex-wrap gap-1.5">
                {business.businessCategories.map((category) => (
                  <span key={category} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs">
                    {category}
                  </span>
                ))}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <p className="mt-4 text-sm text-slate-500">No details available.</p>
      )}
    </div>
  );
}
