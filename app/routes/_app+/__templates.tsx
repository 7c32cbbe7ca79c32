import { NotFoundBoundary } from "~/components/not-found-boundary";
import { paths } from "~/lib/paths";

/** A template's kind as the templates screens label it: 'Post' or 'Offer'. */
export function TemplateKindBadge({ kind }: { kind: "post" | "offer" | "sms" }) {
  const offer = kind === "offer";
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${offer ? "bg-green-100 text-green-800" : "bg-brand-100 text-brand-700"}`}
    >
      {offer ? "Offer" : kind === "sms" ? "SMS" : "Post"}
    </span>
  );
}

/** The templates screens' error page: a 404 says what was not found and leads back to all templates. */
export function TemplatesErrorBoundary({ notFound }: { notFound: string }) {
  return <NotFoundBoundary message={notFound} backTo={paths.addTemplates()} backLabel="All templates" />;
}
