import { allowOn405 } from './allow-on-405.ts'
import { answerFieldRules } from './answer-field-rules.ts'
import { answerOnWire } from './answer-on-wire.ts'
import { dateHeader } from './date-header.ts'
import { deprecationHeaders } from './deprecation-headers.ts'
import { errorBodyConformance } from './error-body-conformance.ts'
import { jsonContentType } from './json-content-type.ts'
import { jsonUtf8 } from './json-utf8.ts'
import { keyedAnswerNotPublic } from './keyed-answer-not-public.ts'
import { noServerError } from './no-server-error.ts'
import type { ResponseCheck } from './response-check.ts'
import { responseFieldGrammar } from './response-field-grammar.ts'
import { responseFieldValues } from './response-field-values.ts'
import { responseSchemaConformance } from './response-schema-conformance.ts'
import { statusCodeDocumented } from './status-code-documented.ts'
import { wwwAuthenticate } from './www-authenticate.ts'

/** Every check the client applies to every response, in report order. */
export const responseChecks: ReadonlyArray<ResponseCheck> = [
  noServerError,
  statusCodeDocumented,
  jsonContentType,
  jsonUtf8,
  responseSchemaConformance,
  errorBodyConformance,
  wwwAuthenticate,
  allowOn405,
  responseFieldGrammar,
  responseFieldValues,
  dateHeader,
  keyedAnswerNotPublic,
  deprecationHeaders,
  answerFieldRules,
  answerOnWire,
]
