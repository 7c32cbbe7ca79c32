import {
  InformationPageErrorBoundary,
  InformationPageRoute,
  informationPageMeta,
} from "~/components/information-page-route";
import { loadInformationPage } from "~/utils/information-page-route.server";

// A function declaration, so the compiler drops it (and its server import) from the browser bundle.
export async function loader() {
  return loadInformationPage("privacy");
}

export const meta = informationPageMeta;
export default InformationPageRoute;
export const ErrorBoundary = InformationPageErrorBoundary;
