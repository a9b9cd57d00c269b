import { developmentApiKey } from '../../shared/development-api-key.ts'
import { startPageWorker } from './start-page-worker.ts'

// The page new-operation.test.ts serves from a copy of the project that gained `PATCH /pets/{petId}`:
// it starts the mock's service worker, then creates a pet, changes its status and reads it back through it.

const headers = { authorization: `Bearer ${developmentApiKey}`, 'content-type': 'application/json' }

async function statuses(): Promise<Record<string, number>> {
  await startPageWorker()
  const created = await fetch('/v1/pets', {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Changing', categoryId: 1, status: 'available' }),
  })
  const { id } = (await created.json()) as { id: number }
  const change = JSON.stringify({ status: 'sold' })
  const changed = await fetch(`/v1/pets/${id}`, { method: 'PATCH', headers, body: change })
  const readBack = await fetch(`/v1/pets/${id}`, { headers })
  const { status } = (await readBack.json()) as { status?: string }
  const unknown = await fetch(`/v1/pets/${id + 1_000_000}`, { method: 'PATCH', headers, body: change })
  const withoutKey = await fetch(`/v1/pets/${id}`, { method: 'PATCH', body: change })
  return {
    created: created.status,
    changed: changed.status,
    readBack: readBack.status,
    sold: status === 'sold' ? 1 : 0,
    unknown: unknown.status,
    withoutKey: withoutKey.status,
    controlled: navigator.serviceWorker.controller ? 1 : 0,
  }
}

;(window as unknown as { probe: Promise<Record<string, number>> }).probe = statuses()
