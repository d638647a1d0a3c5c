CREATE TABLE "calendar_feed_tokens" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feed_tokens_token_key" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "calendar_holds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calendar_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reservation_id" integer,
	"closure_id" integer,
	CONSTRAINT "calendar_holds_reservation_key" UNIQUE("reservation_id"),
	CONSTRAINT "calendar_holds_closure_key" UNIQUE("closure_id")
);
--> statement-breakpoint
CREATE TABLE "closures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "closures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"reason" text NOT NULL,
	"public_label" text,
	"created_by" integer,
	"revision" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closures_days_order" CHECK ("closures"."last_day" >= "closures"."first_day")
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_status_check";--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "turnover_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feed_tokens" ADD CONSTRAINT "calendar_feed_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_holds" ADD CONSTRAINT "calendar_holds_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_holds" ADD CONSTRAINT "calendar_holds_closure_id_closures_id_fk" FOREIGN KEY ("closure_id") REFERENCES "public"."closures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "closures_days_idx" ON "closures" USING btree ("first_day","last_day");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_turnover_days_check" CHECK ("reservations"."turnover_days" >= 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_check" CHECK ("users"."status" in ('pending', 'active', 'inactive'));--> statement-breakpoint
-- Turnover days (docs/calendar.md): a reservation keeps
-- `turnover_days` free after its last day for another church. The exclusion
-- constraint now covers that tail too; existing rows have 0, so nothing changes
-- for them.
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_no_overlap";--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_no_overlap"
  EXCLUDE USING gist (daterange("first_day", "last_day" + "turnover_days", '[]') WITH &&)
  WHERE ("status" IN ('pending', 'approved'));--> statement-breakpoint
-- One row per held range, of a reservation or of a closure: the exclusion
-- constraint on this table keeps closures and reservations apart, whichever
-- table a concurrent request writes to.
ALTER TABLE "calendar_holds" ADD COLUMN "days" daterange NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_holds" ADD CONSTRAINT "calendar_holds_one_owner"
  CHECK (num_nonnulls("reservation_id", "closure_id") = 1);--> statement-breakpoint
ALTER TABLE "calendar_holds" ADD CONSTRAINT "calendar_holds_no_overlap"
  EXCLUDE USING gist ("days" WITH &&);--> statement-breakpoint
CREATE FUNCTION "reservations_hold_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" IN ('pending', 'approved') THEN
    INSERT INTO "calendar_holds" ("reservation_id", "days")
      VALUES (NEW."id", daterange(NEW."first_day", NEW."last_day", '[]'))
      ON CONFLICT ("reservation_id") DO UPDATE SET "days" = EXCLUDED."days";
  ELSE
    DELETE FROM "calendar_holds" WHERE "reservation_id" = NEW."id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "reservations_hold_days" AFTER INSERT OR UPDATE OF "first_day", "last_day", "status" ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION "reservations_hold_days"();--> statement-breakpoint
CREATE FUNCTION "closures_hold_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "calendar_holds" ("closure_id", "days")
    VALUES (NEW."id", daterange(NEW."first_day", NEW."last_day", '[]'))
    ON CONFLICT ("closure_id") DO UPDATE SET "days" = EXCLUDED."days";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "closures_hold_days" AFTER INSERT OR UPDATE OF "first_day", "last_day" ON "closures"
  FOR EACH ROW EXECUTE FUNCTION "closures_hold_days"();--> statement-breakpoint
-- One writer of held days at a time. Two inserts checked by an exclusion
-- constraint at the same moment can each find the other's row and wait for
-- it, a deadlock PostgreSQL breaks only by aborting one of them after a second.
-- Taken before the row is written, this lock makes the second writer wait for
-- the first to finish; the constraint then sees the first one's row and refuses
-- cleanly (23P01). Booking writes are few: the queue costs nothing.
CREATE FUNCTION "calendar_write_lock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7413260003);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "reservations_calendar_lock" BEFORE INSERT OR UPDATE OF "first_day", "last_day", "status" ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION "calendar_write_lock"();--> statement-breakpoint
CREATE TRIGGER "closures_calendar_lock" BEFORE INSERT OR UPDATE OF "first_day", "last_day" ON "closures"
  FOR EACH ROW EXECUTE FUNCTION "calendar_write_lock"();--> statement-breakpoint
-- The feeds' SEQUENCE and LAST-MODIFIED: raised on every change a calendar shows.
CREATE FUNCTION "reservations_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."first_day", NEW."last_day", NEW."status", NEW."event_name", NEW."event_description")
     IS DISTINCT FROM (OLD."first_day", OLD."last_day", OLD."status", OLD."event_name", OLD."event_description") THEN
    NEW."revision" := OLD."revision" + 1;
    NEW."updated_at" := now();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "reservations_revision" BEFORE UPDATE ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION "reservations_revision"();--> statement-breakpoint
CREATE FUNCTION "closures_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."first_day", NEW."last_day", NEW."public_label", NEW."reason")
     IS DISTINCT FROM (OLD."first_day", OLD."last_day", OLD."public_label", OLD."reason") THEN
    NEW."revision" := OLD."revision" + 1;
    NEW."updated_at" := now();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "closures_revision" BEFORE UPDATE ON "closures"
  FOR EACH ROW EXECUTE FUNCTION "closures_revision"();--> statement-breakpoint
-- Existing holding reservations hold their days from now on.
INSERT INTO "calendar_holds" ("reservation_id", "days")
  SELECT "id", daterange("first_day", "last_day", '[]') FROM "reservations"
  WHERE "status" IN ('pending', 'approved');
