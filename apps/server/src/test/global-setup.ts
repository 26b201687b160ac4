import pg from 'pg';

/** On a PostgreSQL server, create the row-level-security role once, before files migrate in parallel. */
export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`do $$ begin
    if not exists (select 1 from pg_roles where rolname = 'yunhu_app') then create role yunhu_app nologin; end if;
  end $$`);
  await client.end();
}
