-- coupon_code(): the short code a customer gives at the counter for a coupon (issue 34), the default of
-- coupons.code: 8 characters without the look-alikes 0/O and 1/I/L (src/domain/coupons.ts has the
-- same alphabet), drawn from a random UUID's bytes, a cryptographic source every PostgreSQL has. A column
-- default uses it, so it is created before the migrations run (beforeMigrations in ../functions.ts) and
-- reads no table; (franchise_id, code) is unique.
CREATE OR REPLACE FUNCTION coupon_code() RETURNS text LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT string_agg(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', get_byte(b, i) % 31 + 1, 1), '' ORDER BY i)
  FROM (SELECT uuid_send(gen_random_uuid()) AS b) AS r, generate_series(0, 7) AS i
$$;
