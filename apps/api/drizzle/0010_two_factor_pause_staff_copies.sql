-- Issue 24: second-factor failures counted per account (all IPs) with a growing pause, and the
-- staff copy of a mail that carries a secret (the link masked) shown in 'E-mailet' instead of the mail.
ALTER TABLE "mail_outbox" ADD COLUMN "staff_text" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "staff_html" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_paused_until" timestamp with time zone;