CREATE TABLE "counter_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"receipt_no" text NOT NULL,
	"customer_user_id" integer,
	"customer_name" text,
	"customer_phone" text,
	"customer_email" text,
	"gross_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"vat_percent" integer DEFAULT 18 NOT NULL,
	"cash_cents" integer DEFAULT 0 NOT NULL,
	"cash_given_cents" integer DEFAULT 0 NOT NULL,
	"change_cents" integer DEFAULT 0 NOT NULL,
	"pos_cents" integer DEFAULT 0 NOT NULL,
	"transfer_cents" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counter_sales_total_check" CHECK ("counter_sales"."total_cents" = "counter_sales"."gross_cents" - "counter_sales"."discount_cents" and "counter_sales"."discount_cents" >= 0 and "counter_sales"."total_cents" >= 0),
	CONSTRAINT "counter_sales_payment_check" CHECK ("counter_sales"."cash_cents" >= 0 and "counter_sales"."pos_cents" >= 0 and "counter_sales"."transfer_cents" >= 0 and "counter_sales"."cash_cents" + "counter_sales"."pos_cents" + "counter_sales"."transfer_cents" = "counter_sales"."total_cents" and "counter_sales"."change_cents" = "counter_sales"."cash_given_cents" - "counter_sales"."cash_cents" and "counter_sales"."change_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "counter_sale_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"product_id" text NOT NULL,
	"variant_id" integer,
	"name" text NOT NULL,
	"variant_title" text DEFAULT '' NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"sku" text,
	"imei" text,
	"unit_price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"warranty_months" integer,
	"returned_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "counter_sale_lines_qty_check" CHECK ("counter_sale_lines"."quantity" > 0 and ("counter_sale_lines"."imei" is null or "counter_sale_lines"."quantity" = 1)),
	CONSTRAINT "counter_sale_lines_returned_check" CHECK ("counter_sale_lines"."returned_quantity" between 0 and "counter_sale_lines"."quantity"),
	CONSTRAINT "counter_sale_lines_discount_check" CHECK ("counter_sale_lines"."discount_cents" >= 0 and "counter_sale_lines"."discount_cents" <= "counter_sale_lines"."unit_price_cents" * "counter_sale_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "counter_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"restock" boolean NOT NULL,
	"refund_method" text NOT NULL,
	"refund_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"override_reason" text,
	"created_by" integer,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counter_returns_method_check" CHECK ("counter_returns"."refund_method" in ('cash', 'pos', 'transfer')),
	CONSTRAINT "counter_returns_refund_check" CHECK ("counter_returns"."refund_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stock_units" ADD COLUMN "counter_line_id" integer;
--> statement-breakpoint
ALTER TABLE "warranty_sheets" ADD COLUMN "counter_line_id" integer;
--> statement-breakpoint
ALTER TABLE "warranty_sheets" ADD COLUMN "order_item_id" integer;
--> statement-breakpoint
ALTER TABLE "warranty_sheets" ADD COLUMN "voided_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "counter_returns" ADD CONSTRAINT "counter_returns_sale_id_counter_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."counter_sales"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "counter_returns" ADD CONSTRAINT "counter_returns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "counter_sale_lines" ADD CONSTRAINT "counter_sale_lines_sale_id_counter_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."counter_sales"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "counter_sales" ADD CONSTRAINT "counter_sales_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "counter_sales" ADD CONSTRAINT "counter_sales_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_units" ADD CONSTRAINT "stock_units_counter_line_id_counter_sale_lines_id_fk" FOREIGN KEY ("counter_line_id") REFERENCES "public"."counter_sale_lines"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "counter_returns_sale_idx" ON "counter_returns" USING btree ("sale_id","id");
--> statement-breakpoint
CREATE INDEX "counter_returns_created_idx" ON "counter_returns" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "counter_sale_lines_sale_idx" ON "counter_sale_lines" USING btree ("sale_id","id");
--> statement-breakpoint
CREATE INDEX "counter_sale_lines_imei_idx" ON "counter_sale_lines" USING btree ("imei");
--> statement-breakpoint
CREATE INDEX "counter_sales_created_idx" ON "counter_sales" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "counter_sales_customer_idx" ON "counter_sales" USING btree ("customer_user_id");
--> statement-breakpoint
ALTER TABLE "warranty_sheets" ADD CONSTRAINT "warranty_sheets_counter_line_id_counter_sale_lines_id_fk" FOREIGN KEY ("counter_line_id") REFERENCES "public"."counter_sale_lines"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "warranty_sheets" ADD CONSTRAINT "warranty_sheets_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "warranty_counter_line_idx" ON "warranty_sheets" USING btree ("counter_line_id");
--> statement-breakpoint
CREATE INDEX "warranty_order_item_idx" ON "warranty_sheets" USING btree ("order_item_id");