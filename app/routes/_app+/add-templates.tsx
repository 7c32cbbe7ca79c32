import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { ButtonLink } from "~/components/ui/button";
import { imageVariantUrl } from "~/lib/images";
import { paths } from "~/lib/paths";
import { pageTitle } from "~/lib/title";
import { listTemplateCategories } from "~/models/categories.server";
import { listTemplatesForBusiness, type TemplateCard } from "~/models/templates.server";
import { requireUser } from "~/utils/session.server";

import { TemplateKindBadge, TemplatesErrorBoundary } from "./__templates";

const NO_SUCH_CATEGORY = "There is no template category at this address.";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const categoryId = new URL(request.url).searchParams.get("category") || null;
  const categories = await listTemplateCategories();
  if (categoryId && !categories.some((category) => category.id === categoryId)) throw new Response(NO_SUCH_CATEGORY, { status: 404 });
  const templates = await listTemplatesForBusiness(user.id, { categoryId: categoryId ?? undefined });
  return { categories, categoryId, templates };
}

export const meta: MetaFunction = () => [{ title: pageTitle("Templates") }];

export default function AddTemplates() {
  const { categories, categoryId, templates } = useLoaderData<typeof loader>();
  const current = categories.find((category) => category.id === categoryId);
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold text-slate-900">Templates</h1>
      <p className="text-sm text-slate-600">
        Ready-made posts and offers for festivals, sales and news, already filled in with your business&apos;s details. Pick one, change
        anything you like, and publish.
      </p>

      <nav aria-label="Template categories" className="-mx-4 mt-4 overflow-x-auto px-4 pb-1">
        <ul className="flex gap-2">
          <CategoryTab to={paths.addTemplates()} name="All" current={!categoryId} />
          {categories.map((category) => (
            <CategoryTab
              key={category.id}
              to={paths.addTemplates({ category: category.id })}
              name={category.name}
              current={category.id === categoryId}
            />
          ))}
        </ul>
      </nav>

      {templates.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="text-slate-700">{current ? `No templates in ${current.name} yet.` : "No templates yet."}</p>
          {current ? (
            <ButtonLink to={paths.addTemplates()} variant="ghost" className="mt-3">
              See all templates
            </ButtonLink>
          ) : null}
        </div>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2" aria-label={current ? `${current.name} templates` : "Templates"}>
          {templates.map((template) => (
            <TemplateCardItem key={template.id} template={template} showCategory={!current} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CategoryTab({ to, name, current }: { to: string; name: string; current: boolean }) {
  return (
    <li className="shrink-0">
      <Link
        to={to}
        aria-current={current ? "page" : undefined}
        preventScrollReset
        className={`tap rounded-full border px-4 text-sm font-medium whitespace-nowrap ${
          current ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
        }`}
      >
        {name}
      </Link>
    </li>
  );
}

function TemplateCardItem({ template, showCategory }: { template: TemplateCard; showCategory: boolean }) {
  return (
    <li>
      <Link
        to={paths.templatePreview(template.id)}
        className="flex h-full gap-3 rounded-xl border border-slate-200 bg-white p-3 hover:border-brand-500 focus:border-brand-500"
      >
        {template.imageUrl ? (
          <img
            src={imageVariantUrl(template.imageUrl, 160)}
            alt=""
            width={80}
            height={60}
            loading="lazy"
            className="h-[60px] w-20 shrink-0 rounded-lg object-cover"
          />
        ) : null}
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2">
            <TemplateKindBadge kind={template.kind} />
            {showCategory && template.categoryName ? <span className="text-xs text-slate-500">{template.categoryName}</span> : null}
          </span>
          <h2 className="mt-1 font-semibold text-slate-900">{template.title}</h2>
          {template.offerTitle ? <p className="text-sm font-medium text-green-800">{template.offerTitle}</p> : null}
          <p className="mt-1 line-clamp-3 text-sm break-words whitespace-pre-line text-slate-600">{template.filledContent}</p>
        </span>
      </Link>
    </li>
  );
}

export function ErrorBoundary() {
  return <TemplatesErrorBoundary notFound={NO_SUCH_CATEGORY} />;
}
