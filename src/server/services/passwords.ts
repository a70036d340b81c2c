// Password hashing with argon2id (OWASP's recommended parameters are the library defaults).
import { hash, verify } from '@node-rs/argon2'

// Algorithm.Argon2id (a const enum the isolated-modules build cannot read).
const ARGON2ID = 2

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID })
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password)
  } catch {
    return false
  }
}
