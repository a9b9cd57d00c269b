/** Another form of a request target that a router may take for the same resource. */
interface PathForm {
  what: string
  /** The URL in this form. */
  apply(url: string): string
}

const onPath = (change: (path: string) => string) => (url: string) => {
  const parsed = new URL(url)
  return `${parsed.origin}${change(parsed.pathname)}${parsed.search}`
}

// The last segment that holds a letter: a static one (`pets`), never a parameter value.
const lastWord = (change: (segment: string) => string) =>
  onPath((path) => path.replace(/([^/]*[a-z][^/]*)(?=(\/[^/a-z]*)?$)/i, (segment) => change(segment)))

/**
 * The forms of a request target a legal client may send and a lenient router may answer as the canonical
 * one: a trailing slash, a doubled slash, other case, a percent-encoded letter. Whatever a server answers
 * with a 2xx in any of them, it must still ask for the key.
 * @example pathForms.map((form) => form.apply('http://h/v1/pets/7'))
 */
export const pathForms: ReadonlyArray<PathForm> = [
  { what: 'with a trailing slash', apply: onPath((path) => `${path}/`) },
  { what: 'with a doubled slash', apply: onPath((path) => path.replace(/\/(?=[^/]*$)/, '//')) },
  { what: 'with a doubled leading slash', apply: onPath((path) => `/${path}`) },
  { what: 'in upper case', apply: lastWord((segment) => segment.toUpperCase()) },
  {
    what: 'with a percent-encoded letter',
    apply: lastWord((segment) => `%${segment.charCodeAt(0).toString(16).toUpperCase()}${segment.slice(1)}`),
  },
]
