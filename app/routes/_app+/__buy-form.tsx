import { Form } from "@remix-run/react";

import { Button } from "~/components/ui/button";
import { paths } from "~/lib/paths";

/**
 * 'Buy' for one pack: a plain POST to /credits, answered with a 303 to the payment page. A full
 * page load with or without JavaScript, as the gateway's page is another site.
 */
export function BuyForm({ packId, idempotencyKey, label }: { packId: string; idempotencyKey: string; label: string }) {
  return (
    <Form method="post" action={paths.credits()} reloadDocument>
      <input type="hidden" name="packId" value={packId} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <Button type="submit" wide>
        {label}
      </Button>
    </Form>
  );
}
