import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

/** A certificate and its key in PEM, the certificate's file (what NODE_EXTRA_CA_CERTS takes), and their removal. */
export interface SelfSignedCertificate {
  cert: string
  key: string
  certPath: string
  remove(): Promise<void>
}

/**
 * A self-signed TLS certificate for the names given (`IP:127.0.0.1`, `DNS:localhost`), valid for a day, made by
 * Debian's openssl: fails loudly, naming it, where openssl cannot be run.
 * @example const { cert, key, certPath } = await selfSignedCertificate(['IP:127.0.0.1'])
 */
export async function selfSignedCertificate(names: ReadonlyArray<string>): Promise<SelfSignedCertificate> {
  const dir = await mkdtemp(join(tmpdir(), 'petstore-tls-'))
  const [certPath, keyPath] = [join(dir, 'cert.pem'), join(dir, 'key.pem')]
  const args = ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
  args.push('-keyout', keyPath, '-out', certPath, '-days', '1', '-subj', '/CN=petstore-test')
  args.push('-addext', `subjectAltName=${names.join(',')}`)
  try {
    await promisify(execFile)('openssl', args)
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    throw new Error(`Failed to make a test certificate with openssl (apt-get install openssl): ${String(error)}`)
  }
  return {
    cert: await readFile(certPath, 'utf8'),
    key: await readFile(keyPath, 'utf8'),
    certPath,
    remove: () => rm(dir, { recursive: true, force: true }),
  }
}
