import { expect, it } from 'vitest'
import { createRequestJournal, type JournalRecord } from './request-journal.ts'

function request(path: string, status: number | null = 200, session: string | null = null): JournalRecord {
  return { method: 'GET', path, search: '', status, durationMs: 1, at: performance.now(), session, route: null }
}

it('lists an answered request as answered, and one a fault ended as a fault, both as they were recorded', () => {
  const journal = createRequestJournal(10)
  journal.record(request('/v1/pets'))
  journal.record(request('/v1/pets/1', null))
  expect(journal.list().map(({ status, outcome }) => ({ status, outcome }))).toEqual([
    { status: 200, outcome: 'answered' },
    { status: null, outcome: 'fault' },
  ])
})

it('turns a dropped request into one with no status and an outcome that says why, leaving the others', () => {
  const journal = createRequestJournal(10)
  journal.record(request('/v1/pets/1'))
  const ticket = journal.record(request('/v1/pets/2'))
  journal.record(request('/v1/pets/3'))
  journal.drop(ticket, 'the client closed the connection before the answer was sent')
  expect(journal.list().map(({ path, status, outcome }) => ({ path, status, outcome }))).toEqual([
    { path: '/v1/pets/1', status: 200, outcome: 'answered' },
    {
      path: '/v1/pets/2',
      status: null,
      outcome: 'dropped: the client closed the connection before the answer was sent',
    },
    { path: '/v1/pets/3', status: 200, outcome: 'answered' },
  ])
})

it('ignores a drop of a request the ring no longer holds, changing no newer entry', () => {
  const journal = createRequestJournal(2)
  const oldest = journal.record(request('/v1/pets/1'))
  journal.record(request('/v1/pets/2'))
  journal.record(request('/v1/pets/3'))
  journal.drop(oldest, 'gone')
  expect(journal.list().map(({ path, outcome }) => [path, outcome])).toEqual([
    ['/v1/pets/2', 'answered'],
    ['/v1/pets/3', 'answered'],
  ])
})

it('still marks a kept request dropped after another session was cleared, and keeps a drop through a clear', () => {
  const journal = createRequestJournal(10)
  const early = journal.record(request('/v1/pets/1', 200, 'a'))
  journal.record(request('/v1/pets/2', 200, 'b'))
  const late = journal.record(request('/v1/pets/3', 200, 'a'))
  journal.drop(early, 'the server stopped before the answer was sent')
  journal.clear('b')
  journal.drop(late, 'the client closed the connection before the answer was sent')
  expect(journal.list().map(({ path, status, outcome }) => [path, status, outcome])).toEqual([
    ['/v1/pets/1', null, 'dropped: the server stopped before the answer was sent'],
    ['/v1/pets/3', null, 'dropped: the client closed the connection before the answer was sent'],
  ])
})

it('forgets a drop with the entry it marked: the next request in its slot is answered', () => {
  const journal = createRequestJournal(1)
  journal.drop(journal.record(request('/v1/pets/1')), 'gone')
  journal.record(request('/v1/pets/2'))
  expect(journal.list()).toMatchObject([{ path: '/v1/pets/2', status: 200, outcome: 'answered' }])
})
