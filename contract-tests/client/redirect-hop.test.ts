import { expect, it } from 'vitest'
import { redirectHop } from './redirect-hop.ts'

const origin = 'http://127.0.0.1:4010'
const at = (status: number, location: string | null, method = 'GET') =>
  redirectHop({ status, location, method, url: `${origin}/v1/pets/`, origin })

it('follows a redirect within the origin, a relative Location resolved against the URL that answered', () => {
  expect(at(301, '/v1/pets')).toEqual({ follow: `${origin}/v1/pets` })
  expect(at(308, `${origin}/v1/pets?limit=5`, 'POST')).toEqual({ follow: `${origin}/v1/pets?limit=5` })
  expect(at(307, 'pets-moved', 'POST')).toEqual({ follow: `${origin}/v1/pets/pets-moved` })
})

it('never sends the key to another origin', () => {
  expect(at(302, 'http://elsewhere.test/v1/pets')).toEqual({ stop: expect.stringMatching(/another origin/) })
  expect(at(307, 'https://127.0.0.1:4010/v1/pets')).toEqual({ stop: expect.stringMatching(/another origin/) })
})

it('never sends a POST body again after 301, 302 or 303', () => {
  for (const status of [301, 302, 303])
    expect(at(status, '/v1/pets', 'POST')).toEqual({ stop: `${status} after POST: the body is not sent again` })
})

it('says why it stops without a usable Location, and leaves other statuses alone', () => {
  expect(at(301, null)).toEqual({ stop: 'no Location header' })
  expect(at(301, 'http://[::1')).toEqual({ stop: expect.stringMatching(/not a URL/) })
  expect(at(200, '/v1/pets')).toBeUndefined()
  expect(at(304, '/v1/pets')).toBeUndefined()
})
