import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { AddressWithMapLink } from "~/components/address-with-map-link";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { useHydrated } from "~/hooks/use-hydrated";
import { useShare } from "~/hooks/use-share";
import { cardAddress, fileNameOf } from "~/lib/business-card";
import { OG_IMAGE_SIZE, businessCardSvg } from "~/lib/card-svg";
import { imageVariantUrl } from "~/lib/images";
import { paths } from "~/lib/paths";
import { formatIndianPhone, telHref, whatsappChatUrl } from "~/lib/phone";
import { whatsappShareUrl } from "~/lib/share";
import { pageTitle } from "~/lib/title";
import { config } from "~/config.server";

import { cardDrawing, cardPageUrl, publicCardOr404 } from "./__business-card.server";

/** A business's card as a page anyone may open: the card itself, ways to save and share it, its QR code. */
export async function loader({ params }: LoaderFunctionArgs) {
  const card = await publicCardOr404(params.id);
  const drawing = await cardDrawing(card, card.design);
  const { content } = drawing;
  // The page shows a small copy of the photo; the server's drawings embed the stored one.
  const onPage = { ...content, photoHref: content.photoHref ? imageVariantUrl(content.photoHref, 320) : null };
  const fileName = fileNameOf(card.profile.businessName);
  return {
    cardSvg: businessCardSvg(onPage, card.design),
    qrSvg: content.qrSvg ?? "",
    url: cardPageUrl(card.id),
    businessId: card.businessId,
    businessName: card.profile.businessName,
    name: card.profile.name,
    title: content.title,
    city: card.profile.city,
    phones: [card.profile.mobileNumber, card.profile.businessPhone].filter((phone, index, all): phone is string =>
      Boolean(phone && all.indexOf(phone) === index),
    ),
    mobileNumber: card.profile.mobileNumber,
    email: content.email,
    website: card.fields.website ?? null,
    websiteLabel: content.website,
    address: cardAddress(card.profile),
    downloads: {
      contact: paths.cardContact(card.id),
      png: paths.cardImage(card.id, "card.png", drawing.version, { download: 1 }),
      qr: paths.cardQrCode(card.id),
      fileName,
    },
    previewImage: `${config.PUBLIC_ORIGIN}${paths.cardImage(card.id, "og.jpg", drawing.version)}`,
  };
}

/** What WhatsApp and other apps show of a shared card: its picture, the business and who to ask for. */
export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: pageTitle("Business card not found") }];
  const title = `${data.businessName} · Business card`;
  const description = [[data.name, data.title].filter(Boolean).join(", "), data.city, "Save the contact, call or share."]
    .filter(Boolean)
    .join(" · ");
  return [
    { title: pageTitle(title) },
    { name: "description", content: description },
    { property: "og:type", content: "profile" },
    { property: "og:site_name", content: "iSent" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: data.url },
    { property: "og:image", content: data.previewImage },
    { property: "og:image:type", content: "image/jpeg" },
    { property: "og:image:width", content: String(OG_IMAGE_SIZE.width) },
    { property: "og:image:height", content: String(OG_IMAGE_SIZE.height) },
    { property: "og:image:alt", content: `Business card of ${data.businessName}` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: data.previewImage },
  ];
};

const ACTION = buttonClasses({ variant: "secondary", size: "lg", wide: true });

