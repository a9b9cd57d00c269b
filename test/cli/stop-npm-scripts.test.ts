import { expect, it } from 'vitest'
import { scaledMs } from '../../tools/time-scale.ts'
import { freedWithin, listening } from '../support/ports.ts'
import { startScript } from '../support/run-script.ts'

// npm forwards SIGTERM and SIGINT to the one process its script shell runs; the scripts exec the server so that
// this process is the server, not a shell that dies and leaves the server holding the port. SIGKILL reaches npm
// alone: the server, orphaned, sees its parent gone and stops.
const npmStart = ['start', '--', '--port', '0']
it.each([
  ['npm start', 'SIGTERM', npmStart],
  ['npm start', 'SIGINT', npmStart],
  ['npm start', 'SIGKILL', npmStart],
  ['npm run demo', 'SIGTERM', ['run', 'demo', '--', '--port', '0']],
] as const)(
  'frees the port when the pid of %s is sent %s',
  { timeout: scaledMs(60_000) },
  async (_name, signal, args) => {
    const ready = /ready: http:\/\/127\.0\.0\.1:(\d+)/
    // A group of its own: the clean-up reaches the server even if it outlived npm.
    const script = await startScript('npm', [...args], ready, {}, { detached: true })
    try {
      const port = Number(ready.exec(script.output())?.[1])
      expect(port, script.output()).toBeGreaterThan(0)
      expect(await listening(port)).toBe(true)
      script.child.kill(signal)
      await script.exited
      expect(await freedWithin(port, scaledMs(5_000)), `port ${port} still bound after npm ended (${signal})`).toBe(
        true,
      )
    } finally {
      const { pid } = script.child
      try {
        if (pid !== undefined) process.kill(-pid, 'SIGKILL')
      } catch {
        // Nothing left of the group: the expected case.
      }
    }
  },
)
