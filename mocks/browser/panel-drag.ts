import { type Corner, nearestCorner } from './panel-place.ts'

/** A press that moves less than this (in CSS pixels) is a click, not a drag. */
const dragThreshold = 4

/**
 * Lets the dock be dragged by its grips (the folded handle, the open panel's header but its controls) and dropped
 * anywhere: it follows the pointer, then docks to the corner of the viewport nearest where it was let go. A drag of
 * a grip that is a button is no click of it.
 * @example dragToCorner(dock, [handle, header], (corner) => place(corner))
 */
export function dragToCorner(
  dock: HTMLElement,
  grips: ReadonlyArray<HTMLElement>,
  onDrop: (corner: Corner) => void,
): void {
  for (const grip of grips) {
    let dragged = false
    grip.addEventListener('pointerdown', (down) => {
      // A control of the header (a button, the rule form's fields) keeps its own press.
      if (down.button !== 0 || (grip !== down.target && (down.target as Element).closest('button, input, select')))
        return
      const box = dock.getBoundingClientRect()
      const offset = { x: down.clientX - box.left, y: down.clientY - box.top }
      dragged = false
      grip.setPointerCapture(down.pointerId)
      const move = (event: PointerEvent): void => {
        if (!dragged && Math.hypot(event.clientX - down.clientX, event.clientY - down.clientY) < dragThreshold) return
        dragged = true
        dock.dataset.dragging = ''
        // The CSSOM, not a style attribute: a strict `style-src` allows it.
        dock.style.left = `${event.clientX - offset.x}px`
        dock.style.top = `${event.clientY - offset.y}px`
      }
      const drop = (event: PointerEvent): void => {
        grip.removeEventListener('pointermove', move)
        grip.removeEventListener('pointerup', drop)
        grip.removeEventListener('pointercancel', drop)
        if (!dragged) return
        // The click the release makes, in this same turn, is the drag's end, not a press of the grip.
        const swallow = (click: Event) => click.stopImmediatePropagation()
        grip.addEventListener('click', swallow, { capture: true, once: true })
        setTimeout(() => grip.removeEventListener('click', swallow, { capture: true }), 0)
        delete dock.dataset.dragging
        dock.style.removeProperty('left')
        dock.style.removeProperty('top')
        onDrop(nearestCorner(event.clientX, event.clientY, innerWidth, innerHeight))
      }
      grip.addEventListener('pointermove', move)
      grip.addEventListener('pointerup', drop)
      grip.addEventListener('pointercancel', drop)
    })
  }
}
