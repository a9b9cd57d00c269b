import { specChooses, standardSays } from '../shared/citations.ts'
import { httpGrammar } from '../shared/http-grammar.ts'
import { failed, ownMethod, passed, type ResponseCheck, warning } from './response-check.ts'

/**
 * Whether an answer came as an HTTP/1.1 message from a server, framed on a connection (RFC 9112 section 6.3: a
 * Content-Length, a Transfer-Encoding, or a Connection closing it): an answer a fetch of the caller's gives (the
 * in-process mock) comes from no server and no clock, so its lack of a Date says nothing.
 */
const fromAServer = (headers: Readonly<Record<string, string>>) =>
  ['content-length', 'transfer-encoding', 'connection'].some((name) => headers[name] !== undefined)

/**
 * Every Date is an IMF-fixdate (RFC 9110 section 5.6.7: "the sender MUST generate those timestamps in the
 * IMF-fixdate format"): a violation otherwise, on any answer. A 2xx, 3xx or 4xx without Date is a deviation: section
 * 6.6.1 binds "An origin server with a clock"; judged on answers to the operation's own method, and only on those that
 * came from a server (see `fromAServer`). How far the Date is from the client's clock is not judged: clocks
 * differ.
 */
export const dateHeader: ResponseCheck = {
  name: 'date_header',
  description: 'Every Date is an IMF-fixdate, and a 2xx, 3xx or 4xx carries one (RFC 9110 sections 5.6.7, 6.6.1).',
  basis: standardSays.dateHeader,
  run: ({ request, response }, contract) => {
    const date = response.headers.date
    if (date === undefined) {
      if (response.status < 200 || response.status >= 500 || !fromAServer(response.headers)) return undefined
      // A method the operation lacks may be refused by the HTTP parser before any application reads it (node's bare
      // 400 to an unknown method): the answer is the framework's, not the service's.
      if (!ownMethod(request.method, contract)) return undefined
      return warning(
        `The ${response.status} answer carries no Date header.`,
        'Date: an IMF-fixdate, e.g. Sun, 06 Nov 1994 08:49:37 GMT',
        '(no Date)',
        specChooses.dateSent,
      )
    }
    if (!httpGrammar.imfFixdate.test(date))
      return failed(
        'The Date header is not an IMF-fixdate (e.g. Sun, 06 Nov 1994 08:49:37 GMT).',
        'Date: an IMF-fixdate, e.g. Sun, 06 Nov 1994 08:49:37 GMT',
        date,
      )
    return passed('Date is an IMF-fixdate.')
  },
}
