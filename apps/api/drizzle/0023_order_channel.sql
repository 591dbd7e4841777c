-- Where an order came from (issue 30, decision 047): the site, or a chat staff turned into an order.
ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_check" CHECK ("orders"."channel" in ('web', 'whatsapp', 'viber', 'telefon'));
