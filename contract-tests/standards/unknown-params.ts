/** An id no target is likely to hold: a read of it is a 404, whatever else the request carries. */
const unknownId = 987_654_321_987

/**
 * Path parameters that each name the unknown id: a request for a resource no target holds.
 * @example unknownParams(['petId']) // { petId: 987654321987 }
 */
export function unknownParams(names: ReadonlyArray<string>): Record<string, number> {
  return Object.fromEntries(names.map((name) => [name, unknownId]))
}
