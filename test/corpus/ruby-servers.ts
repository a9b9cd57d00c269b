import { type CorpusServer, everyShape } from './corpus-server.ts'

/** The corpus servers written in ruby. */
export const rubyServers: ReadonlyArray<CorpusServer> = [
  {
    name: 'sinatra',
    language: 'ruby',
    // Classic style: `ruby app.rb` runs the app on the first server Sinatra finds (Puma here, else WEBrick).
    command: ['ruby', 'app.rb'],
    folder: 'sinatra',
    // How Sinatra's README says to run an app in production.
    env: { APP_ENV: 'production' },
    deviations: [
      'body_framing_forms',
      'connect_refused',
      'date_header',
      'deprecation_headers',
      'error_body_conformance',
      'expect_continue',
      'generated_invalid_create',
      'generated_request_forms',
      'host_required',
      'json_content_type',
      'long_request_target',
      'major_version',
      'message_queued',
      'request_field_forms',
      'request_framing',
      'request_line_forms',
      'target_uri_validity',
      'unsupported_media_type_rejected',
      'unsupported_method',
    ],
    shapes: everyShape,
  },
]
