import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { ErrorSummary, Field, SelectField, SubmitButton, useValidatedForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/hooks/use-hydrated";
import { useIsPending } from "~/hooks/use-is-pending";
import type { BusinessCardLayout } from "~/db/schema/templates";
import {
  CARD_FONTS,
  CARD_FONT_LABELS,
  CARD_STYLES,
  CARD_STYLE_LABELS,
  MIN_ACCENT_CONTRAST,
  MIN_TEXT_CONTRAST,
  type CardFont,
  type CardStyle,
} from "~/lib/card-design";
import { businessCardSvg, contrastRatio, type CardContent } from "~/lib/card-svg";
import { cardDesignSchema } from "~/lib/schemas/admin-card-designs";

export type CardDesignValues = {
  name: string;
  style: CardStyle;
  font: CardFont;
  background: string;
  foreground: string;
  accent: string;
  sortOrder: number;
};

const COLOUR = /^#[0-9a-fA-F]{6}$/;

/** The field's value as the form holds it now (as typed with JavaScript; as sent or saved without). */
const valueOf = (field: FieldMetadata<unknown>) => {
  const value = field.value ?? field.initialValue;
  return typeof value === "string" ? value.trim() : "";
};

/** The layout the fields describe, when every part of it is one the renderer takes (colours go into the SVG); else null. */
function layoutOf(
  fields: Record<"style" | "font" | "background" | "foreground" | "accent", FieldMetadata<unknown>>,
): BusinessCardLayout | null {
  const [style, font, background, foreground, accent] = [
    fields.style,
    fields.font,
    fields.background,
    fields.foreground,
    fields.accent,
  ].map(valueOf);
  if (!(CARD_STYLES as readonly string[]).includes(style) || !(CARD_FONTS as readonly string[]).includes(font)) return null;
  if (![background, foreground, accent].every((colour) => COLOUR.test(colour))) return null;
  return { style: style as CardStyle, font: font as CardFont, background, foreground, accent };
}

/**
 * The add and edit form of a card design, beside the design drawn with the sample business. With
 * JavaScript the drawing follows the fields as they are typed; without it, Preview sends the form
 * to be drawn (nothing is saved) and the page comes back with the drawing.
 */
export function CardDesignForm({
  id,
  lastResult,
  defaultValue,
  sample,
  submitLabel,
  busyText,
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue: CardDesignValues;
  sample: CardContent;
  submitLabel: string;
  busyText: string;
}) {
  const [form, fields] = useValidatedForm(id, cardDesignSchema, lastResult, defaultValue);
  const saving = useIsPending({ intent: "save" });
  const hydrated = useHydrated();
  const layout = layoutOf(fields);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Form method="post" {...getFormProps(form)} className="space-y-4 rounded-xl bg-white p-4 shadow-sm">
        <ErrorSummary form={form} />
        <Field label="Name" field={fields.name} type="text" autoComplete="off" placeholder="Monsoon Green" />
        <SelectField
          label="Layout"
          field={fields.style}
          options={CARD_STYLES.map((style) => ({ value: style, label: CARD_STYLE_LABELS[style] }))}
        />
        <SelectField
          label="Heading font"
          field={fields.font}
          options={CARD_FONTS.map((font) => ({ value: font, label: CARD_FONT_LABELS[font] }))}
        />
        <ColourField label="Background colour" field={fields.background} />
        <ColourField
          label="Text colour"
          field={fields.foreground}
          hint={`Needs a contrast of at least ${MIN_TEXT_CONTRAST}:1 with the background.`}
        />
        <ColourField label="Accent colour" field={fields.accent} />
        <Field
          label="Place in the chooser"
          field={fields.sortOrder as FieldMetadata<string>}
          type="number"
          inputMode="numeric"
          hint="Lower numbers come first; designs with the same number are in name order."
        />
        <div className="flex flex-wrap gap-2">
          <div className="min-w-40 flex-1">
            <SubmitButton name="intent" value="save" busy={saving} busyText={busyText}>
              {submitLabel}
            </SubmitButton>
          </div>
          {hydrated ? null : (
            <Button type="submit" name="intent" value="preview" variant="secondary" size="lg">
              Preview
            </Button>
          )}
        </div>
      </Form>
      <DesignPreview layout={layout} sample={sample} />
    </div>
  );
}

function ColourField({ label, field, hint }: { label: string; field: FieldMetadata<string>; hint?: string }) {
  const value = valueOf(field);
  return (
    <div className="flex items-start gap-3">
      <div className="flex-1">
        <Field label={label} field={field} type="text" autoComplete="off" placeholder="#1D4ED8" hint={hint} />
      </div>
      <span
        aria-hidden
        className="mt-6 h-10 w-10 shrink-0 rounded-lg border border-slate-300"
        style={{ backgroundColor: COLOUR.test(value) ? value : "transparent" }}
      />
    </div>
  );
}

/** The design drawn with the sample business, and how readable its colours are. */
function DesignPreview({ layout, sample }: { layout: BusinessCardLayout | null; sample: CardContent }) {
  const textContrast = layout ? contrastRatio(layout.foreground, layout.background) : null;
  const accentContrast = layout ? contrastRatio(layout.accent, layout.background) : null;
  return (
    <section aria-labelledby="design-preview-title" className="space-y-2">
      <h2 id="design-preview-title" className="text-lg font-semibold">
        Preview with a sample business
      </h2>
      {layout ? (
        <div
          data-testid="design-preview"
          className="overflow-hidden rounded-xl shadow ring-1 ring-slate-200 [&>svg]:block [&>svg]:h-auto [&>svg]:w-full"
          dangerouslySetInnerHTML={{ __html: businessCardSvg(sample, layout, { idPrefix: "preview" }) }}
        />
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600">
          Choose a layout and a heading font, and enter the three colours as #RRGGBB, to see the design.
        </p>
      )}
      {textContrast !== null && accentContrast !== null ? (
        <ul className="space-y-1 text-sm" aria-live="polite">
          <li className={textContrast < MIN_TEXT_CONTRAST ? "font-medium text-red-700" : "text-slate-600"}>
            Text on the background: contrast {textContrast.toFixed(1)}:1
            {textContrast < MIN_TEXT_CONTRAST ? ` (too low: at least ${MIN_TEXT_CONTRAST}:1 is needed to save it)` : ""}
          </li>
          <li className={accentContrast < MIN_ACCENT_CONTRAST ? "font-medium text-amber-800" : "text-slate-600"}>
            Accent on the background: contrast {accentContrast.toFixed(1)}:1
            {accentContrast < MIN_ACCENT_CONTRAST ? " (low: the card draws accent-coloured text in the text colour instead)" : ""}
          </li>
        </ul>
      ) : null}
    </section>
  );
}

/** Whether businesses are offered the design: 'Offered' or 'Disabled'. */
export function DesignStatus({ active, testId }: { active: boolean; testId?: string }) {
  return (
    <span
      data-testid={testId}
      className={`rounded-full px-2 py-0.5 text-xs font-medium ${active ? "bg-green-100 text-green-800" : "bg-slate-200 text-slate-700"}`}
    >
      {active ? "Offered" : "Disabled"}
    </span>
  );
}
