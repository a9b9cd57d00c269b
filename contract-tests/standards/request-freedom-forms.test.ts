import { expect, it } from 'vitest'
import { parseJson } from '../../spec/json/parse-json.ts'
import { operations } from '../../spec/operations.ts'
import {
  authSchemeForms,
  jsonTextForms,
  mediaTypeForms,
  percentEncodeFirst,
  targetForms,
} from './request-freedom-forms.ts'

it('percent-encodes the first unreserved character, in upper-case hex', () => {
  expect(percentEncodeFirst('available')).toBe('%61vailable')
  expect(percentEncodeFirst('17')).toBe('%317')
  expect(percentEncodeFirst('%%')).toBeUndefined()
})

it('writes the scheme in both cases and after two spaces, and sends each with an unknown key without the key', () => {
  const forms = authSchemeForms({})
  const key = 'k'
  expect(forms.map(({ form }) => (form.authorization as (apiKey: string) => string)(key))).toEqual([
    'bearer k',
    'BEARER k',
    'Bearer  k',
  ])
  for (const { keyless } of forms) expect(keyless.authorization).toMatch(/unknown-key/)
})

it("derives listPets' query forms from its parameters, each against the plain filtered list", () => {
  const forms = targetForms(operations.listPets, { params: {} })
  expect(forms.map(({ form }) => form.query)).toEqual([
    'status=%61vailable',
    'status=available&limit=20',
    'limit=20&status=available',
  ])
  for (const { plain, keyless } of forms) {
    expect(plain.query).toBe('status=available')
    expect(keyless.authorization).toBeNull()
  }
})

it("percent-encodes a digit of getPet's id and sends no form to an operation without parameters", () => {
  expect(targetForms(operations.getPet, { params: { petId: 17 } }).map(({ form }) => form.params)).toEqual([
    { petId: '%317' },
  ])
  expect(targetForms(operations.createPet, { params: {}, json: { name: 'Rex' } })).toEqual([])
})

it('spells the JSON media type in other cases and quotes its parameter, only where a body is sent', () => {
  expect(mediaTypeForms({ json: { name: 'Rex' } }, 'name').map(({ form }) => form.contentType)).toEqual([
    'Application/JSON',
    'application/json; Charset="utf-8"',
    'application/json ;charset=utf-8',
    'application/json;\tcharset=utf-8',
    'application/json; charset="utf\\-8"',
    'application/json; charset=UTF-8',
  ])
  expect(mediaTypeForms({ params: { petId: 1 } }, 'name')).toEqual([])
})

it('sends the upper-case charset with a name outside ASCII, beside a plain request with the same name', () => {
  const charset = mediaTypeForms({ json: { name: 'Rex', categoryId: 1 } }, 'name').at(-1)
  expect(charset?.form.json).toEqual({ name: 'Rex-été', categoryId: 1 })
  expect(charset?.plain).toEqual({ json: { name: 'Rex-été', categoryId: 1 } })
})

it('puts the text outside ASCII in the field of free text it is given, and sends no such form without one', () => {
  const charset = mediaTypeForms({ json: { email: 'ada@example.com', label: 'Ada' } }, 'label').at(-1)
  expect(charset?.what).toBe('Content-Type: application/json; charset=UTF-8, a label with "é"')
  expect(charset?.form.json).toEqual({ email: 'ada@example.com', label: 'Ada-été' })
  expect(mediaTypeForms({ json: { email: 'ada@example.com' } }).map(({ form }) => form.contentType)).not.toContain(
    'application/json; charset=UTF-8',
  )
})

it('writes the same JSON value in three other texts', () => {
  const json = { name: 'Rex 🐕', categoryId: 9007199254740993n, status: 'available' }
  const forms = jsonTextForms({ json })
  for (const { form } of forms) expect(parseJson(form.body as string)).toEqual(json)
  const [spaced, escaped, reordered] = forms.map(({ form }) => form.body as string)
  expect(spaced).toMatch(/^\{ \t\r\n"name" \t\r\n: \t\r\n"Rex 🐕"/)
  expect(escaped).toContain('"name":"\\u0052\\u0065\\u0078\\u0020\\ud83d\\udc15"')
  expect(reordered).toBe('{"status":"available","categoryId":9007199254740993,"name":"Rex 🐕"}')
})
