-- A STOP to the platform's shared sender header reaches every business's contact with the replying
-- number (recordReplyConsent): one index probe, not a read of every business's contacts.
CREATE INDEX "contacts_mobile_number_idx" ON "contacts" USING btree ("mobile_number");