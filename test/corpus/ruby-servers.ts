import type { CorpusServer } from './corpus-server.ts'

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
      'date_header',
      'deprecation_headers',
      'error_body_conformance',
      'generated_invalid_create',
      'generated_request_forms',
      'host_required',
      'json_content_type',
      'message_queued',
      'request_framing',
      'unsupported_media_type_rejected',
      'unsupported_method',
    ],
  },
]
