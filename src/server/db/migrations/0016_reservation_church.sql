ALTER TABLE "reservations" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A stay belongs to the church that requested it (docs/stays.md, "Whose stay"). The
-- stays of earlier releases: the church their ledger names (the one that paid, even
-- when the member has moved since), else their member's church now.
UPDATE "reservations" r SET "account_id" = coalesce(
	(SELECT l."account_id" FROM "ledger_entries" l JOIN "accounts" a ON a."id" = l."account_id"
	 WHERE l."reservation_id" = r."id" ORDER BY l."id" LIMIT 1),
	(SELECT u."account_id" FROM "users" u WHERE u."id" = r."user_id"));
--> statement-breakpoint
CREATE INDEX "reservations_account_idx" ON "reservations" USING btree ("account_id","first_day");
