CREATE TABLE "reservation_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
-- The All Active tab's page in start order reads its own rows only (docs/lists.md).
CREATE INDEX "reservations_holding_idx" ON "reservations" USING btree ("first_day","id") WHERE "reservations"."status" in ('pending', 'approved');--> statement-breakpoint
-- How many reservations have each status, so that the admin list's total and the
-- tabs' counts never count the rows (docs/lists.md). Kept by the triggers below in
-- the transaction that changes the rows, so a snapshot sees the counts of its rows.
-- Every change of a count holds the calendar's lock (0007), which inserts and status
-- changes take already: the counts change one transaction at a time, never in a deadlock.
-- No reservation changes between the first count and the triggers (another instance of
-- the previous release may still be running).
LOCK TABLE "reservations" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "reservation_counts" ("status", "n")
SELECT "status", count(*) FROM "reservations" GROUP BY "status";--> statement-breakpoint
CREATE FUNCTION "reservation_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "reservation_counts" AS c ("status", "n")
    SELECT "status", count(*) FROM "inserted" GROUP BY "status"
    ON CONFLICT ("status") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "reservations_count_inserted" AFTER INSERT ON "reservations"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "reservation_counts_inserted"();--> statement-breakpoint
CREATE FUNCTION "reservation_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "deleted") THEN
    PERFORM pg_advisory_xact_lock(7413260003);
    UPDATE "reservation_counts" c SET "n" = c."n" - d."n"
      FROM (SELECT "status", count(*) AS "n" FROM "deleted" GROUP BY "status") d
      WHERE c."status" = d."status";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "reservations_count_deleted" AFTER DELETE ON "reservations"
  REFERENCING OLD TABLE AS "deleted" FOR EACH STATEMENT EXECUTE FUNCTION "reservation_counts_deleted"();--> statement-breakpoint
CREATE FUNCTION "reservation_counts_status_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" IS DISTINCT FROM OLD."status" THEN
    UPDATE "reservation_counts" SET "n" = "n" - 1 WHERE "status" = OLD."status";
    INSERT INTO "reservation_counts" AS c ("status", "n") VALUES (NEW."status", 1)
      ON CONFLICT ("status") DO UPDATE SET "n" = c."n" + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "reservations_count_status_changed" AFTER UPDATE OF "status" ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION "reservation_counts_status_changed"();--> statement-breakpoint
CREATE FUNCTION "reservation_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "reservation_counts";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "reservations_count_truncated" AFTER TRUNCATE ON "reservations"
  FOR EACH STATEMENT EXECUTE FUNCTION "reservation_counts_truncated"();
