import { describe, expect, it } from 'vitest'
import {
  aDias,
  aHorario,
  diaDelTramo,
  resumenHorario,
  SEMANA_HABITUAL,
  tramoDespues,
} from './horario.js'

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

  it('un día con almuerzo se lee con sus dos tramos, y se junta con los iguales', () => {
    const almuerzo = (d: number) => [tramo(d, '14:00', '18:00'), tramo(d, '08:00', '13:00')]
    expect(resumenHorario([...almuerzo(1), ...almuerzo(2), tramo(3, '08:00', '13:00')])).toBe(
      'Lun–Mar 08:00–13:00 y 14:00–18:00, Mié 08:00–13:00',
    )
  })

  it('sin días, cerrada', () => {
    expect(resumenHorario([])).toBe('Cerrada')
  })
})

describe('el editor de la semana', () => {
  it('va y vuelve de un horario; un día cerrado guarda la hora habitual', () => {
    const horario = [tramo(1, '08:00', '12:00'), tramo(3)]
    const dias = aDias(horario)
    expect(dias[0]).toEqual({ abre: true, tramos: [{ desde: '08:00', hasta: '12:00' }] })
    expect(dias[1]).toEqual({ abre: false, tramos: [{ desde: '07:00', hasta: '20:00' }] })
    expect(aHorario(dias)).toEqual(horario)
    expect(aHorario(SEMANA_HABITUAL)).toHaveLength(6)
  })

  it('varios tramos de un día van por hora y vuelven iguales', () => {
    const horario = [tramo(1, '14:00', '18:00'), tramo(1, '08:00', '13:00')]
    const dias = aDias(horario)
    expect(dias[0]!.tramos).toEqual([
      { desde: '08:00', hasta: '13:00' },
      { desde: '14:00', hasta: '18:00' },
    ])
    expect(aHorario(dias)).toEqual([tramo(1, '08:00', '13:00'), tramo(1, '14:00', '18:00')])
  })

  it('nombra el día de cada tramo', () => {
    const dias = aDias([tramo(2), tramo(7), tramo(2, '06:00', '06:30')])
    expect(diaDelTramo(dias, 0)).toBe(1)
    expect(diaDelTramo(dias, 1)).toBe(1)
    expect(diaDelTramo(dias, 2)).toBe(6)
    expect(diaDelTramo(dias, 3)).toBe(-1)
  })
})

describe('un tramo nuevo', () => {
  it('empieza donde cierra el último y dura una hora, sin pasar de 23:59', () => {
    expect(tramoDespues([{ desde: '08:00', hasta: '13:00' }])).toEqual({
      desde: '13:00',
      hasta: '14:00',
    })
    expect(tramoDespues([{ desde: '07:00', hasta: '23:30' }])).toEqual({
      desde: '23:30',
      hasta: '23:59',
    })
  })
})
