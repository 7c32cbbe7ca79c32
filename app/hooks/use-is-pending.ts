import { useFormAction, useNavigation } from "@remix-run/react";

/**
 * Whether this page's form (or the form posting to `formAction`) is being submitted, optionally only
 * for one `intent` when several forms share an action. Submitting, not loading: the busy text goes
 * as soon as the answer arrives.
 */
export function useIsPending({
  formAction,
  formMethod = "POST",
  intent,
}: { formAction?: string; formMethod?: "POST" | "GET"; intent?: string } = {}) {
  const ownAction = useFormAction();
  const navigation = useNavigation();
  if (navigation.state !== "submitting") return false;
  const action = (navigation.formAction ?? "").split("?")[0];
  return (
    action === (formAction ?? ownAction).split("?")[0] &&
    navigation.formMethod === formMethod &&
    (intent === undefined || navigation.formData?.get("intent") === intent)
  );
}
