CREATE TABLE "attribute_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"attribute_code" text NOT NULL,
	"value" text NOT NULL,
	"label_fr" text NOT NULL,
	"label_en" text NOT NULL,
	"index" integer NOT NULL,
	"color_code" text
);
--> statement-breakpoint
CREATE TABLE "attributes" (
	"code" text PRIMARY KEY NOT NULL,
	"label_fr" text NOT NULL,
	"label_en" text NOT NULL,
	"display_type" text NOT NULL,
	"filter_type" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"level" integer NOT NULL,
	"slug_fr" text NOT NULL,
	"slug_en" text NOT NULL,
	"label_fr" text NOT NULL,
	"label_en" text NOT NULL,
	"path_fr" text NOT NULL,
	"path_en" text NOT NULL,
	"is_event" boolean DEFAULT false NOT NULL,
	CONSTRAINT "categories_level_check" CHECK ("categories"."level" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "marketing_content" (
	"key" text NOT NULL,
	"locale" text NOT NULL,
	"body" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_content_key_locale_pk" PRIMARY KEY("key","locale"),
	CONSTRAINT "marketing_content_locale_check" CHECK ("marketing_content"."locale" in ('fr_FR', 'en_US'))
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"picking_delay" integer DEFAULT 1 NOT NULL,
	"stock_quantity" integer NOT NULL,
	"logistic_class" text NOT NULL,
	"regular_price_cents" integer NOT NULL,
	"discount_price_cents" integer,
	"min_order_quantity" integer DEFAULT 1 NOT NULL,
	"max_order_quantity" integer,
	CONSTRAINT "offers_stock_check" CHECK ("offers"."stock_quantity" >= 0),
	CONSTRAINT "offers_price_check" CHECK ("offers"."regular_price_cents" > 0),
	CONSTRAINT "offers_discount_check" CHECK ("offers"."discount_price_cents" is null or ("offers"."discount_price_cents" > 0 and "offers"."discount_price_cents" < "offers"."regular_price_cents")),
	CONSTRAINT "offers_quantity_bounds_check" CHECK ("offers"."min_order_quantity" >= 1 and ("offers"."max_order_quantity" is null or "offers"."max_order_quantity" >= "offers"."min_order_quantity"))
);
--> statement-breakpoint
CREATE TABLE "pictures" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer,
	"position" integer NOT NULL,
	"is_cover" boolean DEFAULT false NOT NULL,
	"category" text DEFAULT 'PRODUCT' NOT NULL,
	"icon" text NOT NULL,
	"background" text NOT NULL,
	"foreground" text NOT NULL,
	"layout" text DEFAULT 'centered' NOT NULL,
	"video_url" text
);
--> statement-breakpoint
CREATE TABLE "product_attribute_values" (
	"product_id" integer NOT NULL,
	"attribute_value_id" integer NOT NULL,
	CONSTRAINT "product_attribute_values_product_id_attribute_value_id_pk" PRIMARY KEY("product_id","attribute_value_id")
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "product_categories_product_id_category_id_pk" PRIMARY KEY("product_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"slug_fr" text NOT NULL,
	"slug_en" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"description_fr" text NOT NULL,
	"description_en" text NOT NULL,
	"category_id" integer NOT NULL,
	"supplier_reference" text NOT NULL,
	"transport_weight_grams" integer NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"made_in_france" boolean DEFAULT false NOT NULL,
	"made_in_europe" boolean DEFAULT false NOT NULL,
	"up_cycling" boolean DEFAULT false NOT NULL,
	"limited_edition" boolean DEFAULT false NOT NULL,
	"configurable_attributes" text[] DEFAULT '{}'::text[] NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_fr" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('escale_fr', coalesce(name_fr, '')), 'A') || setweight(to_tsvector('escale_fr', coalesce(reference, '')), 'A') || setweight(to_tsvector('escale_fr', coalesce(description_fr, '')), 'C')) STORED,
	"search_en" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('escale_en', coalesce(name_en, '')), 'A') || setweight(to_tsvector('escale_en', coalesce(reference, '')), 'A') || setweight(to_tsvector('escale_en', coalesce(description_en, '')), 'C')) STORED,
	"sort_name_fr" text GENERATED ALWAYS AS (lower(escale_unaccent(name_fr))) STORED,
	"sort_name_en" text GENERATED ALWAYS AS (lower(escale_unaccent(name_en))) STORED,
	"prefix_fr" "tsvector" GENERATED ALWAYS AS (to_tsvector('escale_simple', coalesce(name_fr, ''))) STORED,
	"prefix_en" "tsvector" GENERATED ALWAYS AS (to_tsvector('escale_simple', coalesce(name_en, ''))) STORED,
	CONSTRAINT "products_tax_rate_check" CHECK ("products"."tax_rate_bp" between 0 and 10000),
	CONSTRAINT "products_weight_check" CHECK ("products"."transport_weight_grams" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"delivery_time" integer NOT NULL,
	"delivery_time_unit" text NOT NULL,
	"price_cents" integer NOT NULL,
	"tax_rate_bp" integer DEFAULT 2000 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "shipment_methods_price_check" CHECK ("shipment_methods"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "variant_attribute_values" (
	"variant_id" integer NOT NULL,
	"attribute_value_id" integer NOT NULL,
	CONSTRAINT "variant_attribute_values_variant_id_attribute_value_id_pk" PRIMARY KEY("variant_id","attribute_value_id")
);
--> statement-breakpoint
CREATE TABLE "variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"reference" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attribute_values" ADD CONSTRAINT "attribute_values_attribute_code_attributes_code_fk" FOREIGN KEY ("attribute_code") REFERENCES "public"."attributes"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pictures" ADD CONSTRAINT "pictures_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pictures" ADD CONSTRAINT "pictures_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attribute_values" ADD CONSTRAINT "product_attribute_values_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attribute_values" ADD CONSTRAINT "product_attribute_values_attribute_value_id_attribute_values_id_fk" FOREIGN KEY ("attribute_value_id") REFERENCES "public"."attribute_values"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_attribute_values" ADD CONSTRAINT "variant_attribute_values_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_attribute_values" ADD CONSTRAINT "variant_attribute_values_attribute_value_id_attribute_values_id_fk" FOREIGN KEY ("attribute_value_id") REFERENCES "public"."attribute_values"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attribute_values_code_value_key" ON "attribute_values" USING btree ("attribute_code","value");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_path_fr_key" ON "categories" USING btree ("path_fr");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_path_en_key" ON "categories" USING btree ("path_en");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_variant_shop_key" ON "offers" USING btree ("variant_id","shop_id");--> statement-breakpoint
CREATE INDEX "pictures_product_idx" ON "pictures" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_categories_category_idx" ON "product_categories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_reference_key" ON "products" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_fr_key" ON "products" USING btree ("slug_fr");--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_en_key" ON "products" USING btree ("slug_en");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_sort_name_fr_idx" ON "products" USING btree ("sort_name_fr","id");--> statement-breakpoint
CREATE INDEX "products_sort_name_en_idx" ON "products" USING btree ("sort_name_en","id");--> statement-breakpoint
CREATE INDEX "products_popularity_idx" ON "products" USING btree ("popularity","id");--> statement-breakpoint
CREATE INDEX "products_search_fr_idx" ON "products" USING gin ("search_fr");--> statement-breakpoint
CREATE INDEX "products_search_en_idx" ON "products" USING gin ("search_en");--> statement-breakpoint
CREATE INDEX "products_prefix_fr_idx" ON "products" USING gin ("prefix_fr");--> statement-breakpoint
CREATE INDEX "products_prefix_en_idx" ON "products" USING gin ("prefix_en");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_methods_carrier_key" ON "shipment_methods" USING btree ("carrier");--> statement-breakpoint
CREATE INDEX "variant_attribute_values_value_idx" ON "variant_attribute_values" USING btree ("attribute_value_id");--> statement-breakpoint
CREATE UNIQUE INDEX "variants_reference_key" ON "variants" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "variants_product_idx" ON "variants" USING btree ("product_id");