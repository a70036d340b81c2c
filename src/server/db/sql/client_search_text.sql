-- client_search_text(...): the lower-cased text the client list searches (client_search.search_text,
-- under a trigram index), from a client's names, e-mail and phone.
CREATE OR REPLACE FUNCTION client_search_text(first_name text, last_name text, email text, phone text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT lower(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))
$$;
