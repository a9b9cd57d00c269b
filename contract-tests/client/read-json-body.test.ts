import { expect, it } from 'vitest'
import { readJsonBody } from './read-json-body.ts'

const pet = (id: number) => ({ id, name: `Pet ${id}`, categoryId: 1, status: 'available' })

it('parses a page of pets whole, as the interface allows it', () => {
  const page = Array.from({ length: 100 }, (_, index) => pet(index + 1))
  expect(readJsonBody(JSON.stringify(page), 128)).toEqual({ json: page, jsonParsed: true })
})

it('keeps the first 101 items of a longer list and says how many it read', () => {
  const list = Array.from({ length: 75_000 }, (_, index) => pet(index + 1))
  const body = readJsonBody(JSON.stringify(list), 128)
  expect(body.json).toEqual(list.slice(0, 101))
  expect(body.jsonCut).toEqual({ members: 75_000, kept: 101, leftOut: 74_899, keptEach: 101, stringsCut: 0 })
})

it('keeps every field a schema names of an object with 300,000 fields, and an int64 to the digit', () => {
  const fields = Array.from({ length: 300_000 }, (_, index) => `"k${index}":${index}`).join(',')
  const body = readJsonBody(`{${fields},"id":9223372036854775807,"name":"Rex","categoryId":2}`, 128)
  expect(body.json).toMatchObject({ k0: 0, k100: 100, id: 9_223_372_036_854_775_807n, name: 'Rex', categoryId: 2 })
  expect(body.json).not.toHaveProperty('k101')
  expect(body.jsonCut).toMatchObject({ members: 300_003, kept: 104, leftOut: 299_899 })
})

it('keeps 66 KB of strings whole and the start of each further one, as the suite never sends one so long', () => {
  const name = 'n'.repeat(65_536)
  const body = readJsonBody(JSON.stringify([{ id: 1, name }, { id: 2, name: 'x'.repeat(4_000_000) }, { id: 3 }]), 128)
  expect(body.json).toEqual([{ id: 1, name }, { id: 2, name: 'x'.repeat(64) }, { id: 3 }])
  expect(body.jsonCut).toEqual({ members: 3, kept: 3, leftOut: 0, keptEach: 101, stringsCut: 1 })
})

it('does not parse a body nested deeper than its limit, nor one that is not JSON', () => {
  expect(readJsonBody('[[[1]]]', 2).notParsed).toMatch(/more than 2 levels deep/)
  // Not JSON, and too deep before its error: said as too deep, as before the body was read in one pass.
  expect(readJsonBody(`${'['.repeat(200)}x`, 128).notParsed).toMatch(/more than 128 levels deep/)
  expect(readJsonBody('{"id":1,}', 128)).toEqual({ jsonParsed: false })
  expect(readJsonBody('', 128)).toEqual({ jsonParsed: false })
})
