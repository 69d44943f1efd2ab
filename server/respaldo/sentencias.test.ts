// The statement cutter of the restore, on what pg_dump writes: a `;` inside a quoted value, a
// quoted name, a function body or a comment ends nothing; psql's lines are dropped; and where the
// stream is cut into chunks changes nothing.
import { describe, expect, it } from 'vitest'
import { Separador } from './sentencias.js'

const VOLCADO = [
  '\\restrict abc123',
  '-- Name: x; Type: TABLE',
  "SET client_encoding = 'UTF8';",
  "INSERT INTO public.p VALUES (1, 'Av. Sol; 2° piso', 'O''Brien;'), (2, E'a\\\\'';b', NULL);",
  'CREATE TABLE public."raro;nombre" (id int);',
  'CREATE FUNCTION public.f() RETURNS trigger LANGUAGE plpgsql AS $_$',
  'begin',
  '  perform 1; -- dentro; del cuerpo',
  '  return new;',
  'end $_$;',
  '/* un comentario; /* anidado; */ sigue; */ SELECT 1;',
  "INSERT INTO public.q VALUES ('línea uno;",
  "línea dos');",
  '\\unrestrict abc123',
  'SELECT $$sin;fin$$',
].join('\n')

const ESPERADAS = [
  "-- Name: x; Type: TABLE\nSET client_encoding = 'UTF8'",
  "INSERT INTO public.p VALUES (1, 'Av. Sol; 2° piso', 'O''Brien;'), (2, E'a\\\\'';b', NULL)",
  'CREATE TABLE public."raro;nombre" (id int)',
  'CREATE FUNCTION public.f() RETURNS trigger LANGUAGE plpgsql AS $_$\nbegin\n  perform 1; -- dentro; del cuerpo\n  return new;\nend $_$',
  '/* un comentario; /* anidado; */ sigue; */ SELECT 1',
  "INSERT INTO public.q VALUES ('línea uno;\nlínea dos')",
  'SELECT $$sin;fin$$',
]

function cortar(texto: string, cada: number): string[] {
  const s = new Separador()
  const hechas: string[] = []
  for (let i = 0; i < texto.length; i += cada) hechas.push(...s.agregar(texto.slice(i, i + cada)))
  return [...hechas, ...s.terminar()]
}

describe('Separador', () => {
  it('corta en los «;» de fuera de comillas, nombres, cuerpos y comentarios, en trozos de cualquier largo', () => {
    for (const cada of [1, 2, 3, 7, 64, VOLCADO.length]) {
      expect(cortar(VOLCADO, cada), `trozos de ${cada}`).toEqual(ESPERADAS)
    }
  })

  it('un volcado cortado a mitad de un valor es un error, no una sentencia a medias', () => {
    const s = new Separador()
    s.agregar("INSERT INTO public.p VALUES ('sin cerrar;\n")
    expect(() => s.terminar()).toThrow(/incompleto/)
  })
})
