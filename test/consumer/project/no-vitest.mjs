// `node --import ./no-vitest.mjs`: this process resolves no `vitest` module, as in a project without vitest (the
// package's optional peer): what loads must not need it.
import { register } from 'node:module'

register(
  `data:text/javascript,${encodeURIComponent(`
    export async function resolve(specifier, context, next) {
      if (specifier === 'vitest' || specifier.startsWith('vitest/')) {
        const error = new Error(\`Cannot find package 'vitest' imported from \${context.parentURL}\`)
        error.code = 'ERR_MODULE_NOT_FOUND'
        throw error
      }
      return next(specifier, context)
    }`)}`,
)
