/** The corners the dev panel docks to, in the order its Move button goes round them (clockwise from its default). */
const corners = ['bottom-right', 'bottom-left', 'top-left', 'top-right'] as const
export type Corner = (typeof corners)[number]

/** Where the panel was: its corner, and whether it was open or folded to its handle. */
interface PanelPlace {
  corner: Corner
  open: boolean
}

/** The key the panel keeps its place under, in the page's `localStorage` (per origin), beside the mock's pets. */
const placeKey = 'petstore-contract:panel'

/**
 * Where the panel was when the page last showed it, else the bottom right corner and `open`: a reload puts it back
 * where the developer left it. Nothing is read where the page has no storage, or what it holds is not a place.
 * @example readPanelPlace(false) // { corner: 'top-left', open: true } after the panel was left open top left
 */
export function readPanelPlace(open: boolean): PanelPlace {
  const fallback: PanelPlace = { corner: 'bottom-right', open }
  try {
    const kept = JSON.parse(globalThis.localStorage?.getItem(placeKey) ?? 'null') as Partial<PanelPlace> | null
    if (kept === null || typeof kept !== 'object') return fallback
    return {
      corner: corners.includes(kept.corner as Corner) ? (kept.corner as Corner) : fallback.corner,
      open: typeof kept.open === 'boolean' ? kept.open : open,
    }
  } catch {
    return fallback
  }
}

/**
 * Keeps the panel's place for the next load of the page; a page without storage (or a full one) keeps nothing.
 * @example writePanelPlace({ corner: 'top-left', open: false })
 */
export function writePanelPlace(place: PanelPlace): void {
  try {
    globalThis.localStorage?.setItem(placeKey, JSON.stringify(place))
  } catch {
    // The place is a convenience: the panel works the same without it.
  }
}

/**
 * The corner the Move button takes the panel to next.
 * @example nextCorner('bottom-right') // 'bottom-left'
 */
export function nextCorner(corner: Corner): Corner {
  return corners[(corners.indexOf(corner) + 1) % corners.length] as Corner
}

/**
 * The corner of the viewport nearest a point: where a panel dropped there docks.
 * @example nearestCorner(10, 700, 1280, 720) // 'bottom-left'
 */
export function nearestCorner(x: number, y: number, width: number, height: number): Corner {
  return `${y < height / 2 ? 'top' : 'bottom'}-${x < width / 2 ? 'left' : 'right'}`
}

/** How the Move button says where it goes: `Move to the bottom left corner`. */
export function moveLabel(corner: Corner): string {
  return `Move to the ${nextCorner(corner).replace('-', ' ')} corner`
}
