/** The pets `--pets` alone means. */
export const defaultBenchPets = 100_000

/** The store sizes the large-store section measures (`--store-sizes`), and in a smoke run. */
export const defaultStoreSizes: ReadonlyArray<number> = [100_000, 1_000_000]
export const smokeStoreSizes: ReadonlyArray<number> = [2_000, 20_000]

/** New sessions on a large seeded store, whose RSS the mock controls section reports (goal: under 50 MB). */
export const largeStoreSessions = { sessions: 100, pets: 20_000 } as const

/** The latency the proxy of the delayed contract run adds to each chunk, each way. */
export const proxyDelayMs = 50

/** The checks a smoke run sends through the delay proxy: keep-alive, a raw-socket HEAD, chunked bodies, concurrency. */
export const smokeProxyChecks = 'head_like_get,chunked_body,list_during_creates,generated_list_query'

const large = largeStoreSessions

/** The `--help` text of `npm run bench`. */
export const benchHelp = `Usage: npm run bench -- [options]

Starts, on loopback, our standalone mock as npm start runs it (compiled JS under node with npm start's flags,
built first with npm run build if missing or stale), Prism's mock of spec/openapi.yaml
(-v silent) and a bare node:http server, and drives each with autocannon in rounds of mirrored
order (ours bare Prism, then Prism bare ours, ...), after an unmeasured warm-up of each (2 s, or
--duration if shorter; none with --smoke): GET /v1/pets?limit=20, GET /v1/pets/{id}, POST /v1/pets (Prism: the same
paths without /v1). Prints req/s, p50 and p99 latency, start-up (spawn to first answer), idle
and peak RSS, the ratios ours/Prism and ours/bare against the goals, and the in-process fetch's
calls/s. Then the mock controls section: the RSS that --sessions sessions (X-Mock-Session)
with one create each add to our mock (goal <= 200 MB), the same for ${large.sessions} new sessions at
--pets ${large.pets} (goal < 50 MB: they share the seeded pets; 10 with --smoke), and creates/s for
--creates concurrent POST /v1/pets with and without --state-file. Then the large-store section: for each
--store-sizes size, start-up, RSS, a read, a new session, POST /__mock/reset and PUT /__mock/state
each with a GET sent while it runs, and an in-process replace of every pet with the longest stall
of the event loop it caused. Then whole contract runs, each its own process, with wall time, peak
RSS, exit code and the requests each run's contract-report.json counts: npm run contract against
our mock (goals: <= 30 s, peak RSS <= 250 MB); the same through a loopback proxy that holds every
chunk ${proxyDelayMs} ms each way, at the default concurrency (goals: <= 300 s, exit code 0; --smoke
sends it just --only ${smokeProxyChecks}),
one against a server whose every answer is an endless body (goal: peak RSS <= 512 MB), and one
against a server that ignores limit, every list all of its 75,000 valid pets (goals: <= 180 s, peak
RSS <= 512 MB). Then GET by id through petstore-mock --proxy in front of our mock, against a
ten-line node:http keep-alive proxy in the same turns (goal: >= 0.6x its throughput), the same sent
directly and through a relay that parses nothing; and at 200 req/s against a deployment that answers
in 10 ms, the latency the proxy adds (goals: <= 1 ms at the median, <= 5 ms at p99). Writes
bench.json and bench.html.

Options:
  --duration N      seconds per measurement (default 2; 1 with --smoke)
  --connections N   concurrent connections (default 32)
  --rounds N        rounds per request, alternating the targets (default 20, at most 50; 1 with --smoke)
  --attempts N      runs at most per round while other programs take over 10% of the CPU
                    (default 3; 1 with --smoke): the least disturbed run is kept
  --pets [N]        also compare our mock seeded with N pets (default ${defaultBenchPets}) and with 100
  --sessions N      sessions in the mock controls section (default 1000; 20 with --smoke)
  --creates N       concurrent creates with and without --state-file (default 1000; 50 with --smoke)
  --store-sizes N,M the store sizes of the large-store section (default ${defaultStoreSizes.join(',')};
                    ${smokeStoreSizes.join(',')} with --smoke)
  --report-dir DIR  where to write bench.json and bench.html (default reports/bench)
  --smoke           a quick run that only proves the bench works (npm test runs it)
  -h, --help        show this text

Figures are medians over the rounds. A ratio is the median of the rounds' ratios, each round's pair
measured side by side: many short rounds outvote a slow stretch of the machine that a few long ones
would average in. No timing is asserted; the goals are printed as PASS or MISS.
Exit code 0 when the run completes (whether goals are met or not), 2 when it cannot run.`
