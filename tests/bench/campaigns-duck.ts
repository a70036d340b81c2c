// The reference of the campaigns benchmark: the same clients, store links and ledger exported from
// PostgreSQL (psql \copy to CSV) into DuckDB in the same run, and each audience computed there from the
// raw facts (visits and weekly baskets from the ledger rows, not from the rollup being measured).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { log } from './support'

export type Duck = { count(where: string): Promise<number>; close(): void }

function copyOut(url: string, query: string, file: string) {
  const r = spawnSync(
    'psql',
    [url, '-v', 'ON_ERROR_STOP=1', '-c', `\\copy (${query}) to '${file}' with csv`],
    {
      encoding: 'utf8',
    },
  )
  if (r.status !== 0) throw new Error(`psql \\copy failed: ${r.stderr}`)
}

/** Exports the franchise's data and loads it into an in-memory DuckDB. */
export async function openDuck(url: string, franchiseId: string, timezone: string): Promise<Duck> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-duck-'))
  const f = (n: string) => path.join(dir, `${n}.csv`)
  const started = Date.now()
  const fid = `'${franchiseId}'`
  copyOut(
    url,
    `select c.id, c.phone, c.gender, c.birth_date, c.postcode, c.acquired_from,
            extract(epoch from c.created_at) * 1000, extract(epoch from c.first_visit_at) * 1000,
            extract(epoch from c.last_visit_at) * 1000, extract(epoch from c.app_last_used_at) * 1000,
            b.points, b.total_collected_points
       from clients c join client_balances b on b.client_id = c.id where c.franchise_id = ${fid}`,
    f('clients'),
  )
  copyOut(url, `select client_id, store_id from client_stores where franchise_id = ${fid}`, f('stores'))
  copyOut(
    url,
    `select client_id, (created_at at time zone '${timezone}')::date, type, amount_cents
       from points_transactions where franchise_id = ${fid}`,
    f('ledger'),
  )
  copyOut(url, `select phone from sms_opt_outs where franchise_id = ${fid}`, f('optouts'))
  copyOut(
    url,
    `select p.postcode, p.lat, p.lng from postcode_locations p join franchises fr on fr.code_alpha3 = p.country
      where fr.id = ${fid}`,
    f('places'),
  )
  log(`exported to CSV in ${((Date.now() - started) / 1000).toFixed(0)} s`)
  const instance = await DuckDBInstance.create(':memory:')
  const conn = await instance.connect()
  const load = Date.now()
  await conn.run(`
    create table clients as select * from read_csv('${f('clients')}', header = false, columns = {
      'id': 'VARCHAR', 'phone': 'VARCHAR', 'gender': 'VARCHAR', 'birth_date': 'DATE', 'postcode': 'VARCHAR',
      'acquired_from': 'VARCHAR', 'created_ms': 'DOUBLE', 'first_visit_ms': 'DOUBLE', 'last_visit_ms': 'DOUBLE',
      'app_ms': 'DOUBLE', 'points': 'INTEGER', 'collected': 'INTEGER'});
    create table client_stores as select * from read_csv('${f('stores')}', header = false,
      columns = {'client_id': 'VARCHAR', 'store_id': 'VARCHAR'});
    create table ledger as select * from read_csv('${f('ledger')}', header = false,
      columns = {'client_id': 'VARCHAR', 'day': 'DATE', 'type': 'VARCHAR', 'amount_cents': 'INTEGER'});
    create table optouts as select * from read_csv('${f('optouts')}', header = false, columns = {'phone': 'VARCHAR'});
    create table places as select * from read_csv('${f('places')}', header = false,
      columns = {'postcode': 'VARCHAR', 'lat': 'DOUBLE', 'lng': 'DOUBLE'});`)
  log(`loaded into DuckDB in ${((Date.now() - load) / 1000).toFixed(0)} s`)
  rmSync(dir, { recursive: true, force: true })
  return {
    async count(where) {
      const r = await conn.runAndReadAll(`select count(*) from clients c where ${where}`)
      return Number(r.getRows()[0]?.[0] ?? 0)
    },
    close() {
      conn.closeSync()
      instance.closeSync()
    },
  }
}
