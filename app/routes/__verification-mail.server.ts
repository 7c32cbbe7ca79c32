import { queueJob } from "~/jobs/index.server";
import { requestVerificationMail, type VerificationMailRequest } from "~/models/email-verification.server";

/**
 * Mails the account a new verification link when the model allows it (not verified yet, within 3
 * mails an hour): registration, a new Google account whose address Google has not verified, and
 * the dashboard's 'Resend'. The mail goes from a background job, after the answer.
 */
export async function sendVerificationLink(userId: string): Promise<VerificationMailRequest> {
  const allowed = await requestVerificationMail(userId);
  if (allowed.ok) await queueJob("email-verification-mail", { userId });
  return allowed;
}
