import { expect, it } from 'vitest'
import { isForwardingHeader } from './forwarding-header.ts'

it('recognises the headers proxies and CDNs add, by family rather than by a list', () => {
  for (const name of [
    'forwarded',
    'via',
    'x-forwarded',
    'x-forwarded-for',
    'x-forwarded-host',
    'x-forwarded-server',
    'x-original-host',
    'x-original-url',
    'x-real-ip',
    'x-client-ip',
    'true-client-ip',
    'cf-connecting-ip',
    'cf-connecting-ipv6',
    'fastly-client-ip',
    'x-cluster-client-ip',
    'x-azure-clientip',
    'x-envoy-external-address',
  ])
    expect(isForwardingHeader(name), name).toBe(true)
})

it('takes the headers a browser or a local tool sends', () => {
  for (const name of ['host', 'origin', 'authorization', 'content-type', 'x-mock-session', 'user-agent', 'x-skip'])
    expect(isForwardingHeader(name), name).toBe(false)
})
