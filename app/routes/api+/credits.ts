import { creditsQuerySchema } from "~/lib/schemas/credits";
import { listLedger } from "~/models/credits.server";
import { requireApiUser } from "~/utils/api-auth.server";
import { apiJson, methods } from "~/utils/api.server";

/**
 * GET /api/credits (?page): the balance and a page of the ledger, newest first
 * → {balance, ledger: [{id, createdAt, reason, amount, balanceAfter, reference, note, postId, invoiceId}], page, pageCount}.
 */
export const { loader, action } = methods({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    const { page } = creditsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    const ledger = await listLedger(user.id, page);
    return apiJson({ balance: user.balance, ledger: ledger.entries, page: ledger.page, pageCount: ledger.pageCount });
  },
});
