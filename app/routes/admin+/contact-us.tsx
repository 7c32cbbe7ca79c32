import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { AdminErrorBoundary } from "~/components/admin-shell";

import { PageEditorScreen, pageEditorMeta } from "./__page-editor";
import { editPageAction, loadPageEditor } from "./__page-editor.server";

export { clientAction } from "~/components/forms";

const PAGE = { slug: "contact", kind: "information" } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPageEditor(request, PAGE);
}

export async function action({ request }: ActionFunctionArgs) {
  return editPageAction(request, PAGE);
}

export const meta = pageEditorMeta;

export default function AdminContactUs() {
  return <PageEditorScreen />;
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
