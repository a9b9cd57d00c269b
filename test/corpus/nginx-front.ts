import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { scaledMs } from '../../tools/time-scale.ts'
import { freePort, listening } from '../support/ports.ts'

/** Debian's nginx (package `nginx`), installed by `npm test` as root: scripts/ensure-test-packages.ts. */
export const nginxPath = '/usr/sbin/nginx'

/** A front the test started before a corpus server: where clients reach it, and how it stops. */
export interface Front {
  origin: string
  close(): Promise<void>
}

/**
 * The nginx configuration of the nginx shape: the reverse proxy of nginx's own documentation ("Setting Up a Simple
 * Proxy Server" in its beginner's guide: `location / { proxy_pass http://localhost:8080; }`), every proxy setting
 * at its default: HTTP/1.0 to the upstream with `Connection: close` and `Host: $proxy_host`, request bodies read
 * whole first (`proxy_request_buffering on`, so a chunked body goes upstream with a Content-Length), answers
 * buffered, the upstream's errors passed as they are (`proxy_intercept_errors off`), nginx's own error pages for what
 * it refuses itself (a body over `client_max_body_size` 1m, a malformed request), `Expect: 100-continue` answered
 * by nginx. Only what running without root needs is added: the pid file, the logs and the temporary folders in the
 * run's own folder, one worker, no daemon.
 * @example nginxConfig('/tmp/petstore-nginx-x', 8080, 3000)
 */
export function nginxConfig(dir: string, port: number, upstreamPort: number): string {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://127.0.0.1:${upstreamPort};
    }
  }
}
`
}

/**
 * Starts Debian's nginx on a free loopback port in front of the server at `upstreamPort` (`nginxConfig`), with its
 * configuration, pid file and logs in a temporary folder (no root needed), and waits until it accepts connections.
 * Fails with nginx's error log when it exits or stays closed first.
 * @example const front = await startNginxFront(3000); ...; await front.close()
 */
export async function startNginxFront(upstreamPort: number): Promise<Front> {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-corpus-nginx-'))
  // Run as root (CI), nginx's worker is `nobody`: it must reach the temporary folders nginx makes in here for it.
  chmodSync(dir, 0o755)
  const port = await freePort()
  const config = join(dir, 'nginx.conf')
  writeFileSync(config, nginxConfig(dir, port, upstreamPort))
  const child = spawn(nginxPath, ['-p', dir, '-c', config, '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let printed = ''
  child.stderr.on('data', (chunk: Buffer) => {
    printed = (printed + chunk.toString()).slice(-5_000)
  })
  const exited = once(child, 'exit')
  child.once('error', (error) => {
    printed += `${error.message}: install Debian's nginx (apt-get install nginx)\n`
  })
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // SIGTERM is nginx's fast shutdown: the master stops its worker and exits.
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), scaledMs(5_000))
      await exited
      clearTimeout(timer)
    }
    rmSync(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + scaledMs(10_000)
  while (!(await listening(port))) {
    if (child.exitCode !== null || child.signalCode !== null || printed.includes('install') || Date.now() > deadline) {
      const log = `${printed}${errorLog(dir)}`.trim()
      await close()
      throw new Error(`nginx did not start on port ${port}:\n${log}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return { origin: `http://127.0.0.1:${port}`, close }
}

function errorLog(dir: string): string {
  try {
    return readFileSync(join(dir, 'error.log'), 'utf8').slice(-5_000)
  } catch {
    return ''
  }
}
