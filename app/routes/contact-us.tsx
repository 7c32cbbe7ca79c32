import {
  InformationPageErrorBoundary,
  InformationPageRoute,
  informationPageMeta,
} from "~/components/information-page-route";
import { informationPageLoader } from "~/utils/information-page-route.server";

export const loader = informationPageLoader("contact");
export const meta = informationPageMeta;
export default InformationPageRoute;
export const ErrorBoundary = InformationPageErrorBoundary;
