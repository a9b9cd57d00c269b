import { afterEach, expect, it, vi } from 'vitest'
import { moveLabel, nearestCorner, nextCorner, readPanelPlace, writePanelPlace } from './panel-place.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

/** A page's `localStorage`, as a map. */
function stubStorage(initial: Record<string, string> = {}): Map<string, string> {
  const items = new Map(Object.entries(initial))
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  })
  return items
}

it('goes round the corners clockwise from the bottom right, and says where Move goes next', () => {
  expect(nextCorner('bottom-right')).toBe('bottom-left')
  expect(nextCorner('bottom-left')).toBe('top-left')
  expect(nextCorner('top-left')).toBe('top-right')
  expect(nextCorner('top-right')).toBe('bottom-right')
  expect(moveLabel('bottom-right')).toBe('Move to the bottom left corner')
})

it('docks a drop in the corner of the viewport nearest it', () => {
  expect(nearestCorner(10, 700, 1280, 720)).toBe('bottom-left')
  expect(nearestCorner(1200, 30, 1280, 720)).toBe('top-right')
  expect(nearestCorner(700, 400, 1280, 720)).toBe('bottom-right')
})

it('keeps its place for the next load, and reads it back', () => {
  const items = stubStorage()
  expect(readPanelPlace(false)).toEqual({ corner: 'bottom-right', open: false })
  writePanelPlace({ corner: 'top-left', open: true })
  expect([...items.keys()]).toEqual(['petstore-contract:panel'])
  expect(readPanelPlace(false)).toEqual({ corner: 'top-left', open: true })
})

it('starts where it starts by default from a place it cannot read, or from no storage at all', () => {
  stubStorage({ 'petstore-contract:panel': '{"corner":"middle","open":"yes"}' })
  expect(readPanelPlace(true)).toEqual({ corner: 'bottom-right', open: true })
  stubStorage({ 'petstore-contract:panel': 'not json' })
  expect(readPanelPlace(false)).toEqual({ corner: 'bottom-right', open: false })
  vi.stubGlobal('localStorage', {
    getItem: () => {
      throw new Error('SecurityError')
    },
    setItem: () => {
      throw new Error('QuotaExceededError')
    },
  })
  expect(readPanelPlace(false)).toEqual({ corner: 'bottom-right', open: false })
  expect(() => writePanelPlace({ corner: 'top-right', open: true })).not.toThrow()
})
