import { type CorpusServer, everyShape } from './corpus-server.ts'

/** The corpus servers written in php. */
export const phpServers: ReadonlyArray<CorpusServer> = [
  {
    name: 'php',
    language: 'php',
    // PHP's built-in web server with router.php as its router script; `exec` makes it the process that gets SIGTERM.
    command: ['sh', '-c', 'exec php -S "127.0.0.1:$PORT" router.php'],
    folder: 'php',
    deviations: [
      'answer_grammar',
      'auth_scheme_forms',
      'body_framing_forms',
      'close_announced',
      'deprecation_headers',
      'expect_continue',
      'field_line_forms',
      'generated_invalid_create',
      'generated_invalid_query',
      'generated_request_forms',
      'head_like_get',
      'host_required',
      'major_version',
      'message_queued',
      'request_framing',
      'request_line_forms',
      'request_target_forms',
      'response_field_grammar',
      'unsupported_media_type_rejected',
      'unsupported_method',
    ],
    shapes: {
      ...everyShape,
      https: { tlsFront: "PHP's built-in web server speaks no TLS (its manual: a development server only)" },
    },
  },
]
