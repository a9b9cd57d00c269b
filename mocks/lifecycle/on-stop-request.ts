import { readFileSync } from 'node:fs'

/** Why a server is asked to stop: a signal, or the end of the process that started it. */
type StopReason = 'SIGINT' | 'SIGTERM' | 'parent exited'

/** How often the starter is looked for: a port held at most about this long after it is gone. */
const parentPollMs = 250

/** The shells npm runs a bin or a script in (`sh -c`), which a signal kills without passing it on. */
const shells = new Set(['sh', 'dash', 'bash', 'zsh', 'ash', 'ksh'])

/**
 * Calls `stop` once: on SIGINT, on SIGTERM, or when the process that started this one is gone. npx and a
 * package.json script run the bin through `sh -c`: SIGTERM to npm reaches the shell, which dies of it, and
 * `kill -9` reaches npm alone, leaving the shell waiting. So the watch covers the parent and, when npm started
 * this process through a shell, the shell's parent (npm) too: when either ends, the server stops rather than
 * hold its port. (The shell's parent is read from /proc, so on a system without it only the parent is watched.)
 * Returns a function that stops listening.
 * @example onStopRequest((reason) => void server.close().then(() => process.exit(0)))
 */
export function onStopRequest(stop: (reason: StopReason) => void): () => void {
  const watched = startedBy
  let stopped = false
  const once = (reason: StopReason): void => {
    if (stopped) return
    stopped = true
    dispose()
    stop(reason)
  }
  const onInterrupt = (): void => once('SIGINT')
  const onTerminate = (): void => once('SIGTERM')
  process.once('SIGINT', onInterrupt)
  process.once('SIGTERM', onTerminate)
  const watch = setInterval(() => {
    if (watched.every(({ pid, parent }) => parentOf(pid) === parent)) return
    // Nothing may read the output any more: a failed write (EPIPE) must not end the process before `stop` has run.
    process.stdout.on('error', () => {})
    process.stderr.on('error', () => {})
    once('parent exited')
  }, parentPollMs)
  watch.unref()
  function dispose(): void {
    clearInterval(watch)
    process.removeListener('SIGINT', onInterrupt)
    process.removeListener('SIGTERM', onTerminate)
  }
  return dispose
}

/** The chain as it was when this module loaded, early in the process: a starter that ends during start-up counts. */
const startedBy = watchedLinks()

/** Each process of the chain and the parent it has now: an orphan's parent becomes init or a subreaper. */
function watchedLinks(): Array<{ pid: number; parent: number | undefined }> {
  const links = [{ pid: process.pid, parent: process.ppid as number | undefined }]
  const startedByNpm = process.env.npm_command !== undefined
  const shell = process.ppid
  if (startedByNpm && shells.has(commandOf(shell) ?? '')) links.push({ pid: shell, parent: parentOf(shell) })
  return links
}

/** The parent pid of a process (undefined once it is gone), read afresh: /proc for any but this process. */
function parentOf(pid: number): number | undefined {
  if (pid === process.pid) return process.ppid
  return Number(procStat(pid)?.[3]) || undefined
}

function commandOf(pid: number): string | undefined {
  return procStat(pid)?.[1]
}

/** `/proc/<pid>/stat` as [pid, command, state, ppid, …], the command (which may hold spaces) cut at its parentheses. */
function procStat(pid: number): Array<string> | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const open = text.indexOf('(')
    const close = text.lastIndexOf(')')
    return [text.slice(0, open).trim(), text.slice(open + 1, close), ...text.slice(close + 2).split(' ')]
  } catch {
    return undefined
  }
}
