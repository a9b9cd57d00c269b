/** What `el` sets on an element it makes: text only through `textContent`, never markup. */
interface ElementProps {
  text?: string
  className?: string
  attributes?: Readonly<Record<string, string>>
}

/**
 * An element of the dev panel, its text set through `textContent`, so that nothing a request carried (a path, a
 * query) can ever become markup.
 * @example el('td', { text: entry.path }) // <td>/v1/pets/%3Cimg%3E</td>, as text
 */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  { text, className, attributes = {} }: ElementProps = {},
  children: ReadonlyArray<Node> = [],
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag)
  if (text !== undefined) made.textContent = text
  if (className !== undefined) made.className = className
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value)
  made.append(...children)
  return made
}

/**
 * A table row of cells shown as text (empty for null or undefined), with buttons in a last cell when given.
 * @example tableRow(['r1', 'GET', '/v1/pets', 503], [removeButton])
 */
export function tableRow(
  cells: ReadonlyArray<string | number | null | undefined>,
  actions: ReadonlyArray<HTMLButtonElement> = [],
): HTMLTableRowElement {
  const row = el(
    'tr',
    {},
    cells.map((cell) => el('td', { text: cell === null || cell === undefined ? '' : String(cell) })),
  )
  if (actions.length > 0) row.append(el('td', {}, actions))
  return row
}

/**
 * A button that runs `onClick` when pressed.
 * @example button('Reset', () => act(reset))
 */
export function button(label: string, onClick: () => void, className?: string): HTMLButtonElement {
  const made = el('button', { text: label, className, attributes: { type: 'button' } })
  made.addEventListener('click', onClick)
  return made
}

/**
 * A table with a caption-like accessible name, its header cells and an empty body to fill.
 * @example const { table, body } = dataTable('rules', ['id', 'method'])
 */
export function dataTable(
  name: string,
  headings: ReadonlyArray<string>,
): { table: HTMLTableElement; body: HTMLTableSectionElement } {
  const body = el('tbody')
  const head = el('thead', {}, [
    el(
      'tr',
      {},
      headings.map((heading) => el('th', { text: heading })),
    ),
  ])
  return { table: el('table', { attributes: { 'aria-label': name } }, [head, body]), body }
}
