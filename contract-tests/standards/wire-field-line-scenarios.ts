import { operationList } from '../../spec/operations.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { validRequest } from '../scenarios/valid-request.ts'
import { standardSays } from '../shared/citations.ts'
import type { Basis } from '../shared/exchange.ts'
import type { Scenario } from '../shared/scenario.ts'
import { acted, type FormVerdict, judgeForm, withAuthorization } from './wire-form-verdicts.ts'

interface FieldLineForm {
  /** The form, in words. */
  what: string
  rewrite: (head: string) => string
  expected: string
  verdict: (status: number | undefined) => FormVerdict
  basis: Basis
}

/** Never served as if the key were there: any refusal, or none, is how a server reads these. */
const neverServed = (status: number | undefined): FormVerdict => (acted(status) ? 'violation' : 'pass')

/**
 * The forms of a field line a server must refuse or read as RFC 9112 says; each moves the key where a misreading
 * finds it.
 */
const forms: ReadonlyArray<FieldLineForm> = [
  {
    what: 'a bare CR before "authorization:", inside another field line',
    rewrite: withAuthorization((line) => `x-note: 1\r${line}`),
    expected: 'a refusal (the field invalid) or 401 (the CR read as SP): the line is no Authorization field',
    verdict: neverServed,
    basis: standardSays.bareCrRead,
  },
  {
    what: 'the Authorization line preceded by white space, right after the request-line',
    rewrite: (head) => {
      const line = /\r\n(authorization: [^\r\n]*)\r\n/.exec(head)
      if (!line) return head
      const rest = head.replace(line[0], '\r\n')
      const end = rest.indexOf('\r\n')
      return `${rest.slice(0, end)}\r\n ${line[1]}${rest.slice(end)}`
    },
    expected: 'a refusal, or 401: a white-space-preceded line is consumed without being read',
    verdict: neverServed,
    basis: standardSays.whitespaceLinesRead,
  },
  {
    what: 'the Authorization line folded under another field (obs-fold)',
    rewrite: withAuthorization((line) => `x-note: a\r\n ${line}`),
    expected: '400, or 401: the fold is part of x-note',
    verdict: neverServed,
    basis: standardSays.foldRead,
  },
  {
    what: 'white space between the field name and its colon: "authorization : Bearer …"',
    rewrite: withAuthorization((line) => line.replace('authorization:', 'authorization :')),
    expected: '400',
    verdict: (status) => (acted(status) ? 'violation' : status === 400 ? 'pass' : 'deviation'),
    basis: standardSays.colonWhitespace,
  },
  {
    what: 'the key folded onto a continuation line: "authorization: Bearer" CRLF SP key',
    rewrite: withAuthorization((line) => line.replace(/^authorization: (\S+) /, 'authorization: $1\r\n ')),
    expected: '400, or the answer with the key (the fold read as SP)',
    verdict: (status) => (acted(status) || status === 400 ? 'pass' : 'deviation'),
    basis: standardSays.foldRead,
  },
]

/**
 * Field lines a server must refuse or read as RFC 9112 sections 2.2, 5.1 and 5.2 say, written on the wire for the
 * valid request of every described operation, the key moved into each form and nowhere else: after a bare CR inside
 * another line, on a white-space-preceded line right after the request-line, folded under another field, with white
 * space before the colon, folded within its own value. Served as if the key were there (a 2xx) where no field line
 * carries it, the lines were misread: a violation; a 5xx likewise. White space before a colon must get 400 and a
 * folded key 400 or the key read: another refusal, or none, is a deviation of the server's HTTP layer.
 */
export const fieldLineScenarios: Array<Scenario> = operationList
  .filter((operation) => operation.described)
  .map(
    (operation): Scenario => ({
      check: 'field_line_forms',
      title: `${operation.operationId} reads no key from a bare CR, a white-space-preceded line, a fold or "name :"`,
      operationId: operation.operationId,
      basis: standardSays.foldRead,
      writes: !operation.safe,
      async run(context) {
        const request = validRequest(operation, context.data)
        if (!request) return context.skip('No request of this operation can be built.')
        for (const form of forms) {
          const exchange = await context.client.call(operation.operationId, {
            ...request,
            alsoAccepted: clientErrors,
            wire: { rewrite: form.rewrite },
          })
          judgeForm(context, exchange, { ...form, what: `${operation.operationId} with ${form.what}` })
        }
      },
    }),
  )
