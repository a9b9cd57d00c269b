import type { WrittenBytes } from '../shared/exchange.ts'
import { printfBytes } from './printf-bytes.ts'
import { shellWord } from './shell-word.ts'

// Node writes stdin on a connection of its own and prints what comes back, as `nc` would (which is not everywhere,
// and whose options to end the write side differ); it ends 3 s after the connection went quiet. No single quote.
const writer = (halfClose: boolean): string =>
  'const [h,p,t]=process.argv.slice(1);const s=require(t?"tls":"net").connect({host:h,port:+p,servername:t&&h});' +
  `process.stdin.pipe(s,{end:${halfClose}});s.pipe(process.stdout);s.on("error",(e)=>console.error(e.message));` +
  's.setTimeout(3000,()=>s.destroy())'

/**
 * The command that writes again every byte the suite wrote on a connection of its own (field names in any case,
 * pipelined requests, an absolute-form target, framing of its own), which curl cannot send: a `printf` of them piped
 * to a node one-liner that sends them to the target's host and port and prints the answers as they came; its long
 * pieces read from files in `bodyFiles` when given (`printfBytes`).
 * @example wireCommand('http://127.0.0.1:4010/v1/pets', { latin1: 'GET /v1/pets HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n' })
 */
export function wireCommand(url: string, written: WrittenBytes, bodyFiles?: string): string {
  const target = new URL(url)
  const secure = target.protocol === 'https:'
  const port = target.port || (secure ? '443' : '80')
  const host = target.hostname.replace(/^\[|\]$/g, '')
  const node = [
    'node',
    '-e',
    `'${writer(written.halfClose === true)}'`,
    shellWord(host),
    port,
    ...(secure ? ['tls'] : []),
  ]
  return `${printfBytes(written.latin1, bodyFiles)} | ${node.join(' ')}`
}
