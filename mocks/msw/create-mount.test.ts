import { expect, it } from 'vitest'
import { createMount } from './create-mount.ts'

const below = (baseUrl: string, url: string) => createMount('pets', baseUrl, true).pathBelow(new URL(url))

it('takes the path below /v1 of any origin for the default pets base', () => {
  expect(below('*/v1', 'http://petstore.test/v1/pets/7')).toBe('/pets/7')
  expect(below('*/v1', 'https://api.example.test/prefix/v1/pets')).toBe('/pets')
})

it('ends the base at a segment boundary only', () => {
  expect(below('*/v1', 'http://petstore.test/v1x/pets')).toBeUndefined()
  expect(below('*/v1', 'http://petstore.test/v1x/v1/pets')).toBe('/pets')
})

it('takes the whole path for a base at the root of any origin', () => {
  expect(below('*', 'http://any.test/messages')).toBe('/messages')
})

it('matches only its own origin when the base names one', () => {
  expect(below('https://api.example.test/v1/', 'https://api.example.test/v1/pets')).toBe('/pets')
  expect(below('https://api.example.test/v1', 'https://other.example.test/v1/pets')).toBeUndefined()
})

it('keeps a malformed percent-escape as it came, for the router to refuse', () => {
  expect(below('*/v1', 'http://petstore.test/v1/pets/%E0%A4%A')).toBe('/pets/%E0%A4%A')
})
