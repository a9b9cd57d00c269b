import { developmentApiKey } from '../../shared/development-api-key.ts'
import { json, onModel, operationOf, rewrite, type Variant, type VariantRequest } from './variant.ts'

/** A response with one field set (or replaced), its status and body kept. */
function withField(response: Response, name: string, value: string): Response {
  const headers = new Headers(response.headers)
  headers.set(name, value)
  return new Response(response.body, { status: response.status, headers })
}

/** A body read by the media type's charset parameter, as the variant's parser takes it. */
const charsetOf = (request: VariantRequest) => /;\s*charset=([^;]*)/i.exec(request.headers['content-type'] ?? '')?.[1]

const serverError = (message: string) =>
  new Response(message, { status: 500, headers: { 'content-type': 'text/plain' } })

/** A create's answer and its path's id, for a Location. */
const createdId = async (response: Response) => ((await response.clone().json()) as { id?: unknown }).id

/**
 * Implementations, in process, with one defect each against what RFC 9110 sections 2 to 9 and the interface ask of
 * the fields a server writes and reads through fetch: Location, Allow, Content-Type, WWW-Authenticate and Sunset in
 * their grammar, the media type's parameters read as RFC 9110 writes them, reads that change nothing, the deprecated
 * read served until its date.
 */
export const messageRewriteVariants: ReadonlyArray<Variant> = [
  rewrite({
    name: 'location-empty-host',
    description:
      'its create answers a Location built from its PUBLIC_HOST setting, left empty: http:///v1/pets/7, a URI with ' +
      'an empty host',
    caughtBy: 'response_field_grammar',
    response: async (response, r) =>
      operationOf(r) === 'createPet' && response.status === 201
        ? withField(response, 'location', `http:///v1/pets/${await createdId(response)}`)
        : response,
  }),
  rewrite({
    name: 'content-location-empty-https-host',
    description:
      'its create answers a Content-Location built from its PUBLIC_HOST setting, left empty, on its https scheme: ' +
      'https:///v1/pets/7',
    caughtBy: 'response_field_grammar',
    response: async (response, r) =>
      operationOf(r) === 'createPet' && response.status === 201
        ? withField(response, 'content-location', `https:///v1/pets/${await createdId(response)}`)
        : response,
  }),
  rewrite({
    name: 'location-with-userinfo',
    description:
      "its create answers a Location built from its public URL, which holds the deployment's basic-auth " +
      'credentials (https://deploy:secret@…)',
    caughtBy: 'response_field_grammar',
    response: async (response, r) =>
      operationOf(r) === 'createPet' && response.status === 201
        ? withField(response, 'location', `https://deploy:secret@petstore.test/v1/pets/${await createdId(response)}`)
        : response,
  }),
  rewrite({
    name: 'allow-empty-member',
    description:
      'it joins the methods of its 405 with an empty one its router keeps for a disabled route: "GET, POST, "',
    caughtBy: 'response_field_grammar',
    response: (response) =>
      response.status === 405 ? withField(response, 'allow', `${response.headers.get('allow') ?? 'GET'}, `) : response,
  }),
  rewrite({
    name: 'charset-spaced-equals',
    description: 'its framework writes media type parameters with spaces around "=": application/json; charset = utf-8',
    caughtBy: 'response_field_grammar',
    response: (response) =>
      response.headers.get('content-type')?.startsWith('application/json')
        ? withField(response, 'content-type', 'application/json; charset = utf-8')
        : response,
  }),
  rewrite({
    name: 'challenge-with-bws',
    description: 'its 401 writes the challenge with spaces around "=": Bearer realm = "petstore"',
    caughtBy: 'response_field_grammar',
    response: (response) =>
      response.status === 401 ? withField(response, 'www-authenticate', 'Bearer realm = "petstore"') : response,
  }),
  rewrite({
    name: 'sunset-space-padded-day',
    description:
      'it writes Sunset with strftime\'s "%a, %e %b %Y": a day under 10 padded with a space, "Thu,  5 Dec 2030"',
    caughtBy: 'response_field_grammar',
    response: (response) =>
      response.headers.get('sunset')
        ? withField(response, 'sunset', (response.headers.get('sunset') ?? '').replace(/, 0(\d) /, ',  $1 '))
        : response,
  }),
  rewrite({
    name: 'accept-split-untrimmed',
    description:
      'its negotiation splits Accept on commas without trimming the members: "application/json , */*" matches ' +
      'none, and it answers its text/plain rendering',
    caughtBy: 'generated_request_forms',
    response: async (response, r) => {
      const members = (r.headers.accept ?? '*/*').split(',').map((member) => member.split(';')[0])
      if (members.some((member) => member === 'application/json' || member === '*/*')) return response
      const text = await response.text()
      return new Response(`as text: ${text}`, { status: response.status, headers: { 'content-type': 'text/plain' } })
    },
  }),
  rewrite({
    name: 'media-type-untrimmed',
    description:
      'its body parser compares the media type before ";" untrimmed with application/json: "application/json ;…" ' +
      'is left unparsed and its handler reads a field of the missing body (TypeError, 500)',
    caughtBy: 'media_type_forms',
    request: (r) => {
      const type = (r.headers['content-type'] ?? '').split(';')[0] ?? ''
      return r.body !== undefined && type !== type.trim()
        ? serverError("TypeError: Cannot read properties of undefined (reading 'name')")
        : r
    },
  }),
  rewrite({
    name: 'quoted-charset-unescaped-once',
    description:
      'its body reader unquotes the charset by dropping the quotes only: charset="utf\\-8" names "utf\\-8", which ' +
      'its decoder throws on (500)',
    caughtBy: 'media_type_forms',
    request: (r) => {
      const charset = charsetOf(r)?.trim().replace(/^"|"$/g, '')
      return r.body !== undefined && charset?.includes('\\')
        ? serverError(`RangeError: The "${charset}" encoding is not supported`)
        : r
    },
  }),
  rewrite({
    name: 'charset-compared-exactly',
    description:
      'its body reader decodes as UTF-8 only under the exact label "utf-8", and reads any other as Latin-1 (the old ' +
      'HTTP default): a name with "é" sent as charset=UTF-8 is stored garbled',
    caughtBy: 'media_type_forms',
    request: (r) => {
      const charset = charsetOf(r)?.trim().replace(/^"|"$/g, '')
      if (r.body === undefined || charset === undefined || charset === 'utf-8') return r
      return { ...r, body: Buffer.from(r.body, 'utf8').toString('latin1') }
    },
  }),
  (() => {
    // Pets read by id, held for whoever reads them next: the variant's one side effect of a read.
    const held = new Set<number>()
    const asHeld = <T extends { id: number; status?: string }>(pet: T): T =>
      held.has(pet.id) ? { ...pet, status: 'pending' } : pet
    return onModel({
      name: 'read-reserves-pet',
      description:
        'its read of a pet by id reserves it (a "held while viewed" feature): the pet is pending for every later ' +
        'read and list, though no client changed it',
      caughtBy: 'stateful_model',
      model: (model) => ({
        findPet: (id) => {
          const pet = model.findPet(id)
          if (!pet) return pet
          const before = asHeld(pet)
          held.add(pet.id)
          return before
        },
        listPets: ({ status, limit }) =>
          model
            .allPets()
            .map(asHeld)
            .filter((pet) => status === undefined || pet.status === status)
            .slice(0, limit),
      }),
    })
  })(),
  rewrite({
    name: 'get-pet-removed-early',
    description: 'its deprecated read by id is switched off ahead of its date: 410 Gone for every pet',
    caughtBy: 'get_matches_list',
    request: (r) =>
      operationOf(r) === 'getPet' && r.headers.authorization === `Bearer ${developmentApiKey}`
        ? json(410, { code: 'gone', message: 'This operation has been removed.', status: 410 })
        : r,
  }),
]
