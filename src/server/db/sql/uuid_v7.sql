-- uuid_v7(): a time-ordered UUID (version 7, RFC 9562: 48 bits of Unix milliseconds, then random bits),
-- the default id of ledger rows: each new key lands at the end of the primary key's index instead of on
-- a random page of it. PostgreSQL 15 has no uuidv7(). A column default uses it, so it is also created
-- before the migrations run (see beforeMigrations in ../functions.ts).
CREATE OR REPLACE FUNCTION uuid_v7() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid())
              PLACING substring(int8send((extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
              FROM 1 FOR 6),
      52, 1), 53, 1),
    'hex')::uuid
$$;
