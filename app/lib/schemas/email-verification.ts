import { z } from "zod";

/** The verification page's confirm button: the token from the mailed link, carried in a hidden field. */
export const verifyEmailSchema = z.object({
  token: z.string({ required_error: "This link is not valid" }).min(20, "This link is not valid").max(200, "This link is not valid"),
});

/** The dashboard's 'Resend' button. */
export const resendVerificationSchema = z.object({ intent: z.literal("resend-verification") });
