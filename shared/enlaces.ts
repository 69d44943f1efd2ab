// Pages of a list are chained by the Link header (docs/api.md#paginación): the client follows it
// and the tests do too, with this one reader.

/** The URL of the next page from a response's Link header (any of its links), if there is one. */
export function enlaceSiguiente(link: string | null | undefined): string | null {
  for (const parte of (link ?? '').split(',')) {
    const m = /<([^>]+)>\s*;\s*rel="?next"?/i.exec(parte)
    if (m?.[1]) return m[1]
  }
  return null
}