export default function BusinessCardPage() {
  const card = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const share = useShare();
  const shareMessage = `${card.businessName}: my business card`;
  return (
    <div className="min-h-screen bg-slate-100 print:bg-white">
      <main className="mx-auto max-w-2xl px-3 py-4 print:p-0">
        <h1 className="sr-only">Business card of {card.businessName}</h1>
        {/* The card is drawn by the server (every text in it escaped): vector, so it prints sharp at card size. */}
        <div
          className="overflow-hidden rounded-xl shadow-lg ring-1 ring-slate-200 print:w-[3.5in] print:rounded-none print:shadow-none print:ring-0 [&>svg]:block [&>svg]:h-auto [&>svg]:w-full"
          dangerouslySetInnerHTML={{ __html: card.cardSvg }}
        />

        <div className="mt-4 grid grid-cols-2 gap-2 print:hidden">
          <a
            href={card.downloads.contact}
            download={`${card.downloads.fileName}.vcf`}
            className={buttonClasses({ size: "lg", wide: true })}
          >
            Save contact
          </a>
          <a
            href={whatsappShareUrl(shareMessage, card.url)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses({ size: "lg", wide: true }, "bg-green-600 hover:bg-green-700")}
          >
            Share on WhatsApp
          </a>
          <a
            href={card.downloads.png}
            download={`${card.downloads.fileName}-card.png`}
            className={`${ACTION} ${hydrated ? "" : "col-span-2"}`}
          >
            Download card (PNG)
          </a>
          {/* Without JavaScript the browser's own Print does the same. */}
          {hydrated ? (
            <button type="button" onClick={() => window.print()} className={ACTION}>
              Print card
            </button>
          ) : null}
        </div>

        <section aria-labelledby="reach-heading" className="mt-4 rounded-xl bg-white p-4 shadow-sm print:hidden">
          <h2 id="reach-heading" className="font-semibold text-slate-900">
            Contact {card.name}
          </h2>
          <ul className="mt-2 text-sm">
            {card.phones.map((phone) => (
              <li key={phone}>
                <a href={telHref(formatIndianPhone(phone)!)} className="tap font-medium text-brand-700 hover:underline">
                  Call {formatIndianPhone(phone)}
                </a>
              </li>
            ))}
            {card.mobileNumber ? (
              <li>
                <a
                  href={whatsappChatUrl(card.mobileNumber)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="tap font-medium text-green-700 hover:underline"
                >
                  Chat on WhatsApp
                </a>
              </li>
            ) : null}
            {card.email ? (
              <li>
                <a href={`mailto:${card.email}`} className="text-brand-700 hover:underline">
                  {card.email}
                </a>
              </li>
            ) : null}
            {card.website ? (
              <li>
                <a href={card.website} target="_blank" rel="noopener noreferrer nofollow ugc" className="text-brand-700 hover:underline">
                  {card.websiteLabel}
                </a>
              </li>
            ) : null}
            {card.address ? (
              <li>
                <AddressWithMapLink address={card.address} />
              </li>
            ) : null}
          </ul>
          <Link to={`/business/${card.businessId}`} className="tap mt-2 text-sm font-medium text-brand-700 hover:underline">
            See posts and offers from {card.businessName}
          </Link>
        </section>

        <section aria-labelledby="qr-heading" className="mt-4 flex items-center gap-4 rounded-xl bg-white p-4 shadow-sm print:hidden">
          <div className="h-32 w-32 shrink-0 [&>svg]:h-full [&>svg]:w-full" aria-hidden dangerouslySetInnerHTML={{ __html: card.qrSvg }} />
          <div className="text-sm">
            <h2 id="qr-heading" className="font-semibold text-slate-900">
              Scan to open this card
            </h2>
            <p className="mt-1 text-slate-600">Show it at the counter, or put it on a poster.</p>
            <a
              href={card.downloads.qr}
              download={`${card.downloads.fileName}-qr.png`}
              className="tap mt-1 font-medium text-brand-700 hover:underline"
            >
              Download QR code
            </a>
          </div>
        </section>

        <div className="mt-4 rounded-xl bg-white p-4 shadow-sm print:hidden">
          <label htmlFor="card-link" className="text-sm font-semibold text-slate-900">
            Link to this card
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id="card-link"
              readOnly
              value={card.url}
              className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm"
            />
            {hydrated ? (
              <button
                type="button"
                onClick={(event) => share(event, { title: card.businessName, text: shareMessage, url: card.url })}
                className={buttonClasses({ variant: "secondary" })}
              >
                Share
              </button>
            ) : null}
          </div>
        </div>

        <p className="mt-6 text-center text-sm text-slate-500 print:hidden">
          Made with{" "}
          <Link to="/" className="font-semibold text-brand-700 hover:underline">
            iSent
          </Link>
          , local business posts and offers.{" "}
          <Link to={paths.login()} className="text-brand-700 hover:underline">
            Make your own card
          </Link>
        </p>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
