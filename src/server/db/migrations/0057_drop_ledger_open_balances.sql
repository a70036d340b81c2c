-- An import's opening balances are written with its new clients (sql/ledger_open_clients.sql).
DROP FUNCTION IF EXISTS "ledger_open_balances"(jsonb);
