import { isIP } from 'node:net'
import { checkServerIdentity, connect, type PeerCertificate } from 'node:tls'
import type { CheckResult } from '../shared/exchange.ts'
import { messageSays } from '../shared/message-citations.ts'

/** What is wrong with a certificate, and whether node's own verification (the run's fetch) refuses it too. */
interface CertificateFaults {
  faults: Array<string>
  refusedByClient: boolean
}

/** Words for the verification errors a certificate meets most. */
const causes: Readonly<Record<string, string>> = {
  CERT_HAS_EXPIRED: 'it has expired',
  CERT_NOT_YET_VALID: 'it is not valid yet',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'it is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its chain ends in a self-signed authority no client trusts',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its chain leads to no trusted authority',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its chain leads to no trusted authority',
}

/** Whether the certificate names `host` in its subjectAltName: an IP-ID for an address, a DNS-ID for a name. */
function namedInAltName(host: string, certificate: PeerCertificate): boolean {
  const names = (certificate.subjectaltname ?? '').split(',').map((name) => name.trim())
  if (isIP(host)) return names.includes(`IP Address:${host}`)
  return names.some((name) => name.startsWith('DNS:'))
}

/**
 * What is wrong with the certificate an https origin presents, as RFC 9110 section 4.3.4 has a client verify it
 * (RFC 6125): a chain to a trusted authority, in its validity period, for the origin's host as an IP-ID or a DNS-ID in
 * its subjectAltName (a CN-ID "MUST NOT be used by clients"). Empty when nothing is; undefined when no TLS connection
 * could be made (the run's own requests report that). `ca` adds a trusted authority (for tests).
 * @example await certificateFaults('https://api.example.com/v1', { timeoutMs: 5000 }) // []
 */
export function certificateFaults(
  url: string,
  { timeoutMs, ca }: { timeoutMs: number; ca?: string },
): Promise<CertificateFaults | undefined> {
  const { hostname, port } = new URL(url)
  const host = hostname.replace(/^\[|\]$/g, '')
  return new Promise((resolve) => {
    const socket = connect({
      host,
      port: Number(port || 443),
      servername: isIP(host) ? undefined : host,
      rejectUnauthorized: false,
      ...(ca && { ca }),
    })
    const timer = setTimeout(() => finish(undefined), timeoutMs)
    const finish = (faults: CertificateFaults | undefined) => {
      clearTimeout(timer)
      socket.destroy()
      resolve(faults)
    }
    socket.once('error', () => finish(undefined))
    socket.once('secureConnect', () => {
      const certificate = socket.getPeerCertificate()
      const faults: Array<string> = []
      const error = socket.authorizationError as (Error & { code?: string }) | string | null
      const code = typeof error === 'string' ? error : (error?.code ?? error?.message)
      // The host's match is judged below, by the certificate's names.
      if (code && code !== 'ERR_TLS_CERT_ALTNAME_INVALID')
        faults.push(`${causes[code] ?? 'it is not trusted'} (${code}; valid until ${certificate.valid_to})`)
      const identity = checkServerIdentity(host, certificate)
      if (!certificate.subjectaltname)
        faults.push(`it names its host in its common name only, which RFC 9110 clients do not read (no subjectAltName)`)
      else if (identity || !namedInAltName(host, certificate))
        faults.push(
          `it is not valid for ${host}: ${identity?.message ?? `no ${isIP(host) ? 'IP-ID' : 'DNS-ID'} names it`}`,
        )
      // What node's own verification refuses (fetch's, the run's): a chain it does not trust, a host it does not match.
      finish({ faults, refusedByClient: Boolean(code) || identity !== undefined })
    })
  })
}

/**
 * The certificate of each https origin a run reaches (the pets' base and the messages' base, when it has its own),
 * judged as `certificateFaults` says: a failed `tls_certificate` result for each origin whose certificate a client that
 * keeps RFC 9110 section 4.3.4 must refuse, a passed one for each it accepts. None for http origins, or where the
 * target is reached through a fetch of the caller's (no TLS).
 * @example const results = await judgeCertificates(['https://api.example.com/v1'], 5000)
 */
export async function judgeCertificates(
  urls: ReadonlyArray<string>,
  timeoutMs: number,
  ca?: string,
): Promise<Array<CheckResult>> {
  const origins = [
    ...new Set(
      urls
        .map((url) => new URL(url))
        .filter((url) => url.protocol === 'https:')
        .map((url) => url.origin),
    ),
  ]
  const results: Array<CheckResult> = []
  for (const origin of origins) {
    const judged = await certificateFaults(origin, { timeoutMs, ca })
    // A certificate the run's own client refuses ends the run at its first request to that origin, a configuration
    // fault that says what to pass (decision record 035): no finding here.
    if (judged === undefined || judged.refusedByClient) continue
    const { faults } = judged
    results.push(
      faults.length === 0
        ? {
            check: 'tls_certificate',
            outcome: 'passed',
            message: `${origin} presents a certificate valid for its host.`,
          }
        : {
            check: 'tls_certificate',
            outcome: 'failed',
            level: 'violation',
            basis: messageSays.certificate,
            message: `${origin} presents a certificate a client must refuse: ${faults.join('; ')}.`,
            expected:
              'a certificate chained to a trusted authority, in its validity period, naming the host in subjectAltName',
            received: faults.join('; '),
          },
    )
  }
  return results
}
