ALTER TABLE "counter_sales" ADD COLUMN "till" text DEFAULT 'Arka 1' NOT NULL;
--> statement-breakpoint
CREATE INDEX "counter_sales_till_idx" ON "counter_sales" USING btree ("till","created_at");
--> statement-breakpoint
ALTER TABLE "counter_returns" ADD COLUMN "till" text DEFAULT 'Arka 1' NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "returned_quantity" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_returned_check" CHECK ("order_items"."returned_quantity" between 0 and "order_items"."quantity");
--> statement-breakpoint
CREATE TABLE "day_closes" (
	"id" serial PRIMARY KEY NOT NULL,
	"till" text NOT NULL,
	"day" date NOT NULL,
	"opening_float_cents" integer NOT NULL,
	"expected_cash_cents" integer NOT NULL,
	"counted_cash_cents" integer NOT NULL,
	"difference_cents" integer NOT NULL,
	"sales_count" integer NOT NULL,
	"returns_count" integer NOT NULL,
	"figures" jsonb NOT NULL,
	"note" text,
	"closed_by" integer,
	"closed_by_email" text,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "day_closes_difference_check" CHECK ("day_closes"."difference_cents" = "day_closes"."counted_cash_cents" - "day_closes"."expected_cash_cents"),
	CONSTRAINT "day_closes_amounts_check" CHECK ("day_closes"."counted_cash_cents" >= 0 and "day_closes"."opening_float_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "day_closes_till_day_idx" ON "day_closes" USING btree ("till","day");
--> statement-breakpoint
CREATE INDEX "day_closes_closed_idx" ON "day_closes" USING btree ("closed_at");
--> statement-breakpoint
CREATE FUNCTION day_closes_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Mbyllja e ditës nuk ndryshohet dhe nuk fshihet.' USING ERRCODE = 'check_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER day_closes_frozen BEFORE UPDATE OR DELETE ON "day_closes" FOR EACH ROW EXECUTE FUNCTION day_closes_frozen();
--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"restock" boolean NOT NULL,
	"refund_method" text NOT NULL,
	"refund_cents" integer NOT NULL,
	"till" text NOT NULL,
	"reason" text NOT NULL,
	"override_reason" text,
	"created_by" integer,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_returns_method_check" CHECK ("order_returns"."refund_method" in ('cash', 'pos', 'transfer')),
	CONSTRAINT "order_returns_refund_check" CHECK ("order_returns"."refund_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "order_returns_order_idx" ON "order_returns" USING btree ("order_id","id");
--> statement-breakpoint
CREATE INDEX "order_returns_created_idx" ON "order_returns" USING btree ("created_at");
