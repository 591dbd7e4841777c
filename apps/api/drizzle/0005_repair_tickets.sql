CREATE TABLE "repair_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" integer,
	"actor_email" text,
	"note" text DEFAULT '' NOT NULL,
	"customer_note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repair_history_actor_check" CHECK ("repair_history"."actor_type" in ('staff', 'customer')),
	CONSTRAINT "repair_history_to_check" CHECK ("repair_history"."to_status" in ('received', 'diagnosing', 'awaiting-approval', 'awaiting-parts', 'repairing', 'ready', 'delivered', 'cancelled', 'unrepaired'))
);
--> statement-breakpoint
CREATE TABLE "repair_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"user_id" integer,
	"customer_name" text NOT NULL,
	"customer_phone" text NOT NULL,
	"customer_email" text DEFAULT '' NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"imei" text NOT NULL,
	"colour" text DEFAULT '' NOT NULL,
	"fault" text NOT NULL,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"condition_notes" text DEFAULT '' NOT NULL,
	"accessories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pin_cipher" text,
	"estimate_cents" integer,
	"deposit_cents" integer DEFAULT 0 NOT NULL,
	"technician" text DEFAULT '' NOT NULL,
	"warranty" boolean DEFAULT false NOT NULL,
	"warranty_sheet_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "repair_tickets_status_check" CHECK ("repair_tickets"."status" in ('received', 'diagnosing', 'awaiting-approval', 'awaiting-parts', 'repairing', 'ready', 'delivered', 'cancelled', 'unrepaired')),
	CONSTRAINT "repair_tickets_estimate_check" CHECK ("repair_tickets"."estimate_cents" is null or "repair_tickets"."estimate_cents" >= 0),
	CONSTRAINT "repair_tickets_deposit_check" CHECK ("repair_tickets"."deposit_cents" >= 0),
	CONSTRAINT "repair_tickets_warranty_free_check" CHECK (not "repair_tickets"."warranty" or "repair_tickets"."estimate_cents" = 0),
	CONSTRAINT "repair_tickets_closed_pin_check" CHECK ("repair_tickets"."pin_cipher" is null or "repair_tickets"."status" not in ('delivered', 'cancelled', 'unrepaired'))
);
--> statement-breakpoint
ALTER TABLE "repair_history" ADD CONSTRAINT "repair_history_ticket_id_repair_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."repair_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_history" ADD CONSTRAINT "repair_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_tickets" ADD CONSTRAINT "repair_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_tickets" ADD CONSTRAINT "repair_tickets_warranty_sheet_id_warranty_sheets_id_fk" FOREIGN KEY ("warranty_sheet_id") REFERENCES "public"."warranty_sheets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "repair_history_ticket_idx" ON "repair_history" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "repair_tickets_code_idx" ON "repair_tickets" USING btree ("code");--> statement-breakpoint
CREATE INDEX "repair_tickets_status_idx" ON "repair_tickets" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "repair_tickets_created_idx" ON "repair_tickets" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "repair_tickets_imei_idx" ON "repair_tickets" USING btree ("imei");--> statement-breakpoint
CREATE INDEX "repair_tickets_sheet_idx" ON "repair_tickets" USING btree ("warranty_sheet_id");