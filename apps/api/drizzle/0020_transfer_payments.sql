-- Bank transfer, courier tracking and the courier's cash (issue 30, decision 043).
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_method_check";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" in ('cash', 'transfer'));--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_url" text;--> statement-breakpoint
CREATE INDEX "orders_unpaid_transfer_idx" ON "orders" USING btree ("created_at") WHERE "orders"."payment_method" = 'transfer' and "orders"."paid_at" is null and "orders"."status" in ('pending', 'confirmed');
