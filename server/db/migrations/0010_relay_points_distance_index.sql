-- Relay points are searched nearest first: earthdistance turns a latitude and longitude into a
-- point on the earth (a cube), and a GiST index on it answers both "within this box" and "ordered
-- by distance from here" (the KNN operator <->). Both extensions are in PostgreSQL's contrib and
-- in PGlite's, and are trusted (a database owner may create them).
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
--> statement-breakpoint
CREATE INDEX relay_points_position_idx ON relay_points USING gist (ll_to_earth(lat, lng));
