import { specChooses, standardSays } from '../shared/citations.ts'
import { jsonMediaType } from './json-content-type.ts'
import { excerpt, failed, passed, type ResponseCheck, warning } from './response-check.ts'

const charsetOf = (type: string): string | undefined => /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(type)?.[1]
// biome-ignore lint/suspicious/noControlCharactersInRegex: every character past ASCII is what it looks for
const beyondAscii = /[^\u0000-\u007f]/

/**
 * A JSON answer is UTF-8, read as bytes: no byte order mark before it, no byte sequence that is not UTF-8,
 * (RFC 8259 section 8.1's two MUSTs, violations). A charset label naming another encoding on UTF-8 text that
 * needs one is a deviation: RFC 8259 section 11 defines no such parameter ("Adding one really has no effect on
 * compliant recipients"), yet a client that honours it reads the text wrongly. On pure ASCII it is not reported.
 */
export const jsonUtf8: ResponseCheck = {
  name: 'json_utf8',
  description: 'A JSON body is UTF-8, without a byte order mark (RFC 8259 section 8.1).',
  basis: standardSays.jsonUtf8,
  run: ({ request, response }) => {
    if (request.method === 'HEAD' || (response.bodyText === '' && response.bom !== true)) return undefined
    const type = response.headers['content-type'] ?? ''
    // A body not labelled JSON is json_content_type's to report.
    if (type !== '' && !jsonMediaType.test(type)) return undefined
    if (response.bom)
      return failed(
        'The JSON body begins with a UTF-8 byte order mark (EF BB BF), which RFC 8259 forbids a sender to add.',
        'JSON text without a byte order mark',
        `EF BB BF ${excerpt(response.bodyText, 60)}`,
      )
    if (response.utf8 === false)
      return failed(
        'The JSON body is not valid UTF-8: it is encoded in another charset.',
        'UTF-8',
        `${type || '(no content type)'}: ${excerpt(response.bodyText, 80)}`,
      )
    const charset = charsetOf(type)
    if (charset && !/^utf-?8$/i.test(charset) && beyondAscii.test(response.bodyText))
      return warning(
        `The JSON body holds characters beyond ASCII but is labelled charset=${charset}: a client that honours ` +
          'the label reads them wrongly.',
        'UTF-8, labelled as such or not at all',
        type,
        specChooses.charsetLabel,
      )
    return passed('UTF-8 JSON without a byte order mark.')
  },
}
