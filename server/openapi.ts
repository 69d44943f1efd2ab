// The served OpenAPI document. A schema's `mensaje` (its field's Spanish message, read by
// errors.ts) is not an OpenAPI keyword; validators and client generators accept only `x-`
// extensions beside the standard ones, so the document carries it as `x-mensaje`.

/** A copy of `value` with every string-valued `mensaje` key renamed `x-mensaje`. */
export function withMessageExtensions<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withMessageExtensions) as T
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k === 'mensaje' && typeof v === 'string' ? 'x-mensaje' : k,
      withMessageExtensions(v),
    ]),
  ) as T
}
