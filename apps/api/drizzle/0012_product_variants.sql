CREATE TABLE "product_option_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"option_id" integer NOT NULL,
	"position" integer NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "product_option_values_value_check" CHECK (char_length("product_option_values"."value") between 1 and 40)
);
--> statement-breakpoint
CREATE TABLE "product_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "product_options_name_check" CHECK (char_length("product_options"."name") between 1 and 40)
);
--> statement-breakpoint
CREATE TABLE "product_variant_images" (
	"variant_id" integer NOT NULL,
	"image_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "product_variant_images_variant_id_image_id_pk" PRIMARY KEY("variant_id","image_id")
);
--> statement-breakpoint
CREATE TABLE "product_variant_values" (
	"variant_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"value_id" integer NOT NULL,
	CONSTRAINT "product_variant_values_variant_id_option_id_pk" PRIMARY KEY("variant_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"position" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"combination" text DEFAULT '' NOT NULL,
	"sku" text NOT NULL,
	"barcode" text,
	"price_cents" integer NOT NULL,
	"old_price_cents" integer,
	"stock" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_price_check" CHECK ("product_variants"."price_cents" >= 0),
	CONSTRAINT "product_variants_old_price_check" CHECK ("product_variants"."old_price_cents" is null or "product_variants"."old_price_cents" >= 0),
	CONSTRAINT "product_variants_stock_check" CHECK ("product_variants"."stock" is null or "product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_sku_check" CHECK (char_length("product_variants"."sku") between 1 and 200),
	CONSTRAINT "product_variants_barcode_check" CHECK ("product_variants"."barcode" is null or "product_variants"."barcode" ~ '^([0-9]{8}|[0-9]{12,14})$')
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_title" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "product_option_values" ADD CONSTRAINT "product_option_values_option_id_product_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."product_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "product_variant_images" ADD CONSTRAINT "product_variant_images_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variant_images" ADD CONSTRAINT "product_variant_images_image_id_product_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."product_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variant_values" ADD CONSTRAINT "product_variant_values_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variant_values" ADD CONSTRAINT "product_variant_values_option_id_product_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."product_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variant_values" ADD CONSTRAINT "product_variant_values_value_id_product_option_values_id_fk" FOREIGN KEY ("value_id") REFERENCES "public"."product_option_values"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "product_option_values_position_idx" ON "product_option_values" USING btree ("option_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_option_values_value_idx" ON "product_option_values" USING btree ("option_id",lower("value"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_options_position_idx" ON "product_options" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_options_name_idx" ON "product_options" USING btree ("product_id",lower("name"));--> statement-breakpoint
CREATE INDEX "product_variant_images_image_idx" ON "product_variant_images" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "product_variant_values_value_idx" ON "product_variant_values" USING btree ("value_id");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_default_idx" ON "product_variants" USING btree ("product_id") WHERE "product_variants"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_combination_idx" ON "product_variants" USING btree ("product_id","combination");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_idx" ON "product_variants" USING btree (lower("sku"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_barcode_idx" ON "product_variants" USING btree ("barcode");--> statement-breakpoint
CREATE INDEX "product_variants_low_idx" ON "product_variants" USING btree ("stock");--> statement-breakpoint
-- Written by hand below (decision 039). Every product has exactly one default variant, and the
-- products row mirrors its price and old price (the contract's lists and the catalogue's price
-- sort and facets read them there, on products' indexes). A product inserted by anyone (the admin,
-- the seed, a test, SQL typed by hand) gets its default variant here: its SKU is the product's own
-- when no other variant has it, else the id in capitals (domain/variants defaultVariantSku), with
-- -2, -3... if even that is taken; its stock is not tracked (null) until someone sets one.
CREATE FUNCTION product_default_variant_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  candidate text := coalesce(nullif(btrim(NEW.sku), ''), upper(NEW.id));
  n integer := 1;
BEGIN
  IF EXISTS (SELECT 1 FROM product_variants WHERE lower(sku) = lower(candidate)) THEN
    candidate := upper(NEW.id);
    WHILE EXISTS (SELECT 1 FROM product_variants WHERE lower(sku) = lower(CASE WHEN n = 1 THEN candidate ELSE candidate || '-' || n END)) LOOP
      n := n + 1;
    END LOOP;
    IF n > 1 THEN candidate := candidate || '-' || n; END IF;
  END IF;
  INSERT INTO product_variants (product_id, position, is_default, combination, sku, price_cents, old_price_cents, stock)
  VALUES (NEW.id, 0, true, '', candidate, NEW.price_cents, NEW.old_price_cents, NULL);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_default_variant_insert
  AFTER INSERT ON products
  FOR EACH ROW EXECUTE FUNCTION product_default_variant_insert();
--> statement-breakpoint
-- A price written on the products row (the contract's PUT /api/admin/products/{id}, SQL by hand)
-- is the default variant's price, and the default variant's price is the products row's: each side
-- follows the other, and stops when they agree.
CREATE FUNCTION product_price_to_default_variant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_variants SET price_cents = NEW.price_cents, old_price_cents = NEW.old_price_cents, updated_at = now()
  WHERE product_id = NEW.id AND is_default
    AND (price_cents, old_price_cents) IS DISTINCT FROM (NEW.price_cents, NEW.old_price_cents);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_price_to_default_variant
  AFTER UPDATE OF price_cents, old_price_cents ON products
  FOR EACH ROW WHEN ((OLD.price_cents, OLD.old_price_cents) IS DISTINCT FROM (NEW.price_cents, NEW.old_price_cents))
  EXECUTE FUNCTION product_price_to_default_variant();
--> statement-breakpoint
CREATE FUNCTION default_variant_price_to_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET price_cents = NEW.price_cents, old_price_cents = NEW.old_price_cents, updated_at = now()
  WHERE id = NEW.product_id
    AND (price_cents, old_price_cents) IS DISTINCT FROM (NEW.price_cents, NEW.old_price_cents);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER default_variant_price_to_product
  AFTER INSERT OR UPDATE OF price_cents, old_price_cents, is_default ON product_variants
  FOR EACH ROW WHEN (NEW.is_default)
  EXECUTE FUNCTION default_variant_price_to_product();
--> statement-breakpoint
-- Variants reach the product cache (the products_changed notification of 0001) as product_stock
-- did (0004): every insert, delete and change but the stock's, and a stock change only when
-- shoppers could see it: at or below 5 units (LOW_STOCK_AT in packages/shared/src/domain/orders.ts),
-- or between tracked and not tracked.
CREATE FUNCTION product_variants_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE'
    OR (OLD.stock IS NULL) <> (NEW.stock IS NULL)
    OR OLD.stock <= 5 OR NEW.stock <= 5
    OR (OLD.sku, OLD.barcode, OLD.price_cents, OLD.old_price_cents, OLD.is_default, OLD.combination, OLD.position)
      IS DISTINCT FROM (NEW.sku, NEW.barcode, NEW.price_cents, NEW.old_price_cents, NEW.is_default, NEW.combination, NEW.position) THEN
    PERFORM pg_notify('products_changed', '');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_variants_changed_notify
  AFTER INSERT OR UPDATE OR DELETE ON product_variants
  FOR EACH ROW EXECUTE FUNCTION product_variants_changed_notify();
--> statement-breakpoint
CREATE TRIGGER product_variants_truncated_notify
  AFTER TRUNCATE ON product_variants
  FOR EACH STATEMENT EXECUTE FUNCTION products_changed_notify();
--> statement-breakpoint
CREATE TRIGGER product_options_changed_notify
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_options
  FOR EACH STATEMENT EXECUTE FUNCTION products_changed_notify();
--> statement-breakpoint
CREATE TRIGGER product_option_values_changed_notify
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_option_values
  FOR EACH STATEMENT EXECUTE FUNCTION products_changed_notify();
--> statement-breakpoint
CREATE TRIGGER product_variant_values_changed_notify
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_variant_values
  FOR EACH STATEMENT EXECUTE FUNCTION products_changed_notify();
--> statement-breakpoint
CREATE TRIGGER product_variant_images_changed_notify
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_variant_images
  FOR EACH STATEMENT EXECUTE FUNCTION products_changed_notify();
--> statement-breakpoint
-- The products of today move over without loss: each gets its default variant carrying its price,
-- old price and units (a product without a product_stock row stays not tracked). The SKU is the
-- product's own when no other product has it (in any letter case) and no id reads as it, else the
-- id in capitals (ids are unique in any case). Migration 0013 then drops product_stock.
INSERT INTO product_variants (product_id, position, is_default, combination, sku, price_cents, old_price_cents, stock)
SELECT p.id, 0, true, '',
  CASE
    WHEN nullif(btrim(p.sku), '') IS NOT NULL
      AND (SELECT count(*) FROM products q WHERE lower(btrim(q.sku)) = lower(btrim(p.sku))) = 1
      AND NOT EXISTS (SELECT 1 FROM products q WHERE upper(q.id) = upper(btrim(p.sku)))
    THEN btrim(p.sku)
    ELSE upper(p.id)
  END,
  p.price_cents, p.old_price_cents, s.quantity
FROM products p LEFT JOIN product_stock s ON s.product_id = p.id;
