-- Issue 26 (decision 034): each amount of a repair's history (the estimate sent, the amount approved,
-- the final price), the pattern lock sealed like the PIN, and the hand-over's price, payment and warranty.
ALTER TABLE "repair_history" ADD COLUMN "amount_cents" integer;--> statement-breakpoint
ALTER TABLE "repair_tickets" ADD COLUMN "pattern_cipher" text;--> statement-breakpoint
ALTER TABLE "repair_tickets" ADD COLUMN "final_price_cents" integer;--> statement-breakpoint
ALTER TABLE "repair_tickets" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "repair_tickets" ADD COLUMN "warranty_months" integer;--> statement-breakpoint
ALTER TABLE "repair_tickets" ADD COLUMN "warranty_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "repair_tickets" ADD CONSTRAINT "repair_tickets_closed_pattern_check" CHECK ("repair_tickets"."pattern_cipher" is null or "repair_tickets"."status" not in ('delivered', 'cancelled', 'unrepaired'));--> statement-breakpoint
ALTER TABLE "repair_tickets" ADD CONSTRAINT "repair_tickets_final_price_check" CHECK ("repair_tickets"."final_price_cents" is null or "repair_tickets"."final_price_cents" >= 0);--> statement-breakpoint
ALTER TABLE "repair_tickets" ADD CONSTRAINT "repair_tickets_warranty_final_check" CHECK (not "repair_tickets"."warranty" or "repair_tickets"."final_price_cents" is null or "repair_tickets"."final_price_cents" = 0);--> statement-breakpoint
ALTER TABLE "repair_tickets" ADD CONSTRAINT "repair_tickets_payment_check" CHECK ("repair_tickets"."payment_method" is null or "repair_tickets"."payment_method" in ('Cash', 'Transfer Bankar', 'POS'));--> statement-breakpoint
ALTER TABLE "repair_tickets" ADD CONSTRAINT "repair_tickets_warranty_months_check" CHECK ("repair_tickets"."warranty_months" is null or "repair_tickets"."warranty_months" between 0 and 24);