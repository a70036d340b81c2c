-- Row-level security of every tenant table (issue 36 §1). The app acts as loyalty_app, a role without
-- BYPASSRLS (tenant-context.ts sets it on each connection with the actor's settings):
--   app.actor       'tenant', 'staff', 'public' or 'system' ('' or unset: no tenant row is visible)
--   app.franchises  a tenant's franchise ids, comma-separated
-- A tenant reaches the rows of its franchises; staff, the public routes (which find a row by a secret
-- they hold) and the jobs reach every franchise, each by saying so. Every table with a franchise_id
-- column is covered, found in the catalogue, so that a new table is covered when this file is applied
-- again after its migration; franchises by their id.

do $$
begin
  create role loyalty_app nologin;
exception when duplicate_object or unique_violation then null;
end $$;

do $$
begin
  execute format('grant loyalty_app to %I', current_user);
exception when others then null; -- already a member, or a superuser that needs no membership
end $$;

grant usage on schema public to loyalty_app;
grant select, insert, update, delete on all tables in schema public to loyalty_app;
grant usage, select on all sequences in schema public to loyalty_app;
grant execute on all functions in schema public to loyalty_app;

-- Read once per statement (an init plan, through `(select …)` in the policies), not once per row.
create or replace function app_sees_all() returns boolean
language sql stable parallel safe as $$
  select coalesce(current_setting('app.actor', true), '') in ('staff', 'public', 'system')
$$;

create or replace function app_franchise_ids() returns uuid[]
language sql stable parallel safe as $$
  select case when coalesce(current_setting('app.actor', true), '') = 'tenant'
              then string_to_array(nullif(current_setting('app.franchises', true), ''), ',')::uuid[]
              else '{}'::uuid[] end
$$;

-- The same rule for one franchise, in the functions that run as the tables' owner and apply it
-- themselves (client_search_ids, client_ids_by_email, client_birthdays, ledger_move).
create or replace function app_reaches(franchise uuid) returns boolean
language sql stable parallel safe as $$
  select app_sees_all() or franchise = any (app_franchise_ids())
$$;

do $$
declare
  t record;
  nullable boolean;
begin
  for t in
    select c.table_name, c.is_nullable = 'YES' as nullable
    from information_schema.columns c
    join information_schema.tables tb using (table_schema, table_name)
    where c.table_schema = 'public' and c.column_name = 'franchise_id' and tb.table_type = 'BASE TABLE'
  loop
    execute format('alter table %I enable row level security', t.table_name);
    execute format('drop policy if exists tenant_rows on %I', t.table_name);
    -- A row without a franchise (an outbox message to a user, an audit line of staff's) may be
    -- written by anyone the table lets in, and read only by those who reach every franchise.
    execute format(
      'create policy tenant_rows on %I to loyalty_app
         using ((select app_sees_all()) or franchise_id = any ((select app_franchise_ids())::uuid[]))
         with check ((select app_sees_all()) or franchise_id = any ((select app_franchise_ids())::uuid[])%s)',
      t.table_name, case when t.nullable then ' or franchise_id is null' else '' end);
  end loop;
end $$;

create or replace function app_user_id() returns uuid
language sql stable parallel safe as $$
  select case when coalesce(current_setting('app.actor', true), '') = 'tenant'
              then nullif(current_setting('app.user', true), '')::uuid end
$$;

-- A merchant also reaches the franchise it owns before its token says so: the one its first store
-- creates (services/stores.ts), found again by a second first-store call.
alter table franchises enable row level security;
drop policy if exists tenant_rows on franchises;
create policy tenant_rows on franchises to loyalty_app
  using ((select app_sees_all()) or id = any ((select app_franchise_ids())::uuid[])
         or user_id = (select app_user_id()))
  with check ((select app_sees_all()) or id = any ((select app_franchise_ids())::uuid[])
              or user_id = (select app_user_id()));
