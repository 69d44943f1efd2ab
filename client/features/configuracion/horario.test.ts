import { describe, expect, it } from 'vitest'
import { aDias, aHorario, diaDelTramo, resumenHorario, SEMANA_HABITUAL } from './horario.js'

const tramo = (dia: number, abre = '07:00', cierra = '20:00') => ({ dia, abre, cierra })

describe('resumenHorario', () => {
  it('junta los días seguidos con el mismo horario', () => {
    expect(resumenHorario([1, 2, 3, 4, 5, 6].map((d) => tramo(d)))).toBe('Lun–Sáb 07:00–20:00')
  })

  it('separa otro horario, un día suelto y un hueco', () => {
    expect(
      resumenHorario([
        tramo(5, '08:00', '18:00'),
        tramo(1, '08:00', '18:00'),
        tramo(2, '08:00', '18:00'),
        tramo(6, '08:00', '13:00'),
      ]),
    ).toBe('Lun–Mar 08:00–18:00, Vie 08:00–18:00, Sáb 08:00–13:00')
  })

  it('sin días, cerrada', () => {
    expect(resumenHorario([])).toBe('Cerrada')
  })
})

describe('el editor de la semana', () => {
  it('va y vuelve de un horario; un día cerrado guarda la hora habitual', () => {
    const horario = [tramo(1, '08:00', '12:00'), tramo(3)]
    const dias = aDias(horario)
    expect(dias[0]).toEqual({ abre: true, desde: '08:00', hasta: '12:00' })
    expect(dias[1]).toEqual({ abre: false, desde: '07:00', hasta: '20:00' })
    expect(aHorario(dias)).toEqual(horario)
    expect(aHorario(SEMANA_HABITUAL)).toHaveLength(6)
  })

  it('nombra el día de cada tramo', () => {
    const dias = aDias([tramo(2), tramo(7)])
    expect(diaDelTramo(dias, 0)).toBe(1)
    expect(diaDelTramo(dias, 1)).toBe(6)
  })
})
