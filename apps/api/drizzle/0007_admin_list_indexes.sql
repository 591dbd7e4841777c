CREATE INDEX "newsletter_created_idx" ON "newsletter_subscriptions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total_cents","id");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_name_lower_idx" ON "products" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_cents","id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_lower_idx" ON "users" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "warranty_name_lower_idx" ON "warranty_sheets" USING btree (lower("emri"),lower("mbiemri"),"id");--> statement-breakpoint
CREATE INDEX "warranty_price_idx" ON "warranty_sheets" USING btree ("cmimi_cents","id");--> statement-breakpoint
CREATE INDEX "warranty_data_idx" ON "warranty_sheets" USING btree ("data","id");