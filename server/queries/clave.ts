// The keyset of the paged lists: the sort key of a page's last row, where the next page starts.

/** A row's sort key: its instant as exact UTC text (microseconds), then integers (kind, id). */
export type Clave = [instante: string, ...enteros: number[]]
