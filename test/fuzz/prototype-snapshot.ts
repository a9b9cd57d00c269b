const watched: ReadonlyArray<[string, object]> = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
  ['Number.prototype', Number.prototype],
  ['Promise.prototype', Promise.prototype],
  ['Error.prototype', Error.prototype],
]

/** The own properties of the built-in prototypes at one moment, to compare with later. */
export type PrototypeSnapshot = ReadonlyArray<[string, object, ReadonlyMap<PropertyKey, PropertyDescriptor>]>

/**
 * Records the own properties of Object.prototype and the other built-in prototypes a JSON body,
 * a query or a header could reach through `__proto__` or `constructor.prototype`.
 * @example const before = takePrototypeSnapshot(); ...; prototypeChanges(before) // []
 */
export function takePrototypeSnapshot(): PrototypeSnapshot {
  return watched.map(([name, prototype]) => [
    name,
    prototype,
    new Map(Reflect.ownKeys(prototype).map((key) => [key, Object.getOwnPropertyDescriptor(prototype, key)!])),
  ])
}

/**
 * What changed since the snapshot, in words: added, removed or replaced properties, and a
 * `polluted` key readable from a fresh `{}` (the usual payload). Empty when nothing changed.
 * @example prototypeChanges(before) // ['Object.prototype gained "polluted"']
 */
export function prototypeChanges(before: PrototypeSnapshot): Array<string> {
  const changes: Array<string> = []
  for (const [name, prototype, properties] of before) {
    for (const key of Reflect.ownKeys(prototype)) {
      const was = properties.get(key)
      const now = Object.getOwnPropertyDescriptor(prototype, key)!
      if (!was) changes.push(`${name} gained ${String(typeof key === 'string' ? JSON.stringify(key) : key)}`)
      else if (was.value !== now.value || was.get !== now.get || was.set !== now.set)
        changes.push(`${name} had ${String(key)} replaced`)
    }
    for (const key of properties.keys()) if (!Object.hasOwn(prototype, key)) changes.push(`${name} lost ${String(key)}`)
  }
  if (({} as Record<string, unknown>).polluted !== undefined) changes.push('({}).polluted is defined')
  return changes
}

/**
 * Puts the prototypes back as the snapshot found them, so that one polluting request does not
 * make every later run fail (and fast-check can shrink to the request that did it).
 * @example if (prototypeChanges(before).length > 0) restorePrototypes(before)
 */
export function restorePrototypes(before: PrototypeSnapshot): void {
  for (const [, prototype, properties] of before) {
    for (const key of Reflect.ownKeys(prototype)) if (!properties.has(key)) Reflect.deleteProperty(prototype, key)
    for (const [key, descriptor] of properties) Object.defineProperty(prototype, key, descriptor)
  }
}
