-- No two holding (pending or approved) reservations share a day. The database
-- itself refuses the second one, so concurrent requests on any number of
-- app instances cannot double-book; the loser gets SQLSTATE 23P01.
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_no_overlap"
  EXCLUDE USING gist (daterange("first_day", "last_day", '[]') WITH &&)
  WHERE ("status" IN ('pending', 'approved'));
