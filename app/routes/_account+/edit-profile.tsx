import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";

import { DetourButton } from "~/components/detour";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  CheckboxGroupField,
  ErrorSummary,
  Field,
  FieldError,
  SelectField,
  SubmitButton,
  TextareaField,
  useValidatedForm,
} from "~/components/forms";
import { ActionToast } from "~/components/ui/action-toast";
import { useIsPending } from "~/hooks/use-is-pending";
import { PROFILE_FIELDS, paths } from "~/lib/paths";
import { formatIndianPhone } from "~/lib/phone";
import { INDIAN_STATES, profileSchema } from "~/lib/schemas/profile";
import { profileInputSchema } from "~/lib/schemas/profile.server";
import { pageTitle } from "~/lib/title";
import { refusalToast } from "~/lib/refusal";
import { getBusinessLocation, getBusinessProfile, unknownCategories, updateBusinessProfile } from "~/models/business-profile.server";
import { listCategories } from "~/models/categories.server";
import { storeImageUpload, throttleUploads } from "~/models/uploads.server";
import { UPLOAD_MESSAGES, UploadError } from "~/services/image-upload.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { parseMultipartForm, streamingFormParts } from "~/utils/multipart.server";
import { detourFromForm } from "~/utils/kept-draft.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: pageTitle("Edit Profile") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [profile, categories, location] = await Promise.all([getBusinessProfile(user.id), listCategories(), getBusinessLocation(user.id)]);
  if (!profile) throw new Response("Not found", { status: 404 });
  // The shown categories, and any the business has that the admin has since hidden (it keeps them until it unticks them).
  const shown = categories.map((category) => category.name);
  const kept = profile.businessCategories.filter((name) => !shown.includes(name));
  return { profile, categories: [...shown, ...kept], hasLocation: location !== null };
}

const IMAGE_FIELD = "profileImage";
const TOO_LARGE_TYPE = "application/x-too-large";

