import { expect, it } from 'vitest'
import { operationList } from '../../../spec/operations.ts'
import { createPetStoreModel } from '../../model/create-pet-store-model.ts'
import { createPetStoreCore } from '../create-pet-store-core.ts'
import { type AdminRequest, answerAdmin } from './admin-api.ts'
import { adminPageCsp } from './admin-page.ts'

const core = createPetStoreCore({ model: await createPetStoreModel({ pets: 3 }) })
const loopback = { open: true }

function request(path: string, headers: Record<string, string> = {}): AdminRequest {
  return {
    method: 'GET',
    path,
    search: '',
    header: (name) => headers[name],
    headerNames: () => Object.keys(headers),
    readBody: async () => ({ kind: 'bytes', bytes: new Uint8Array(0) }),
  }
}

it('serves the page, its script, style sheet and icon, each under a CSP that allows only the page itself', async () => {
  for (const [path, type] of [
    ['/__mock/', 'text/html'],
    ['/__mock', 'text/html'],
    ['/__mock/admin.js', 'text/javascript'],
    ['/__mock/admin.css', 'text/css'],
    ['/__mock/icon.svg', 'image/svg+xml'],
  ] as const) {
    const answer = await answerAdmin(core, loopback, request(path, { host: '127.0.0.1:4010' }))
    expect(answer.status, path).toBe(200)
    expect(answer.headers['content-type']?.startsWith(type), path).toBe(true)
    expect(answer.headers['content-security-policy']).toBe(adminPageCsp)
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
  }
  expect(adminPageCsp).not.toMatch(/unsafe|\*|data:|https?:/)
})

it('offers every operation of the catalogue, by the path a rule takes', async () => {
  const page = String((await answerAdmin(core, loopback, request('/__mock/'))).body)
  for (const operation of operationList) expect(page).toContain(`${operation.method} `)
  expect(page).toContain('<option value="GET /v1/pets/{petId}">getPet: GET /v1/pets/{petId}</option>')
  expect(page).toContain('<option value="POST /messages">sendMessage: POST /messages</option>')
  // No inline script or style: the CSP would refuse them.
  expect(page).not.toMatch(/<script>|<style|\sstyle=|\son[a-z]+=/)
})

it('sends a script that parses on its own: nothing of the module it is written in', async () => {
  const script = String((await answerAdmin(core, loopback, request('/__mock/admin.js'))).body)
  expect(() => new Function(script)).not.toThrow()
  expect(script).not.toMatch(/\bimport\b|\brequire\(/)
})

it('refuses the page and its files to another web site and to another Host, as the rest of the admin API', async () => {
  for (const path of ['/__mock/', '/__mock/admin.js', '/__mock/admin.css', '/__mock/sessions']) {
    for (const headers of [
      { origin: 'https://evil.example' } as Record<string, string>,
      { host: 'evil.example:4010' },
      { 'x-forwarded-for': '1.2.3.4' },
    ]) {
      const answer = await answerAdmin(core, loopback, request(path, headers))
      expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(403)
      expect(answer.headers['access-control-allow-origin']).toBeUndefined()
    }
  }
})

it('lists the sessions with their rules, without touching their order of use', async () => {
  await core.reset()
  core.sessions.get('tab-1').rules.add({ method: 'GET', path: '/v1/pets', status: 503 })
  core.sessions.get('tab-2')
  const list = async () => JSON.parse(String((await answerAdmin(core, loopback, request('/__mock/sessions'))).body))
  expect(await list()).toEqual({
    sessions: [
      { name: 'tab-1', rules: 1 },
      { name: 'tab-2', rules: 0 },
    ],
  })
  expect(await list()).toEqual({
    sessions: [
      { name: 'tab-1', rules: 1 },
      { name: 'tab-2', rules: 0 },
    ],
  })
  await core.reset()
  expect(await list()).toEqual({ sessions: [] })
})
