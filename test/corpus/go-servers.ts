import { type CorpusServer, everyShape } from './corpus-server.ts'

/** The corpus servers written in go. */
export const goServers: ReadonlyArray<CorpusServer> = [
  {
    name: 'go-net-http',
    language: 'go',
    // start.sh builds main.go once per version of it into a cache folder, then execs the server itself.
    command: ['sh', 'start.sh'],
    folder: 'go-net-http',
    // Standard library only: no module download, ever.
    env: { GOPROXY: 'off' },
    deviations: [
      'auth_scheme_forms',
      'body_framing_forms',
      'deprecation_headers',
      'error_body_conformance',
      'generated_invalid_create',
      'generated_path_auth',
      'generated_request_forms',
      'head_like_get',
      'invalid_pet_id_rejected',
      'json_body_syntax',
      'json_content_type',
      'request_framing',
      'request_line_forms',
      'target_uri_validity',
      'unsupported_media_type_rejected',
      'unsupported_method',
    ],
    shapes: everyShape,
  },
]
