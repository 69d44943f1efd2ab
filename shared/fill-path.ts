// Its own module, free of TypeBox, so the client's first screen can use it without pulling the
// schema library in.

/** `/pacientes/:id` + `{id: 3}` → `/pacientes/3`. */
export function fillPath(url: string, params?: Record<string, unknown>): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(params?.[name] ?? '')),
  )
}
