// Client import files for the tests, the crash test, the end-to-end test and the benchmark: a CSV of
// `rows` records with `bad` of them breaking one rule each and `duplicates` repeating an earlier
// record's phone, French numbers from `phoneBase` (so that a test's clients never meet the demo ones).

export const IMPORT_HEADER = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'gender',
  'birth_date',
  'postcode',
  'points',
]

/** The mapping IMPORT_HEADER asks for. */
export const IMPORT_MAPPING = {
  firstName: 0,
  lastName: 1,
  email: 2,
  phone: 3,
  gender: 4,
  birthDate: 5,
  postcode: 6,
  points: 7,
}

/** The bad records cycle through these: [cells to spoil, the reason the import gives]. */
const BAD: [(cells: string[]) => void, string][] = [
  [(c) => (c[3] = '12'), 'PHONE_INVALID'],
  [(c) => (c[0] = ''), 'FIRST_NAME_MISSING'],
  [(c) => (c[5] = '31/02/1990'), 'BIRTH_DATE_INVALID'],
  [(c) => (c[7] = 'lots'), 'POINTS_INVALID'],
  [(c) => (c[2] = 'nobody@'), 'EMAIL_INVALID'],
]

export type ImportFile = {
  csv: string
  /** Records that create a client, and the points they open with in total. */
  valid: number
  points: number
  bad: number
  duplicates: number
  /** The phone (E.164) of record i (1-based), as the import stores it. */
  phoneOf(i: number): string
}

export function clientsCsv(options: {
  rows: number
  bad?: number
  duplicates?: number
  phoneBase?: number
  delimiter?: string
}): ImportFile {
  const { rows, bad = 0, duplicates = 0, phoneBase = 50_000_000, delimiter = ',' } = options
  const lines = [IMPORT_HEADER.join(delimiter)]
  const local = (n: number) => `07${String(phoneBase + n).padStart(8, '0')}`
  let valid = 0
  let points = 0
  // Bad and duplicate records are spread evenly through the file.
  const badEvery = bad ? Math.floor(rows / bad) : 0
  const dupEvery = duplicates ? Math.floor(rows / duplicates) : 0
  let badLeft = bad
  let dupLeft = duplicates
  const badRows = new Set<number>()
  const dupRows = new Set<number>()
  // The next duplicate is due here; one that cannot go there (its earlier record is bad or itself
  // a duplicate) goes on the next record that can, so the file holds all that were asked for.
  let dupDue = dupEvery
  for (let i = 1; i <= rows; i++) {
    const p = i % 500
    const cells = [
      `Prénom${i}`,
      `Nom${i}`,
      `client${phoneBase + i}@import.test`,
      local(i),
      i % 2 ? 'F' : 'M',
      `${String((i % 28) + 1).padStart(2, '0')}/${String((i % 12) + 1).padStart(2, '0')}/19${50 + (i % 50)}`,
      String(75001 + (i % 20)),
      String(p),
    ]
    if (badLeft && badEvery && i % badEvery === 3) {
      BAD[(bad - badLeft) % BAD.length]![0](cells)
      badLeft--
      badRows.add(i)
    } else if (dupLeft && dupEvery && i >= dupDue && !badRows.has(i - 5) && !dupRows.has(i - 5)) {
      // The same person again (the phone of record i - 5), written another way.
      cells[3] = `+33 7 ${String(phoneBase + i - 5).padStart(8, '0')}`
      cells[2] = `again${phoneBase + i}@import.test`
      dupLeft--
      dupRows.add(i)
      dupDue += dupEvery
    } else {
      valid++
      points += p
    }
    lines.push(cells.map((c) => (/[",;\t\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(delimiter))
  }
  return {
    csv: `${lines.join('\n')}\n`,
    valid,
    points,
    bad: bad - badLeft,
    duplicates: duplicates - dupLeft,
    phoneOf: (i) => `+337${String(phoneBase + i).padStart(8, '0')}`,
  }
}

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
export function csvUpload(data: Buffer | string, filename = 'clients.csv', field = 'file') {
  const boundary = `----import${Math.random().toString(16).slice(2)}`
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`
  return {
    payload: Buffer.concat([
      Buffer.from(head),
      Buffer.isBuffer(data) ? data : Buffer.from(data),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}
