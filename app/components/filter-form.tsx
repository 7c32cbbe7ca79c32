import { Button, ButtonLink } from "~/components/ui/button";

/** A filter form's select or text box: full width, 44 px tall. */
export const FILTER_CONTROL = "mt-1 min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm";

/** A filter form's buttons: 'Filter' (busy while the list loads) and, once anything is filtered, 'Clear' back to the whole list. */
export function FilterButtons({ filtering, clearTo, className = "" }: { filtering: boolean; clearTo: string | null; className?: string }) {
  return (
    <div className={`flex gap-2 ${className}`}>
      <Button type="submit" variant="dark" className="flex-1">
        {filtering ? "Filtering..." : "Filter"}
      </Button>
      {clearTo ? (
        <ButtonLink to={clearTo} variant="secondary">
          Clear
        </ButtonLink>
      ) : null}
    </div>
  );
}

/** A filter in the URL that is not one (a hand-made link): said, with what the list shows instead. */
export function BadFilterNotice({ message, instead }: { message: string | null; instead: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {`${message}: ${instead}`}
    </p>
  );
}

/** A filter form's days in India, 'From' and 'To' (both included): two date fields, 44 px tall. */
export function FilterDays({ from, to }: { from: string; to: string }) {
  return (
    <>
      <label className="block text-sm font-medium text-slate-700">
        From
        <input type="date" name="from" defaultValue={from} className={FILTER_CONTROL} />
      </label>
      <label className="block text-sm font-medium text-slate-700">
        To
        <input type="date" name="to" defaultValue={to} className={FILTER_CONTROL} />
      </label>
    </>
  );
}
