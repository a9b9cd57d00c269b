import { expect, it } from 'vitest'
import { aboveVersion } from './undescribed-operation-scenarios.ts'

const place = aboveVersion('/store/orders')

it('sends an undescribed operation above the version at the origin root when the base address is /v1', () => {
  expect(place('http://127.0.0.1:4010/v1/store/orders')).toBe('http://127.0.0.1:4010/store/orders')
})

it('stays within a longer base address: /api/v1 puts it under /api, never at the root another application owns', () => {
  expect(place('https://h.example/api/v1/store/orders?limit=1')).toBe('https://h.example/api/store/orders?limit=1')
})
