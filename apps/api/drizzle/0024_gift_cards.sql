-- Gift cards that are money (issue 29, decision 048): the products that issue them, the cards (the
-- code's SHA-256 and last 4 characters, never the code), their ledger, and what a card paid of an
-- order or a counter sale.
ALTER TABLE "products" ADD COLUMN "gift_card_value_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gift_card_value_check" CHECK ("products"."gift_card_value_cents" is null or "products"."gift_card_value_cents" > 0);--> statement-breakpoint
-- The contract's four physical cards (50, 75, 100 and 200 euro, sold at their own prices).
UPDATE "products" SET "gift_card_value_cents" = v.cents
FROM (VALUES ('karte-dhurate-50', 5000), ('karte-dhurate-75', 7500), ('karte-dhurate-100', 10000), ('karte-dhurate-200', 20000)) AS v(id, cents)
WHERE "products"."id" = v.id;--> statement-breakpoint
CREATE TABLE "store_gift_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"last4" text NOT NULL,
	"value_cents" integer NOT NULL,
	"source" text NOT NULL,
	"order_id" integer,
	"counter_sale_id" integer,
	"reason" text,
	"issued_by" integer,
	"issued_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_gift_cards_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "store_gift_cards_source_check" CHECK ("store_gift_cards"."source" in ('counter', 'order', 'manual')),
	CONSTRAINT "store_gift_cards_value_check" CHECK ("store_gift_cards"."value_cents" > 0)
);--> statement-breakpoint
CREATE TABLE "gift_card_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"order_id" integer,
	"counter_sale_id" integer,
	"reason" text,
	"actor_id" integer,
	"actor_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_entries_kind_check" CHECK ("gift_card_entries"."kind" in ('issued', 'spent', 'refunded', 'adjusted')),
	CONSTRAINT "gift_card_entries_amount_check" CHECK ("gift_card_entries"."amount_cents" <> 0)
);--> statement-breakpoint
ALTER TABLE "store_gift_cards" ADD CONSTRAINT "store_gift_cards_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_gift_cards" ADD CONSTRAINT "store_gift_cards_counter_sale_id_counter_sales_id_fk" FOREIGN KEY ("counter_sale_id") REFERENCES "public"."counter_sales"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_gift_cards" ADD CONSTRAINT "store_gift_cards_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_entries" ADD CONSTRAINT "gift_card_entries_card_id_store_gift_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."store_gift_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_entries" ADD CONSTRAINT "gift_card_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_entries" ADD CONSTRAINT "gift_card_entries_counter_sale_id_counter_sales_id_fk" FOREIGN KEY ("counter_sale_id") REFERENCES "public"."counter_sales"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_entries" ADD CONSTRAINT "gift_card_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_gift_cards_created_idx" ON "store_gift_cards" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "store_gift_cards_last4_idx" ON "store_gift_cards" USING btree ("last4");--> statement-breakpoint
CREATE INDEX "gift_card_entries_card_idx" ON "gift_card_entries" USING btree ("card_id","id");--> statement-breakpoint
CREATE INDEX "gift_card_entries_order_idx" ON "gift_card_entries" USING btree ("order_id") WHERE "gift_card_entries"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "gift_card_entries_sale_idx" ON "gift_card_entries" USING btree ("counter_sale_id") WHERE "gift_card_entries"."counter_sale_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_card_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_gift_card_check" CHECK ("orders"."gift_card_cents" >= 0 and "orders"."gift_card_cents" <= "orders"."total_cents");--> statement-breakpoint
ALTER TABLE "counter_sales" ADD COLUMN "gift_card_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "counter_sales" DROP CONSTRAINT "counter_sales_payment_check";--> statement-breakpoint
ALTER TABLE "counter_sales" ADD CONSTRAINT "counter_sales_payment_check" CHECK ("counter_sales"."cash_cents" >= 0 and "counter_sales"."pos_cents" >= 0 and "counter_sales"."transfer_cents" >= 0 and "counter_sales"."gift_card_cents" >= 0 and "counter_sales"."cash_cents" + "counter_sales"."pos_cents" + "counter_sales"."transfer_cents" + "counter_sales"."gift_card_cents" = "counter_sales"."total_cents" and "counter_sales"."change_cents" = "counter_sales"."cash_given_cents" - "counter_sales"."cash_cents" and "counter_sales"."change_cents" >= 0);
