-- Decision 052: an online order's gift cards are made when staff hand the parcel over (the insert
-- goes in it) but have no value until the order is delivered: a card's state ('active', 'waiting',
-- 'voided'), and two ledger kinds that carry no money ('waiting' at the hand-over, 'voided' when the
-- order is cancelled before delivery). Every card issued before is active.
ALTER TABLE "store_gift_cards" ADD COLUMN "state" text DEFAULT 'active' NOT NULL;
--> statement-breakpoint
ALTER TABLE "store_gift_cards" ADD CONSTRAINT "store_gift_cards_state_check" CHECK ("store_gift_cards"."state" in ('active', 'waiting', 'voided'));
--> statement-breakpoint
CREATE INDEX "store_gift_cards_order_idx" ON "store_gift_cards" USING btree ("order_id") WHERE "store_gift_cards"."order_id" is not null;
--> statement-breakpoint
ALTER TABLE "gift_card_entries" DROP CONSTRAINT "gift_card_entries_kind_check";
--> statement-breakpoint
ALTER TABLE "gift_card_entries" ADD CONSTRAINT "gift_card_entries_kind_check" CHECK ("gift_card_entries"."kind" in ('issued', 'spent', 'refunded', 'adjusted', 'waiting', 'voided'));
--> statement-breakpoint
ALTER TABLE "gift_card_entries" DROP CONSTRAINT "gift_card_entries_amount_check";
--> statement-breakpoint
ALTER TABLE "gift_card_entries" ADD CONSTRAINT "gift_card_entries_amount_check" CHECK (("gift_card_entries"."kind" in ('waiting', 'voided') and "gift_card_entries"."amount_cents" = 0) or ("gift_card_entries"."kind" not in ('waiting', 'voided') and "gift_card_entries"."amount_cents" <> 0));
