import { parseWithZod } from "@conform-to/zod";
import { createRemixStub } from "@remix-run/testing";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";

import {
  CheckboxGroupField,
  ErrorSummary,
  Field,
  FileField,
  SelectField,
  SubmitButton,
  TextareaField,
  useValidatedForm,
} from "~/components/forms";
import { Button, ButtonLink, buttonClasses } from "~/components/ui/button";
import { paths } from "~/lib/paths";
import { adminTitle, pageTitle } from "~/lib/title";

const schema = z.object({
  name: z.string({ required_error: "Name and mobile number are required" }),
  notes: z.string().max(20).optional(),
  group: z.string().optional(),
  tags: z.array(z.string()).optional(),
  photo: z.any().optional(),
});

/** A form as a screen draws it after the server refused `fields` with the schema's messages. */
function ContactForm({ fields: values }: { fields: Record<string, string | string[]> }) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(values)) for (const one of [value].flat()) formData.append(name, one);
  const lastResult = parseWithZod(formData, { schema }).reply({ formErrors: ["Failed to add contact"] });
  const [form, fields] = useValidatedForm("contact", schema, lastResult);
  return (
    <form>
      <ErrorSummary form={form} fixes={[{ to: "/edit-profile/location", label: "Set your location" }]} />
      <Field label="Name" field={fields.name} type="text" />
      <TextareaField label="Notes" field={fields.notes} maxLength={20} />
      <SelectField label="Group" field={fields.group} options={[{ value: "vip", label: "VIP" }]} placeholder="None" />
      <CheckboxGroupField
        legend="Tags"
        field={fields.tags}
        options={[
          { value: "a", label: "A" },
          { value: "b", label: "B" },
        ]}
      />
      <FileField label="Photo" field={fields.photo} currentUrl="/uploads/x.webp" />
      <SubmitButton busy={false} busyText="Saving...">
        Save
      </SubmitButton>
    </form>
  );
}

function render(fields: Record<string, string | string[]>) {
  const Stub = createRemixStub([{ path: "/", Component: () => <ContactForm fields={fields} /> }]);
  return renderToString(<Stub />);
}

describe("the forms kit", () => {
  it("labels every control and shows the server's messages, wired for screen readers", () => {
    const html = render({ notes: "this is far too long for twenty", tags: ["b"] });
    expect(html).toContain('<label for="contact-name"');
    expect(html).toMatch(/id="contact-name"[^>]*aria-invalid="true"[^>]*aria-describedby="contact-name-error"/);
    expect(html).toContain('id="contact-name-error"');
    expect(html).toContain("Name and mobile number are required");
    expect(html).toContain('role="alert"');
    expect(html).toContain("Failed to add contact");
    // The textarea keeps what was typed and counts it against its limit.
    expect(html).toContain(">this is far too long for twenty</textarea>");
    expect(html).toMatch(/31(<!-- -->)? \/ (<!-- -->)?20/);
    expect(html).toContain('<option value="">None</option>');
    // The checkbox group keeps the ticked values.
    expect(html).toMatch(/checked="" value="b"/);
    expect(html).not.toMatch(/checked="" value="a"/);
    // Without JavaScript the file input is a plain upload; the current image is shown.
    expect(html).toContain('type="file"');
    expect(html).toContain('src="/uploads/x.webp"');
  });

  it("puts a refused form's reasons at its top: the form's own with its fix, each field's linked to the field, focused on load", () => {
    const html = render({ notes: "this is far too long for twenty" });
    const summary =
      /<div id="contact-error" role="alert" aria-labelledby="contact-error-title" tabindex="-1" autofocus=""[^>]*>(.*?)<\/div>/.exec(html);
    expect(summary, html).not.toBeNull();
    const [, inside] = summary!;
    expect(inside).toContain("Please fix this to continue");
    // The form's reason first, with the link that fixes it, then the fields' in the form's order.
    expect(inside.indexOf("Failed to add contact")).toBeLessThan(inside.indexOf("Set your location"));
    expect(inside.indexOf("Set your location")).toBeLessThan(inside.indexOf('href="#contact-name"'));
    expect(inside).toMatch(/<a [^>]*href="\/edit-profile\/location"[^>]*>Set your location<\/a>/);
    expect(inside).toMatch(/<a href="#contact-name"[^>]*>Name and mobile number are required<\/a>/);
    expect(inside).toMatch(/<a href="#contact-notes"[^>]*>String must contain at most 20 character\(s\)<\/a>/);
  });

  it("shows no error where the input is good", () => {
    const html = render({ name: "Asha" });
    expect(html).not.toContain("Name and mobile number are required");
    expect(html).not.toContain('aria-invalid="true"');
  });

  it("says a submit button is busy and disables it", () => {
    const Stub = createRemixStub([
      {
        path: "/",
        Component: () => (
          <SubmitButton busy busyText="Saving...">
            Save
          </SubmitButton>
        ),
      },
    ]);
    const html = renderToString(<Stub />);
    expect(html).toContain("Saving...");
    expect(html).toContain("disabled");
  });
});

describe("Button", () => {
  it("draws each variant with its look, as a button or a link", () => {
    expect(buttonClasses()).toContain("bg-brand-600");
    expect(buttonClasses({ variant: "danger", size: "sm", wide: true })).toMatch(/bg-red-600.*px-3 py-1\.5.*w-full/);
    expect(renderToString(<Button>Go</Button>)).toContain('type="button"');
    const Stub = createRemixStub([
      {
        path: "/",
        Component: () => (
          <ButtonLink to="/contacts" variant="secondary">
            Contacts
          </ButtonLink>
        ),
      },
    ]);
    expect(renderToString(<Stub />)).toMatch(/<a[^>]*class="[^"]*border-slate-300[^"]*"[^>]*href="\/contacts"/);
  });
});

describe("paths and titles", () => {
  it("build every URL in one place, ids and queries encoded", () => {
    expect(paths.editContact("a/b c")).toBe("/edit-contact/a%2Fb%20c");
    expect(paths.contacts()).toBe("/contacts");
    expect(paths.contacts({ q: "ravi & co", tag: "", page: 1 })).toBe("/contacts?q=ravi+%26+co");
    expect(paths.contacts({ page: 3 })).toBe("/contacts?page=3");
    expect(paths.login({ redirectTo: "/contacts?page=2" })).toBe("/login?redirectTo=%2Fcontacts%3Fpage%3D2");
    expect(paths.admin.editTemplate("t1")).toBe("/admin/templates/edit/t1");
    expect(pageTitle("Contacts")).toBe("Contacts · iSent");
    expect(adminTitle("Users")).toBe("Users · iSent Admin");
  });
});
