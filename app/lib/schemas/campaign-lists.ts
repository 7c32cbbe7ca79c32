import { z } from "zod";

/** A campaign page's 404: a malformed id, an unknown one and another business's alike. */
export const CAMPAIGN_NOT_FOUND = "There is no campaign at this address. It may have been deleted.";

const page = z.coerce.number().int().min(1).max(100_000).catch(1);

/** /campaigns: a bad page is the first page. */
export const campaignListQuerySchema = z.object({ page });
