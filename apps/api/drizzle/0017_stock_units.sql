CREATE TABLE "stock_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"imei" text NOT NULL,
	"variant_id" integer NOT NULL,
	"status" text DEFAULT 'in_stock' NOT NULL,
	"supplier" text,
	"purchase_price_cents" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_by" integer,
	"order_item_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_units_status_check" CHECK ("stock_units"."status" in ('in_stock', 'reserved', 'sold', 'returned', 'in_repair')),
	CONSTRAINT "stock_units_imei_check" CHECK ("stock_units"."imei" ~ '^[0-9]{14,15}$'),
	CONSTRAINT "stock_units_price_check" CHECK ("stock_units"."purchase_price_cents" is null or "stock_units"."purchase_price_cents" >= 0),
	CONSTRAINT "stock_units_supplier_check" CHECK ("stock_units"."supplier" is null or char_length("stock_units"."supplier") between 1 and 120),
	CONSTRAINT "stock_units_reserved_check" CHECK ("stock_units"."status" <> 'reserved' or "stock_units"."order_item_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "serialized" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "imeis" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_units" ADD CONSTRAINT "stock_units_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_units" ADD CONSTRAINT "stock_units_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_units_imei_idx" ON "stock_units" USING btree ("imei");--> statement-breakpoint
CREATE INDEX "stock_units_variant_idx" ON "stock_units" USING btree ("variant_id","status","id");--> statement-breakpoint
CREATE INDEX "stock_units_order_item_idx" ON "stock_units" USING btree ("order_item_id");