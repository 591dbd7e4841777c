CREATE TABLE "product_image_variants" (
	"image_id" integer NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "product_image_variants_image_id_format_width_pk" PRIMARY KEY("image_id","format","width"),
	CONSTRAINT "product_image_variants_format_check" CHECK ("product_image_variants"."format" in ('webp', 'avif'))
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"position" integer NOT NULL,
	"hash" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" jsonb NOT NULL,
	"avif" boolean DEFAULT false NOT NULL,
	"source_format" text NOT NULL,
	"source_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_image_variants" ADD CONSTRAINT "product_image_variants_image_id_product_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."product_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
-- A photo added, moved or removed changes what the product answers show: the same notification as a
-- change to the products table empties every instance's product cache (decision 008, 019). The copies
-- (product_image_variants) are written with their photo's row, so that table needs no trigger.
CREATE TRIGGER product_images_changed_notify
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_images
  FOR EACH STATEMENT EXECUTE FUNCTION products_changed_notify();
