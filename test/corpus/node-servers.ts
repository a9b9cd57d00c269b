import type { CorpusServer } from './corpus-server.ts'

/** Each server runs its TypeScript through tsx from the root node_modules, in its own folder. */
const tsx = (entry: string) => ['node', '--import', 'tsx', entry]

/** The corpus servers written in node. */
export const nodeServers: ReadonlyArray<CorpusServer> = [
  {
    name: 'express',
    language: 'node',
    command: tsx('server.ts'),
    folder: 'express',
    deviations: [
      'deprecation_headers',
      'error_body_conformance',
      'generated_get_pet',
      'generated_invalid_query',
      'generated_valid_create',
      'invalid_pet_id_rejected',
      'json_body_syntax',
      'json_content_type',
      'message_queued',
      'unsupported_method',
    ],
  },
  {
    name: 'fastify',
    language: 'node',
    command: tsx('server.ts'),
    folder: 'fastify',
    deviations: [
      'deprecation_headers',
      'error_body_conformance',
      'generated_get_pet',
      'generated_invalid_query',
      'json_body_syntax',
      'unsupported_media_type_rejected',
      'unsupported_method',
    ],
  },
  {
    name: 'hono',
    language: 'node',
    command: tsx('server.ts'),
    folder: 'hono',
    deviations: [
      'deprecation_headers',
      'error_body_conformance',
      'generated_get_pet',
      'generated_invalid_create',
      'generated_invalid_query',
      'generated_request_forms',
      'generated_valid_create',
      'invalid_pet_id_rejected',
      'json_body_syntax',
      'json_content_type',
      'unsupported_media_type_rejected',
      'unsupported_method',
    ],
  },
  {
    name: 'koa',
    language: 'node',
    command: tsx('server.ts'),
    folder: 'koa',
    deviations: [
      'deprecation_headers',
      'error_body_conformance',
      'generated_get_pet',
      'generated_invalid_query',
      'generated_valid_create',
      'invalid_pet_id_rejected',
      'json_body_syntax',
      'json_content_type',
      'message_queued',
      'unsupported_method',
    ],
  },
  {
    name: 'nestjs',
    language: 'node',
    command: tsx('main.ts'),
    folder: 'nestjs',
    // The folder's tsconfig.json turns on experimentalDecorators, which Nest's decorators need under tsx (esbuild).
    env: { TSX_TSCONFIG_PATH: 'tsconfig.json' },
    deviations: [
      'auth_scheme_forms',
      'deprecation_headers',
      'generated_auth',
      'generated_invalid_query',
      'generated_valid_create',
      'json_body_syntax',
      'message_queued',
      'unsupported_method',
    ],
  },
]
