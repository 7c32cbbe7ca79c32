import { DEFAULT_BUSINESS_NAME } from "./display-name";
import { paths } from "./paths";

/** What the setup checklist reads of a business. */
export type OnboardingProfile = {
  businessName: string;
  businessCategories: string[];
  lat: number | null;
  lon: number | null;
  businessPhone: string | null;
  mobileNumber: string | null;
  profileImageUrl: string | null;
};

export type OnboardingStep = { id: string; label: string; hint: string; done: boolean; essential: boolean; to: string };

/**
 * The new business's setup checklist, in the order to do it. The essentials (name, category,
 * location, phone) complete onboarding; the image is recommended. Every step is a form of its own
 * that works without JavaScript, so a step left half-way is simply not done yet; a step of the
 * profile form links to its field, not to the top of the form.
 */
export function onboardingSteps(profile: OnboardingProfile): OnboardingStep[] {
  return [
    {
      id: "business-name",
      label: "Name your business",
      hint: "As customers know it, on every post.",
      done: profile.businessName.trim() !== "" && profile.businessName !== DEFAULT_BUSINESS_NAME,
      essential: true,
      to: paths.editProfile("businessName"),
    },
    {
      id: "category",
      label: "Choose your categories",
      hint: "So people browsing a category find you.",
      done: profile.businessCategories.length > 0,
      essential: true,
      to: paths.editProfile("categories"),
    },
    {
      id: "location",
      label: "Set your location",
      hint: "Your posts reach people near it.",
      done: profile.lat !== null && profile.lon !== null,
      essential: true,
      to: paths.editProfileLocation(),
    },
    {
      id: "phone",
      label: "Add a phone number",
      hint: "Customers call you from your posts.",
      done: Boolean(profile.businessPhone || profile.mobileNumber),
      essential: true,
      to: paths.editProfile("phone"),
    },
    {
      id: "image",
      label: "Add a profile image",
      hint: "A photo of your shop or your logo.",
      done: Boolean(profile.profileImageUrl),
      essential: false,
      to: paths.editProfile("image"),
    },
  ];
}

export const essentialsDone = (steps: OnboardingStep[]) => steps.every((step) => step.done || !step.essential);
