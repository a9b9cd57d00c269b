// `petstore-contract/openapi-fetch`: the API's types for openapi-fetch (`createClient<paths>`), every int64 typed
// `number | bigint`, and `withExactInt64`, which makes the client read and write them without rounding. Nothing of
// the mock: what an app's own client imports.
export type { paths } from './generated/openapi-types.ts'
export { withExactInt64 } from './json/with-exact-int64.ts'
