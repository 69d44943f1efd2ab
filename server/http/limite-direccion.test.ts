import { describe, expect, it } from 'vitest'
import { claveDireccion, limitePorDireccion } from './limite-direccion.js'

describe('claveDireccion', () => {
  it('an IPv4 address, mapped or not, is its own key', () => {
    expect(claveDireccion('203.0.113.9')).toBe('203.0.113.9')
    expect(claveDireccion('::ffff:203.0.113.9')).toBe('::ffff:203.0.113.9')
  })

  it('an IPv6 address counts as its /64, however it is written', () => {
    const llena = '2001:db8:0:1:aaaa:bbbb:cccc:dddd'
    expect(claveDireccion(llena)).toBe('2001:db8:0:1::/64')
    expect(claveDireccion('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64')
    expect(claveDireccion('2001:db8::1:0:0:5')).toBe('2001:db8:0:0::/64')
    // The zeros «::» leaves out sit inside the prefix: what follows is still part of it.
    expect(claveDireccion('2001::1:2:3:4:5')).toBe('2001:0:0:1::/64')
    expect(claveDireccion('2001:db8::7:1:2:3:4')).toBe('2001:db8:0:7::/64')
    expect(claveDireccion('2001:db8::7:1:2:3')).toBe('2001:db8:0:0::/64')
    expect(claveDireccion('::1')).toBe('0:0:0:0::/64')
    expect(claveDireccion('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
  })

  it('spelling does not split one /64 into several keys', () => {
    expect(claveDireccion('2001:DB8:0:1::9')).toBe(claveDireccion('2001:db8:0000:0001::a'))
  })
})

describe('limitePorDireccion', () => {
  it('refuses past the maximum within the window and admits again once it has passed', () => {
    let t = 0
    const limite = limitePorDireccion(2, 1000, () => t)
    expect(limite('2001:db8::1').admitida).toBe(true)
    expect(limite('2001:db8::2').admitida).toBe(true)
    const rechazo = limite('2001:db8::3')
    expect(rechazo).toMatchObject({ admitida: false, esperaSegundos: 1, rechazos: 1 })
    expect(limite('2001:db9::1').admitida).toBe(true)
    t = 1000
    expect(limite('2001:db8::3').admitida).toBe(true)
  })
})
