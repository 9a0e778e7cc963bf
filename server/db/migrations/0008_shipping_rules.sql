CREATE TABLE "cart_shipment_methods" (
	"cart_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"method_id" integer NOT NULL,
	CONSTRAINT "cart_shipment_methods_cart_id_shop_id_pk" PRIMARY KEY("cart_id","shop_id")
);
--> statement-breakpoint
CREATE TABLE "shipment_method_zones" (
	"method_id" integer NOT NULL,
	"zone_code" text NOT NULL,
	"delivery_time" integer NOT NULL,
	"delivery_time_unit" text NOT NULL,
	CONSTRAINT "shipment_method_zones_method_id_zone_code_pk" PRIMARY KEY("method_id","zone_code"),
	CONSTRAINT "shipment_method_zones_delivery_time_check" CHECK ("shipment_method_zones"."delivery_time" > 0),
	CONSTRAINT "shipment_method_zones_unit_check" CHECK ("shipment_method_zones"."delivery_time_unit" in ('DAY', 'HOUR'))
);
--> statement-breakpoint
CREATE TABLE "shipment_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"method_id" integer NOT NULL,
	"zone_code" text NOT NULL,
	"min_weight_grams" integer DEFAULT 0 NOT NULL,
	"max_weight_grams" integer NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "shipment_rates_weight_check" CHECK ("shipment_rates"."min_weight_grams" >= 0 and "shipment_rates"."max_weight_grams" >= "shipment_rates"."min_weight_grams"),
	CONSTRAINT "shipment_rates_price_check" CHECK ("shipment_rates"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_zone_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_code" text NOT NULL,
	"country" text NOT NULL,
	"post_code_prefix" text DEFAULT '' NOT NULL,
	CONSTRAINT "shipping_zone_areas_country_check" CHECK ("shipping_zone_areas"."country" ~ '^([A-Z]{2}|[*])$'),
	CONSTRAINT "shipping_zone_areas_prefix_check" CHECK ("shipping_zone_areas"."post_code_prefix" ~ '^[0-9A-Z]*$' and ("shipping_zone_areas"."country" <> '*' or "shipping_zone_areas"."post_code_prefix" = ''))
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"code" text PRIMARY KEY NOT NULL,
	"label_fr" text NOT NULL,
	"label_en" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipment_methods" DROP CONSTRAINT "shipment_methods_price_check";--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "relay_point_id" text;--> statement-breakpoint
ALTER TABLE "shipment_methods" ADD COLUMN "delivery_mode" text DEFAULT 'HOME' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_methods" ADD COLUMN "requires_company" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_methods" ADD COLUMN "pickup_address" jsonb;--> statement-breakpoint
ALTER TABLE "cart_shipment_methods" ADD CONSTRAINT "cart_shipment_methods_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_shipment_methods" ADD CONSTRAINT "cart_shipment_methods_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_shipment_methods" ADD CONSTRAINT "cart_shipment_methods_method_id_shipment_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."shipment_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_method_zones" ADD CONSTRAINT "shipment_method_zones_method_id_shipment_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."shipment_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_method_zones" ADD CONSTRAINT "shipment_method_zones_zone_code_shipping_zones_code_fk" FOREIGN KEY ("zone_code") REFERENCES "public"."shipping_zones"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "shipment_rates" ADD CONSTRAINT "shipment_rates_method_zone_fk" FOREIGN KEY ("method_id","zone_code") REFERENCES "public"."shipment_method_zones"("method_id","zone_code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "shipping_zone_areas" ADD CONSTRAINT "shipping_zone_areas_zone_code_shipping_zones_code_fk" FOREIGN KEY ("zone_code") REFERENCES "public"."shipping_zones"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "cart_shipment_methods_method_idx" ON "cart_shipment_methods" USING btree ("method_id");--> statement-breakpoint
CREATE INDEX "shipment_method_zones_zone_idx" ON "shipment_method_zones" USING btree ("zone_code");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_rates_band_key" ON "shipment_rates" USING btree ("method_id","zone_code","min_weight_grams");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_zone_areas_country_prefix_key" ON "shipping_zone_areas" USING btree ("country","post_code_prefix");--> statement-breakpoint
ALTER TABLE "shipment_methods" DROP COLUMN "delivery_time";--> statement-breakpoint
ALTER TABLE "shipment_methods" DROP COLUMN "delivery_time_unit";--> statement-breakpoint
ALTER TABLE "shipment_methods" DROP COLUMN "price_cents";--> statement-breakpoint
ALTER TABLE "shipment_methods" ADD CONSTRAINT "shipment_methods_delivery_mode_check" CHECK ("shipment_methods"."delivery_mode" in ('HOME', 'RELAY', 'STORE'));--> statement-breakpoint
ALTER TABLE "shipment_methods" ADD CONSTRAINT "shipment_methods_pickup_address_check" CHECK (("shipment_methods"."delivery_mode" = 'STORE') = ("shipment_methods"."pickup_address" is not null));--> statement-breakpoint
ALTER TABLE "shipment_methods" ADD CONSTRAINT "shipment_methods_tax_rate_check" CHECK ("shipment_methods"."tax_rate_bp" between 0 and 10000);