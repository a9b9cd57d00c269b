import { escapeMarkup } from './escape-markup.ts'

/** Markup that `html` inserts as is; everything else it escapes. */
export class SafeHtml {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup
  }
}

type Value = SafeHtml | string | number | boolean | null | undefined | ReadonlyArray<Value>

const render = (value: Value): string => {
  if (value === null || value === undefined || value === false || value === true) return ''
  if (value instanceof SafeHtml) return value.markup
  if (Array.isArray(value)) return value.map(render).join('')
  return escapeMarkup(String(value))
}

/**
 * A template tag that escapes every interpolated value unless it is already `SafeHtml`, so a body
 * from a hostile server can only ever reach the page as text. Arrays are joined; `false`, `null`
 * and `undefined` render as nothing, which keeps `${cond && html`…`}` readable.
 * @example html`<td>${body}</td>` // body '<script>' renders as '&lt;script&gt;'
 */
export function html(strings: TemplateStringsArray, ...values: ReadonlyArray<Value>): SafeHtml {
  return new SafeHtml(strings.reduce((markup, part, index) => markup + render(values[index - 1] as Value) + part))
}
