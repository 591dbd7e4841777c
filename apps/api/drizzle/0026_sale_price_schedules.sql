-- Scheduled sale prices ('Ulje me afat', issue 29, decision 050). Written by hand (drizzle-kit
-- generate is broken): one row per variant and span; the job of services/sale-price-job.ts moves
-- planned -> active -> ended, cancelling is the owner's. Overlaps are refused by the service under
-- the product's lock (btree_gist, for an exclusion constraint, is not in PGlite).
CREATE TABLE "sale_price_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"variant_id" integer NOT NULL,
	"sale_price_cents" integer NOT NULL,
	"sale_old_price_cents" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'planned' NOT NULL,
	"regular_price_cents" integer,
	"regular_old_price_cents" integer,
	"outcome" text,
	"created_by" integer,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "sale_price_schedules_state_check" CHECK ("sale_price_schedules"."state" in ('planned', 'active', 'ended', 'cancelled')),
	CONSTRAINT "sale_price_schedules_outcome_check" CHECK ("sale_price_schedules"."outcome" is null or "sale_price_schedules"."outcome" in ('restored', 'kept', 'skipped')),
	CONSTRAINT "sale_price_schedules_price_check" CHECK ("sale_price_schedules"."sale_price_cents" > 0),
	CONSTRAINT "sale_price_schedules_old_price_check" CHECK ("sale_price_schedules"."sale_old_price_cents" is null or "sale_price_schedules"."sale_old_price_cents" > "sale_price_schedules"."sale_price_cents"),
	CONSTRAINT "sale_price_schedules_span_check" CHECK ("sale_price_schedules"."ends_at" > "sale_price_schedules"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "sale_price_schedules" ADD CONSTRAINT "sale_price_schedules_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sale_price_schedules" ADD CONSTRAINT "sale_price_schedules_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_price_schedules" ADD CONSTRAINT "sale_price_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_price_schedules_variant_idx" ON "sale_price_schedules" USING btree ("variant_id","starts_at");--> statement-breakpoint
CREATE INDEX "sale_price_schedules_product_idx" ON "sale_price_schedules" USING btree ("product_id","starts_at");--> statement-breakpoint
CREATE INDEX "sale_price_schedules_due_start_idx" ON "sale_price_schedules" USING btree ("starts_at") WHERE "sale_price_schedules"."state" = 'planned';--> statement-breakpoint
CREATE INDEX "sale_price_schedules_due_end_idx" ON "sale_price_schedules" USING btree ("ends_at") WHERE "sale_price_schedules"."state" = 'active';
