import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { developmentApiKey } from '../mocks/core/development-api-key.ts'
import { hostileAnswers } from '../tools/hostile-answers.ts'
import { runMeasuredContract } from '../tools/run-measured-contract.ts'
import { startProcessTarget } from './start-process-target.ts'

/** One contract run, measured from outside: a child process, as a user or CI starts it. */
export interface ContractRunFigures {
  label: string
  command: string
  exitCode: number | null
  seconds: number
  /** The child's peak resident memory (the kernel's maximum, read at exit), in MB. */
  peakRssMb: number
}

/** What a contract run costs: a healthy one against the local mock, and one against a hostile target. */
export interface ContractFigures {
  /** `npm run contract --base-url` against our mock as `npm start` runs it. */
  healthy: ContractRunFigures
  /** Against a server whose every answer is an endless body. */
  hostile: ContractRunFigures
}

/**
 * Runs the contract suite as a child process against our mock (compiled, `dist/serve.mjs`, its own process) and
 * against a loopback server whose every answer is an endless chunked body, and reports each run's wall time and
 * peak RSS. `smoke` keeps the exploring phases short.
 * @example const { healthy } = await measureContractRuns({ root: process.cwd(), smoke: false })
 */
export async function measureContractRuns({ root, smoke }: { root: string; smoke: boolean }): Promise<ContractFigures> {
  const reportDir = await mkdtemp(join(tmpdir(), 'bench-contract-'))
  const explore = smoke ? ['--max-examples', '5', '--time-budget-s', '2'] : []
  const mock = await startProcessTarget({
    name: 'ours for the contract run',
    args: ['dist/serve.mjs', '--port', '0'],
    cwd: root,
    env: { ...process.env, PETSTORE_API_KEY: '' },
    readyPattern: /ready: (http:\/\/\S+\/v1)/,
    probe: { path: '/pets?limit=1', headers: { authorization: `Bearer ${developmentApiKey}` } },
  })
  const endless = hostileAnswers(Buffer.alloc(0)).find((answer) => answer.name === 'an endless chunked body')
  const hostile = createServer((request, response) => {
    request.resume()
    endless?.send(response)
  })
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve))
  const hostileUrl = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}/v1`
  const args = (baseUrl: string): Array<string> => [
    ...['--base-url', baseUrl, '--api-key', developmentApiKey, '--report-dir', reportDir, '--seed', '1'],
    ...explore,
  ]
  try {
    const measure = async (label: string, baseUrl: string, extra: Array<string> = []): Promise<ContractRunFigures> => {
      const run = await runMeasuredContract([...args(baseUrl), ...extra], 300_000)
      return {
        label,
        command: 'npm run contract',
        exitCode: run.code,
        seconds: run.ms / 1000,
        peakRssMb: run.peakRssMb,
      }
    }
    return {
      healthy: await measure('healthy run against the local mock', mock.baseUrl),
      hostile: await measure('a target whose every answer is an endless body', hostileUrl, ['--timeout-ms', '3000']),
    }
  } finally {
    hostile.closeAllConnections()
    hostile.close()
    await mock.stop()
    await rm(reportDir, { recursive: true, force: true })
  }
}
