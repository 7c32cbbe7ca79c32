import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

import { FILTER_CONTROL, FilterButtons } from "~/components/filter-form";
import { formatCount } from "~/lib/format-count";

/** The admin's SMS screens' shared pieces: the filter form (a GET form: every filter is in the URL, without JavaScript too) and the totals. */

export type Choice = { value: string; label: string };

/** A labelled control of the filter form. */
export function FilterLabel({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <label className={`block text-sm font-medium text-slate-700 ${wide ? "col-span-2" : ""}`}>
      {label}
      {children}
    </label>
  );
}

export function FilterSelect({ name, value, choices, any }: { name: string; value: string; choices: Choice[]; any: string }) {
  return (
    <select name={name} defaultValue={value} className={FILTER_CONTROL}>
      <option value="">{any}</option>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}

/**
 * The filter form: the business search, the screen's own controls, the days in India, and Filter
 * (Clear when something is chosen). `key` it by the URL's search so a link's filters show in it.
 */
export function FilterForm({
  path,
  label,
  filters,
  children,
}: {
  path: string;
  label: string;
  filters: { business: string; from: string; to: string };
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const filtering = navigation.state === "loading" && navigation.location.pathname === path;
  return (
    <Form
      method="get"
      action={path}
      role="search"
      aria-label={label}
      className="mt-4 grid grid-cols-2 gap-3 rounded-xl bg-white p-4 shadow-sm lg:grid-cols-6 lg:items-end"
    >
      <FilterLabel label="Business" wide>
        <input
          type="search"
          name="business"
          defaultValue={filters.business}
          placeholder="Name, email or id"
          maxLength={100}
          className={FILTER_CONTROL}
        />
      </FilterLabel>
      {children}
      <FilterLabel label="From">
        <input type="date" name="from" defaultValue={filters.from} className={FILTER_CONTROL} />
      </FilterLabel>
      <FilterLabel label="To">
        <input type="date" name="to" defaultValue={filters.to} className={FILTER_CONTROL} />
      </FilterLabel>
      <FilterButtons filtering={filtering} clearTo={path} className="col-span-2 lg:col-span-1" />
    </Form>
  );
}

/** The filter's totals as a row of figures. */
export function Totals({ label, figures }: { label: string; figures: Array<{ label: string; value: number; testId: string }> }) {
  return (
    <dl aria-label={label} className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {figures.map((figure) => (
        <div key={figure.testId} className="rounded-xl bg-white p-3 shadow-sm">
          <dt className="text-xs text-slate-500">{figure.label}</dt>
          <dd className="mt-0.5 text-xl font-bold text-slate-900" data-testid={figure.testId}>
            {formatCount(figure.value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
