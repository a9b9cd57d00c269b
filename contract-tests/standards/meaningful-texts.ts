import type { TextSample } from './unicode-samples.ts'

/**
 * Text that means something to another language a server may pass it through: templates, format strings,
 * markup, SQL and NoSQL, paths, escapes, spreadsheet formulas. Stored data, it must come back as sent, never
 * rendered, escaped, formatted or unescaped.
 * @example meaningfulTexts.map((sample) => sample.what)
 */
export const meaningfulTexts: ReadonlyArray<TextSample> = [
  { category: 'template', what: 'template syntax', text: '{{name}} {{7*7}} {% raw %}' },
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the template syntax is the text sent, not code
  { category: 'interpolation', what: 'interpolation syntax', text: '${name} #{name} <%= name %>' },
  { category: 'format', what: 'format specifiers', text: '%s %d %n %x %% {0}' },
  { category: 'markup', what: 'markup and entities', text: '<b>bold</b> <script>alert(1)</script> &amp; &lt;' },
  { category: 'sql', what: 'SQL', text: `O'Brien'; DROP TABLE records; -- " OR 1=1` },
  { category: 'nosql', what: 'NoSQL operators', text: '{"$gt": ""} $where' },
  { category: 'path', what: 'path traversal', text: '../../etc/passwd %2e%2e%2f' },
  { category: 'escape', what: 'escape sequences as text', text: '\\u0041 \\n \\" \\\\ \\x41' },
  { category: 'formula', what: 'spreadsheet formulas', text: '=SUM(A1:A9) +1 @cmd' },
]
