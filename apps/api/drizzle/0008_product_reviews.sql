CREATE TABLE "product_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer,
	"rating" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_reviews_rating_check" CHECK ("product_reviews"."rating" between 1 and 5),
	CONSTRAINT "product_reviews_text_check" CHECK (char_length("product_reviews"."text") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_reviews_product_user_idx" ON "product_reviews" USING btree ("product_id","user_id");--> statement-breakpoint
CREATE INDEX "product_reviews_product_idx" ON "product_reviews" USING btree ("product_id","hidden","created_at");--> statement-breakpoint
CREATE INDEX "product_reviews_created_idx" ON "product_reviews" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "product_reviews_user_idx" ON "product_reviews" USING btree ("user_id");--> statement-breakpoint
-- Written by hand below (decision 023). The seeded ratings were not any customer's: every product
-- starts without a rating, and from now on products.rating and review_count are the average (one
-- decimal) and the count of the product's visible reviews.
UPDATE "products" SET "rating" = 0, "review_count" = 0;
--> statement-breakpoint
-- Any change to a review (written, edited, hidden, shown, or deleted with its customer's account)
-- brings the product's average and count up to date in the same transaction. The UPDATE of
-- products also fires products_changed, so the cached product answers and kept pages are emptied.
-- The product row is locked first: in READ COMMITTED the count that follows then sees every
-- review committed before, so two customers rating at once cannot leave a stale count.
CREATE FUNCTION product_reviews_refresh_rating() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  pid text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY[NEW.product_id];
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY[OLD.product_id];
  ELSIF OLD.product_id IS DISTINCT FROM NEW.product_id THEN
    ids := ARRAY[OLD.product_id, NEW.product_id];
  ELSE
    ids := ARRAY[NEW.product_id];
  END IF;
  FOREACH pid IN ARRAY ids LOOP
    PERFORM 1 FROM products WHERE id = pid FOR NO KEY UPDATE;
    UPDATE products AS p
      SET rating = coalesce(s.average, 0), review_count = s.n
      FROM (
        SELECT round(avg(r.rating)::numeric, 1)::double precision AS average, count(*)::integer AS n
        FROM product_reviews AS r
        WHERE r.product_id = pid AND NOT r.hidden
      ) AS s
      WHERE p.id = pid;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_reviews_refresh_rating
  AFTER INSERT OR UPDATE OR DELETE ON product_reviews
  FOR EACH ROW EXECUTE FUNCTION product_reviews_refresh_rating();
