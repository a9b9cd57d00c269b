/** The key the mock accepts when it is given none: `Authorization: Bearer petstore-dev-key`. */
export const developmentApiKey = 'petstore-dev-key'
