CREATE TABLE "cart_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"is_gift" boolean DEFAULT false NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_quantity_check" CHECK ("cart_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid,
	"coupon_code" text,
	"billing_address_name" text,
	"shipping_address" jsonb,
	"custom_card_message" text,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"percent_off_bp" integer,
	"amount_off_cents" integer,
	"gift_offer_id" integer,
	"minimum_basket_cents" integer DEFAULT 0 NOT NULL,
	"description_fr" text NOT NULL,
	"description_en" text NOT NULL,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_until" timestamp with time zone,
	CONSTRAINT "coupons_code_check" CHECK ("coupons"."code" = upper("coupons"."code")),
	CONSTRAINT "coupons_kind_check" CHECK (("coupons"."kind" = 'PERCENT' and "coupons"."percent_off_bp" between 1 and 10000)
        or ("coupons"."kind" = 'AMOUNT' and "coupons"."amount_off_cents" > 0)
        or ("coupons"."kind" = 'GIFT' and "coupons"."gift_offer_id" is not null)),
	CONSTRAINT "coupons_minimum_check" CHECK ("coupons"."minimum_basket_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_coupon_code_coupons_code_fk" FOREIGN KEY ("coupon_code") REFERENCES "public"."coupons"("code") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_gift_offer_id_offers_id_fk" FOREIGN KEY ("gift_offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_cart_offer_gift_key" ON "cart_lines" USING btree ("cart_id","offer_id","is_gift");--> statement-breakpoint
CREATE INDEX "cart_lines_offer_idx" ON "cart_lines" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_uuid_key" ON "carts" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_customer_key" ON "carts" USING btree ("customer_id") WHERE "carts"."customer_id" is not null;--> statement-breakpoint
CREATE INDEX "carts_anonymous_last_used_idx" ON "carts" USING btree ("last_used_at") WHERE "carts"."customer_id" is null;