// The default storage: files on disk, DIR/<kind>/<name>, served by this server (routes/files.ts) at
// /files/<kind>/<name>. Names are generated (STORED_NAME_PATTERN), so no client text ever becomes a
// path; `get` checks the pattern again so that nothing else under DIR can be read.
import { createReadStream } from 'node:fs'
import { mkdir, rename, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { contentTypeOf, STORED_NAME_PATTERN, UPLOAD_KINDS } from '../../../domain/files'
import type { Storage } from './types'

const isSafe = (kind: string, name: string) =>
  (UPLOAD_KINDS as readonly string[]).includes(kind) && STORED_NAME_PATTERN.test(name)

export function diskStorage(dir: string): Storage {
  const root = path.resolve(dir)
  return {
    kind: 'local',

    async put(kind, name, bytes) {
      if (!isSafe(kind, name)) throw new Error(`storage: refused name ${kind}/${name}`)
      const folder = path.join(root, kind)
      await mkdir(folder, { recursive: true })
      // Written aside then renamed: a reader never sees half a file.
      const temp = path.join(folder, `.${name}.${process.pid}.tmp`)
      await writeFile(temp, bytes)
      await rename(temp, path.join(folder, name))
      return { url: `/files/${kind}/${name}` }
    },

    async get(kind, name) {
      const contentType = contentTypeOf(name)
      if (!isSafe(kind, name) || !contentType) return null
      const file = path.join(root, kind, name)
      try {
        const info = await stat(file)
        if (!info.isFile()) return null
        return { body: createReadStream(file), size: info.size, contentType, modified: info.mtime }
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw err
      }
    },
  }
}
