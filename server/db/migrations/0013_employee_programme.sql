CREATE TABLE "customer_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "empowerment_beneficiaries" (
	"setup_id" integer NOT NULL,
	"staff_number" text NOT NULL,
	CONSTRAINT "empowerment_beneficiaries_setup_id_staff_number_pk" PRIMARY KEY("setup_id","staff_number"),
	CONSTRAINT "empowerment_beneficiaries_staff_number_check" CHECK (char_length("empowerment_beneficiaries"."staff_number") = 8)
);
--> statement-breakpoint
CREATE TABLE "empowerment_setups" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"budget_cents" integer NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "empowerment_setups_month_check" CHECK ("empowerment_setups"."month" between 1 and 12),
	CONSTRAINT "empowerment_setups_budget_check" CHECK ("empowerment_setups"."budget_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "identity_provider_employees" (
	"subject" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"given_name" text NOT NULL,
	"family_name" text NOT NULL,
	"staff_number" text,
	"role" text NOT NULL,
	"empowerment_admin" boolean DEFAULT false NOT NULL,
	CONSTRAINT "identity_provider_employees_role_check" CHECK ("identity_provider_employees"."role" in ('EMPLOYEE', 'CABIN_CREW')),
	CONSTRAINT "identity_provider_employees_staff_number_check" CHECK ("identity_provider_employees"."staff_number" is null or char_length("identity_provider_employees"."staff_number") = 8)
);
--> statement-breakpoint
CREATE TABLE "identity_provider_records" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "identity_provider_records_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "money_pots" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_number" text NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"budget_cents" integer NOT NULL,
	"spent_cents" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_pots_amounts_check" CHECK ("money_pots"."budget_cents" >= 0 and "money_pots"."spent_cents" >= 0),
	CONSTRAINT "money_pots_month_check" CHECK ("money_pots"."month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "single_sign_on_requests" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"habile_type" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "single_sign_on_requests_type_check" CHECK ("single_sign_on_requests"."habile_type" in ('BRAND_EMPLOYEE', 'EMPOWERMENT'))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "staff_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "money_pot_id" integer;--> statement-breakpoint
ALTER TABLE "customer_identities" ADD CONSTRAINT "customer_identities_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empowerment_beneficiaries" ADD CONSTRAINT "empowerment_beneficiaries_setup_id_empowerment_setups_id_fk" FOREIGN KEY ("setup_id") REFERENCES "public"."empowerment_setups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empowerment_setups" ADD CONSTRAINT "empowerment_setups_updated_by_customers_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_identities_subject_key" ON "customer_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "customer_identities_customer_idx" ON "customer_identities" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "empowerment_setups_month_key" ON "empowerment_setups" USING btree ("year","month");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_provider_employees_email_key" ON "identity_provider_employees" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "identity_provider_records_grant_idx" ON "identity_provider_records" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "identity_provider_records_uid_idx" ON "identity_provider_records" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "identity_provider_records_expires_idx" ON "identity_provider_records" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "money_pots_owner_month_key" ON "money_pots" USING btree ("staff_number","year","month");--> statement-breakpoint
CREATE INDEX "single_sign_on_requests_expires_idx" ON "single_sign_on_requests" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_pot_id_money_pots_id_fk" FOREIGN KEY ("money_pot_id") REFERENCES "public"."money_pots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_staff_number_idx" ON "customers" USING btree ("staff_number");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_staff_number_check" CHECK ("customers"."staff_number" is null or char_length("customers"."staff_number") = 8);