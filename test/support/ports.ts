import { type AddressInfo, connect, createServer } from 'node:net'

/**
 * Whether something accepts connections on the port of 127.0.0.1.
 * @example await listening(4010) // false once the server has stopped
 */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => {
      socket.destroy()
      resolve(true)
    })
    socket.on('error', () => resolve(false))
  })
}

/**
 * Whether the port of 127.0.0.1 is free within `ms`, looked at every 100 ms.
 * @example expect(await freedWithin(port, 5_000)).toBe(true)
 */
export async function freedWithin(port: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (!(await listening(port))) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return !(await listening(port))
}

/**
 * A port of 127.0.0.1 free at the time of asking (the system picks it), for a child process to listen on.
 * @example const port = await freePort()
 */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
