-- client_search_ids takes the most rows to return (sql/client_search_ids.sql): the two-argument
-- form goes, the functions' files make the new one.
DROP FUNCTION IF EXISTS "client_search_ids"(uuid, text);
