import { getInputProps, type FieldMetadata } from "@conform-to/react";

/** A labelled input with its validation message (the spec's exact text). */
export function Field({
  label,
  field,
  type,
  autoComplete,
  placeholder,
}: {
  label: string;
  field: FieldMetadata<string>;
  type: "email" | "password" | "text" | "tel";
  autoComplete?: string;
  placeholder?: string;
}) {
  const error = field.errors?.[0];
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        {...getInputProps(field, { type })}
        key={field.key}
        autoComplete={autoComplete}
        placeholder={placeholder}
        className={`mt-1 w-full rounded-lg border px-3 py-2 text-sm focus:outline-none focus:ring-2 ${
          error ? "border-red-500 focus:ring-red-200" : "border-slate-300 focus:border-brand-500 focus:ring-brand-100"
        }`}
      />
      {error ? (
        <p id={field.errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function FormErrors({ errors, id }: { errors?: string[]; id?: string }) {
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}

export function SubmitButton({ busy, busyText, children }: { busy: boolean; busyText: string; children: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:opacity-70"
    >
      {busy ? busyText : children}
    </button>
  );
}
