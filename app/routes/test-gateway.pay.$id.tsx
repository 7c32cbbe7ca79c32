import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import { formatRupees } from "~/lib/money";
import { paths } from "~/lib/paths";
import { pageTitle } from "~/lib/title";
import { paymentSetup } from "~/models/payments.server";
import { failTestLink, payTestLink, testPaymentPage } from "~/models/test-gateway.server";
import { assertSameOrigin } from "~/utils/csrf.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: pageTitle("Test payment") }, { name: "robots", content: "noindex" }];

const NOT_HERE = "This payment link was not found.";

/** Only while the test gateway is the one in use: with Razorpay's keys set these pages do not exist. */
function assertTestGateway() {
  if (paymentSetup().gateway.name !== "test") throw new Response(NOT_HERE, { status: 404 });
}

/** The built-in test gateway's hosted page for one payment link (what Razorpay's page is for a real one). */
export async function loader({ params }: LoaderFunctionArgs) {
  assertTestGateway();
  const link = await testPaymentPage(params.id ?? "");
  if (!link) throw new Response(NOT_HERE, { status: 404 });
  return { link: { id: link.id, description: link.description, amountPaise: link.amountPaise, status: link.status } };
}

/**
 * 'Pay' settles the link and queues its signed webhook (as Razorpay sends one), then sends the buyer
 * back to the callback URL; 'Fail' sends them back with the status 'failed'. Both are plain forms.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  assertTestGateway();
  const id = params.id ?? "";
  const intent = (await request.formData()).get("intent");
  if (intent !== "pay" && intent !== "fail") throw new Response("Choose Pay or Fail.", { status: 400 });
  const outcome = intent === "pay" ? await payTestLink(id, { sendWebhook: true }) : await failTestLink(id);
  if (!outcome.ok) {
    if (outcome.reason === "not_found") throw new Response(NOT_HERE, { status: 404 });
    // Expired or already paid: the page says which.
    return redirect(paths.testGatewayPage(id), 303);
  }
  return redirect(outcome.callbackUrl, 303);
}

export default function TestPaymentPage() {
  const { link } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <p
        role="note"
        className="rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 px-3 py-2 text-center font-semibold text-amber-900"
      >
        Test payment: no money moves
      </p>
      <div className="mt-4 rounded-xl border border-slate-200 bg-white p-5">
        <p className="text-sm text-slate-600">iSent test gateway</p>
        <h1 className="mt-1 text-xl font-bold text-slate-900">{link.description}</h1>
        <p className="mt-2 text-2xl font-bold text-slate-900" data-testid="test-gateway-amount">
          {formatRupees(link.amountPaise)}
        </p>
        {link.status === "created" ? (
          <>
            <p className="mt-2 text-sm text-slate-600">Choose what the payment does. A real deployment sends buyers to Razorpay instead.</p>
            <div className="mt-4 grid grid-cols-2 gap-3">
              <Form method="post" reloadDocument>
                <Button type="submit" name="intent" value="pay" wide>
                  Pay
                </Button>
              </Form>
              <Form method="post" reloadDocument>
                <Button type="submit" name="intent" value="fail" variant="danger" wide>
                  Fail
                </Button>
              </Form>
            </div>
          </>
        ) : (
          <p className="mt-3 font-medium text-slate-800" role="alert">
            {link.status === "paid" ? "This payment link has been paid." : "This payment link has expired and can no longer be paid."}
          </p>
        )}
        <p className="mt-4 text-sm">
          <Link to={paths.credits()} className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline">
            Back to iSent
          </Link>
        </p>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
