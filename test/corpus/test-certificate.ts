import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A certificate authority made for one run and a server certificate it signed for 127.0.0.1 and localhost. */
export interface TestCertificate {
  /** The folder that holds the files; `remove()` deletes it. */
  dir: string
  /** The authority's certificate (PEM): what a client is told to trust (`NODE_EXTRA_CA_CERTS`). */
  caFile: string
  /** The server's certificate and private key (PEM). */
  certFile: string
  keyFile: string
  remove(): void
}

/**
 * Makes a throwaway certificate authority and a server certificate it signs (P-256 keys, valid for two days,
 * subjectAltName IP:127.0.0.1 and DNS:localhost) with Debian's `openssl`, in a new temporary folder: no private key is
 * ever committed, and the authority's key is deleted once it has signed.
 * @example const certificate = makeTestCertificate(); try { ... } finally { certificate.remove() }
 */
export function makeTestCertificate(): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-corpus-tls-'))
  const file = (name: string) => join(dir, name)
  const key = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2']
  const openssl = (args: Array<string>) => execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] })
  try {
    openssl([
      'req',
      '-x509',
      ...key,
      '-subj',
      '/CN=petstore corpus test CA',
      '-keyout',
      file('ca.key'),
      '-out',
      file('ca.pem'),
    ])
    const signed = [
      '-CA',
      file('ca.pem'),
      '-CAkey',
      file('ca.key'),
      '-keyout',
      file('key.pem'),
      '-out',
      file('cert.pem'),
    ]
    const server = [
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-addext',
      'basicConstraints=critical,CA:FALSE',
    ]
    openssl(['req', '-x509', ...key, '-subj', '/CN=127.0.0.1', ...signed, ...server])
    rmSync(file('ca.key'))
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    const said = (error as { stderr?: Buffer }).stderr?.toString().trim()
    throw new Error(`Failed to make a test certificate with openssl: ${said || (error as Error).message}`)
  }
  return { ...certificateIn(dir), remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/**
 * The certificate `makeTestCertificate` made in `dir`, as another process sees it: its `remove()` leaves the folder
 * to the process that made it.
 * @example certificateIn('/tmp/petstore-corpus-tls-x').caFile // '/tmp/petstore-corpus-tls-x/ca.pem'
 */
export function certificateIn(dir: string): TestCertificate {
  const file = (name: string) => join(dir, name)
  return { dir, caFile: file('ca.pem'), certFile: file('cert.pem'), keyFile: file('key.pem'), remove: () => {} }
}
