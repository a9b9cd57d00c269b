/**
 * An answer fetch's HTTP parser refused (`refusedByParser`): the target answered, in bytes fetch cannot read. The
 * transport reads the exchange again on a connection of its own (`readAnswerOnWire`) and judges those bytes.
 * @example throw new UnparsedAnswer('http://127.0.0.1:4010/v1/pets', 'HPE_LF_EXPECTED: Missing expected LF')
 */
export class UnparsedAnswer extends Error {
  constructor(
    /** The URL whose answer it was (a redirect followed included). */
    readonly url: string,
    /** What the parser said. */
    readonly refusal: string,
  ) {
    super(`The answer to ${url} is not HTTP/1.1 as fetch reads it: ${refusal}.`)
    this.name = 'UnparsedAnswer'
  }
}
