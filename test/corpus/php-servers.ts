import type { CorpusServer } from './corpus-server.ts'

/** The corpus servers written in php. */
export const phpServers: ReadonlyArray<CorpusServer> = [
  {
    name: 'php',
    language: 'php',
    // PHP's built-in web server with router.php as its router script; `exec` makes it the process that gets SIGTERM.
    command: ['sh', '-c', 'exec php -S "127.0.0.1:$PORT" router.php'],
    folder: 'php',
    deviations: [
      'auth_scheme_forms',
      'deprecation_headers',
      'generated_invalid_create',
      'generated_invalid_query',
      'generated_request_forms',
      'head_like_get',
      'host_required',
      'message_queued',
      'request_framing',
      'request_target_forms',
      'response_field_grammar',
      'unsupported_media_type_rejected',
      'unsupported_method',
    ],
  },
]
