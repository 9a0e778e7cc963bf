CREATE TABLE "counters" (
	"name" text PRIMARY KEY NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "counters_value_check" CHECK ("counters"."last_value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"offer_id" integer,
	"product_id" integer,
	"product_reference" text NOT NULL,
	"variant_reference" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"selected_attributes" jsonb NOT NULL,
	"cover_picture" jsonb,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"total_tax_free_cents" integer NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"is_gift" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "order_items_quantity_check" CHECK ("order_items"."quantity" > 0),
	CONSTRAINT "order_items_amounts_check" CHECK ("order_items"."unit_price_cents" >= 0 and "order_items"."total_cents" >= 0 and "order_items"."total_tax_free_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid NOT NULL,
	"reference" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" text NOT NULL,
	"locale" text NOT NULL,
	"coupon_code" text,
	"billing_address" jsonb,
	"shipments" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"amounts" jsonb NOT NULL,
	"custom_card_message" text,
	"payment_date" timestamp with time zone,
	"invoice_number" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('PAID', 'PREPARING', 'SHIPPED', 'DELIVERED', 'CANCELLED', 'REFUNDED')),
	CONSTRAINT "orders_locale_check" CHECK ("orders"."locale" in ('fr_FR', 'en_US')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."total_cents" >= 0 and "orders"."shipping_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"psp_reference" text NOT NULL,
	"original_reference" text,
	"merchant_reference" text,
	"event_code" text NOT NULL,
	"success" boolean NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_uuid" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"psp_reference" text,
	"status" text NOT NULL,
	"result_code" text,
	"refusal_reason" text,
	"method" text,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"locale" text NOT NULL,
	"draft" jsonb NOT NULL,
	"reserved_until" timestamp with time zone NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"authorised_at" timestamp with time zone,
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('started', 'action', 'authorised', 'refused', 'cancelled', 'error', 'expired', 'refunded')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_reservations" (
	"payment_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "stock_reservations_payment_id_offer_id_pk" PRIMARY KEY("payment_id","offer_id"),
	CONSTRAINT "stock_reservations_quantity_check" CHECK ("stock_reservations"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_uuid_key" ON "orders" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reference_key" ON "orders" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_key" ON "orders" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "orders_customer_payment_idx" ON "orders" USING btree ("customer_id","payment_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_notifications_event_key" ON "payment_notifications" USING btree ("psp_reference","event_code","success");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_psp_reference_key" ON "payments" USING btree ("psp_reference") WHERE "payments"."psp_reference" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_open_per_cart_key" ON "payments" USING btree ("cart_uuid") WHERE "payments"."status" in ('started', 'action');--> statement-breakpoint
CREATE INDEX "payments_cart_idx" ON "payments" USING btree ("cart_uuid");--> statement-breakpoint
CREATE INDEX "payments_reserved_until_idx" ON "payments" USING btree ("reserved_until") WHERE "payments"."status" in ('started', 'action');--> statement-breakpoint
CREATE INDEX "stock_reservations_offer_idx" ON "stock_reservations" USING btree ("offer_id");