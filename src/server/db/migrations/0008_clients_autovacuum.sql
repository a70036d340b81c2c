-- Deep pages of the client list are read from the sort indexes alone, which needs the table's
-- visibility map to be current: vacuum clients after 2% of its rows changed (default 20%), so
-- that a day of balance changes does not leave most pages to be re-read from the heap.
ALTER TABLE clients SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
