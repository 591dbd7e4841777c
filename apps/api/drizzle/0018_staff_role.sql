-- The staff role (issue 28, decision 041): 'staff' ('Punonjës') beside the customer and the owner ('admin').
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('user', 'admin', 'staff'));