CREATE TABLE "payment_sandbox_outcomes" (
	"psp_reference" text PRIMARY KEY NOT NULL,
	"merchant_reference" text NOT NULL,
	"result_code" text NOT NULL,
	"refusal_reason" text,
	"brand" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_sandbox_outcomes_result_check" CHECK ("payment_sandbox_outcomes"."result_code" in ('Authorised', 'Refused', 'Error', 'Cancelled')),
	CONSTRAINT "payment_sandbox_outcomes_amount_check" CHECK ("payment_sandbox_outcomes"."amount_cents" >= 0)
);
