-- A return (at the counter, or of a delivered online order) gives a gift card's part back to the
-- card first (decision 048); the till pays only the rest. The part is kept on the return so the day's close (decision 051) counts the
-- till's refunds by method without the card's part, and the card's part on a row of its own.
ALTER TABLE "counter_returns" ADD COLUMN "gift_card_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "counter_returns" ADD CONSTRAINT "counter_returns_gift_card_check" CHECK ("counter_returns"."gift_card_cents" between 0 and "counter_returns"."refund_cents");
--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "gift_card_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_gift_card_check" CHECK ("order_returns"."gift_card_cents" between 0 and "order_returns"."refund_cents");
