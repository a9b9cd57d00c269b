import { developmentApiKey } from '../../shared/development-api-key.ts'
import { startPageWorker } from './start-page-worker.ts'

// The page new-operation.test.ts serves from a copy of the project that gained `DELETE /pets/{petId}`:
// it starts the mock's service worker, then creates a pet, deletes it and reads it back through it.

const headers = { authorization: `Bearer ${developmentApiKey}` }

async function statuses(): Promise<Record<string, number>> {
  await startPageWorker()
  const created = await fetch('/v1/pets', {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Leaving', categoryId: 1 }),
  })
  const { id } = (await created.json()) as { id: number }
  const removed = await fetch(`/v1/pets/${id}`, { method: 'DELETE', headers })
  const readBack = await fetch(`/v1/pets/${id}`, { headers })
  const removedAgain = await fetch(`/v1/pets/${id}`, { method: 'DELETE', headers })
  const withoutKey = await fetch(`/v1/pets/${id}`, { method: 'DELETE' })
  const controlled = navigator.serviceWorker.controller ? 1 : 0
  return {
    created: created.status,
    removed: removed.status,
    readBack: readBack.status,
    removedAgain: removedAgain.status,
    withoutKey: withoutKey.status,
    controlled,
  }
}

;(window as unknown as { probe: Promise<Record<string, number>> }).probe = statuses()
