import { InformationPage } from "~/components/information-page";
import { paths } from "~/lib/paths";
import type { PageForReading } from "~/models/pages.server";

/** A legal page for a signed-in business: no app container, and the way back leads to the dashboard. */
export function SignedInLegalPage(page: PageForReading) {
  return <InformationPage {...page} back={{ to: paths.app(), label: "Back to Dashboard" }} />;
}
