CREATE TABLE "order_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" integer,
	"actor_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_stock" (
	"product_id" text PRIMARY KEY NOT NULL,
	"quantity" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_stock_quantity_check" CHECK ("product_stock"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment" text DEFAULT 'pickup' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'cash' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_percent" integer DEFAULT 18 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "delivery" jsonb;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "product_stock_low_idx" ON "product_stock" USING btree ("quantity");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment_check" CHECK ("orders"."fulfilment" in ('pickup', 'delivery'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" in ('cash'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_fee_check" CHECK ("orders"."delivery_fee_cents" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled'));--> statement-breakpoint
-- Written by hand below (decision 015). Stock changes reach the product cache (the products_changed
-- notification of migration 0001) only when shoppers could see the difference: at or below 5 units
-- (LOW_STOCK_AT in packages/shared/src/domain/orders.ts) a product shows how many are left.
CREATE FUNCTION product_stock_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' OR OLD.quantity <= 5 OR NEW.quantity <= 5 THEN
    PERFORM pg_notify('products_changed', '');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_stock_changed_notify
  AFTER INSERT OR UPDATE OR DELETE ON product_stock
  FOR EACH ROW EXECUTE FUNCTION product_stock_changed_notify();
--> statement-breakpoint
CREATE TRIGGER product_stock_truncated_notify
  AFTER TRUNCATE ON product_stock
  FOR EACH STATEMENT EXECUTE FUNCTION products_changed_notify();
--> statement-breakpoint
-- Products of a shop that ran before stock was kept get plausible shelves (gift cards stay unlimited):
-- phones from 1000 EUR 6 units, other phones 12, cases and accessories 40.
INSERT INTO "product_stock" ("product_id", "quantity")
SELECT "id", CASE WHEN "category" = 'phone' AND "price_cents" >= 100000 THEN 6 WHEN "category" = 'phone' THEN 12 ELSE 40 END
FROM "products" WHERE "category" <> 'giftcard';
--> statement-breakpoint
-- Every existing order gets its history: placed (pending), then its current status if it moved.
INSERT INTO "order_status_history" ("order_id", "from_status", "to_status", "actor_type", "actor_id", "created_at")
SELECT "id", NULL, 'pending', 'customer', "user_id", "created_at" FROM "orders";
--> statement-breakpoint
INSERT INTO "order_status_history" ("order_id", "from_status", "to_status", "actor_type", "created_at")
SELECT "id", 'pending', "status", 'staff', "updated_at" FROM "orders" WHERE "status" <> 'pending';
--> statement-breakpoint
-- Pickup orders placed before: the account's name and phone at the time of the migration.
UPDATE "orders" SET "customer_name" = "users"."name", "phone" = "users"."phone" FROM "users" WHERE "orders"."user_id" = "users"."id";
