CREATE TABLE "sign_in_failures" (
	"account_key" text NOT NULL,
	"source" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_failures_account_key_source_pk" PRIMARY KEY("account_key","source")
);