/**
 * Saves the profile: the same schema as the browser's (GSTIN verified against the state), phones
 * stored E.164, categories only the server's, and a new profile image in the same submit
 * (re-encoded without its EXIF). Nothing is stored unless everything is right.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  // The image is kept as it arrived (checked and stored once the other fields are right); a too-big one is
  // marked, so the other fields survive.
  const formParts = streamingFormParts(IMAGE_FIELD, async (file) =>
    file.tooLarge ? new File([], "too large", { type: TOO_LARGE_TYPE }) : new File([file.bytes], file.filename, { type: file.contentType }),
  );
  const formData = await parseMultipartForm(request, formParts);
  const detour = await detourFromForm(request, user.id, formData, profileSchema);
  if (detour) return detour;
  const image = formData.get(IMAGE_FIELD);
  formData.delete(IMAGE_FIELD);
  const submission = await parseWithZod(formData, {
    schema: profileInputSchema.superRefine(async (profile, context) => {
      const unknown = await unknownCategories(user.id, profile.businessCategories);
      if (unknown.length) context.addIssue({ code: "custom", path: ["businessCategories"], message: "Choose categories from the list" });
    }),
    async: true,
  });
  const failed = (fieldErrors: Record<string, string[]> = {}) => {
    const result = submission.reply({ fieldErrors });
    return data({ result, toast: refusalToast("Profile not saved", result) }, { status: 400 });
  };
  if (submission.status !== "success") return failed();
  let profileImageUrl: string | undefined;
  if (image instanceof File) {
    if (image.type === TOO_LARGE_TYPE) return failed({ [IMAGE_FIELD]: [UPLOAD_MESSAGES.tooLarge] });
    const throttled = await throttleUploads(user.id);
    if (throttled) return failed({ [IMAGE_FIELD]: [throttled.message] });
    try {
      profileImageUrl = (await storeImageUpload(user.id, new Uint8Array(await image.arrayBuffer()))).url;
    } catch (error) {
      if (error instanceof UploadError) return failed({ [IMAGE_FIELD]: [error.message] });
      throw error;
    }
  }
  await updateBusinessProfile(user.id, submission.value, profileImageUrl);
  return redirectWithToast(paths.editProfile(), { type: "success", title: "Profile updated" });
}

const asText = (field: unknown) => field as FieldMetadata<string>;

export default function EditProfile() {
  const { profile, categories, hasLocation } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const initial = {
    ...profile,
    businessPhone: formatIndianPhone(profile.businessPhone),
    mobileNumber: formatIndianPhone(profile.mobileNumber),
  };
  const [form, fields] = useValidatedForm("edit-profile", profileSchema, actionData?.result, initial);
  const busy = useIsPending();
  const imageError = actionData?.result.error?.[IMAGE_FIELD];
  return (
    <main className="mx-auto max-w-xl px-4 py-6">
      <Link to={paths.app()} className="tap text-sm text-brand-700 hover:underline">
        ← Dashboard
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Edit profile</h1>
      <p className="mt-1 text-sm text-slate-600">What people nearby see on your posts, your business page and your business card.</p>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-6 space-y-4">
        <ErrorSummary form={form} targets={{ [IMAGE_FIELD]: "profile-image" }} />
        {/* A saved image starts the field afresh: its preview and chosen file go. */}
        <ProfileImageField key={profile.profileImageUrl ?? "none"} current={profile.profileImageUrl} errors={imageError ?? undefined} />
        <Field label="Your name" field={fields.name} type="text" autoComplete="name" />
        {/* The fields the dashboard's setup steps link to (paths.editProfile(field)) carry their ids: the browser scrolls to them. */}
        <div id={PROFILE_FIELDS.businessName} className="scroll-mt-4">
          <Field label="Business name" field={fields.businessName} type="text" autoComplete="organization" />
        </div>
        <TextareaField
          label="About my Business"
          field={asText(fields.businessDetails)}
          rows={4}
          maxLength={2000}
          placeholder="What you sell, your speciality, your hours"
        />
        <div id={PROFILE_FIELDS.phone} className="scroll-mt-4 space-y-4">
          <Field
            label="Business phone"
            field={asText(fields.businessPhone)}
            type="tel"
            autoComplete="tel"
            placeholder="080 2345 6789"
            inputMode="tel"
          />
          <Field
            label="Mobile number"
            field={asText(fields.mobileNumber)}
            type="tel"
            autoComplete="tel"
            placeholder="98123 45678"
            inputMode="tel"
          />
        </div>
        <TextareaField
          label="Address"
          field={asText(fields.address)}
          rows={2}
          maxLength={300}
          placeholder="Shop 4, 12th Main, Indiranagar"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="City" field={asText(fields.city)} type="text" autoComplete="address-level2" />
          <SelectField
            label="State"
            field={asText(fields.state)}
            options={INDIAN_STATES.map((state) => ({ value: state, label: state }))}
            placeholder="Choose a state"
          />
        </div>
        <p className="text-sm">
          {/* Leaves with the form kept (what was typed here comes back once the place is saved). */}
          <DetourButton formId={form.id} detour="location" className="text-left font-medium text-brand-700 no-underline hover:underline">
            {hasLocation ? "Change your business location" : "Set your business location"}
          </DetourButton>
          <span className="text-slate-600"> (search your area or use your phone&apos;s location: your posts reach people near it)</span>
        </p>
        <Field
          label="GST number (optional)"
          field={asText(fields.gstNumber)}
          type="text"
          autoComplete="off"
          placeholder="29ABCDE1234F1Z5"
        />
        <div id={PROFILE_FIELDS.categories} className="scroll-mt-4">
          <CheckboxGroupField
            legend="Business categories"
            field={fields.businessCategories as FieldMetadata<string[]>}
            options={categories.map((name) => ({ value: name, label: name }))}
          />
        </div>
        <SubmitButton busy={busy} busyText="Saving...">
          Save profile
        </SubmitButton>
      </Form>
      <ActionToast toast={actionData?.toast} />
    </main>
  );
}

/** The profile image: the current one, and a file input whose choice shows at once (with JavaScript) before saving. */
function ProfileImageField({ current, errors }: { current: string | null; errors?: string[] }) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? current;
  return (
    <div className="flex items-center gap-4">
      {shown ? (
        <img
          src={shown}
          alt="Profile"
          width={72}
          height={72}
          className="h-16 w-16 shrink-0 rounded-full border border-slate-200 object-cover"
        />
      ) : (
        <div aria-hidden className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-slate-100 text-2xl text-slate-400">
          ?
        </div>
      )}
      <div className="min-w-0 flex-1">
        <label htmlFor={PROFILE_FIELDS.image} className="block text-sm font-medium text-slate-700">
          Profile image
        </label>
        <input
          id={PROFILE_FIELDS.image}
          type="file"
          name={IMAGE_FIELD}
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? "profile-image-error" : "profile-image-hint"}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            setPreview(file ? URL.createObjectURL(file) : null);
          }}
          className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-slate-800 file:px-3 file:py-2 file:text-white"
        />
        {errors?.length ? (
          <FieldError field={{ errors, errorId: "profile-image-error" }} />
        ) : (
          <p id="profile-image-hint" className="mt-1 text-xs text-slate-500">
            A photo of your shop or your logo: JPEG, PNG, WebP or HEIC, up to 10 MB.
          </p>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
