/** The name of a deployment shape. */
export type ShapeName = 'one-origin' | 'split-origins' | 'nginx' | 'base-path' | 'https'

/** One way of deploying a corpus server, and what it changes of the deviations the server earns. */
export interface DeploymentShape {
  description: string
  /**
   * The checks whose deviations a front of this shape takes from the servers behind it, each with the reason: the
   * front does that part of HTTP itself, whatever the server does. A server that earns one of them alone earns it no
   * more here; one that earns it here is unlisted, so a front that stops doing it is seen.
   */
  takesOver?: Readonly<Record<string, string>>
  /**
   * The checks whose deviations a front of this shape earns itself, whatever server stands behind it, each with the
   * reason: what the front answers or writes on its own.
   */
  earns?: Readonly<Record<string, string>>
}

/**
 * The deployment shapes a corpus server is judged in: each is configuration of the same server (the environment it
 * reads, `deploymentEnvironment` below) or a front the test starts before it, never a copy of its code. The
 * interface gives the two APIs two base addresses ({base_url}, ending in `/v1`, and {messages_base_url}); real
 * deployments put them on one origin or two, behind a proxy, under a longer path, over TLS.
 */
export const deploymentShapes: Readonly<Record<ShapeName, DeploymentShape>> = {
  'one-origin': {
    description: 'both APIs on one origin over plain HTTP: the pets under /v1, POST /messages at the root',
  },
  'split-origins': {
    description: 'the messages API on an origin of its own: a second process of the same server, on its own port',
  },
  nginx: {
    description: "behind nginx (Debian's package) as a reverse proxy, with the proxy_pass its documentation gives",
    takesOver: {
      absolute_form_target: 'nginx reads an absolute-form request-target and sends the origin-form upstream',
      date_header: 'nginx sends a Date on every answer it forwards (RFC 9110 section 6.6.1)',
      host_required: 'nginx answers an HTTP/1.1 request without Host with its own 400',
      request_framing:
        'nginx frames each request itself: it refuses what it cannot frame and sends the body it read whole, with a ' +
        'Content-Length, over a connection of its own',
      absolute_form_authority: 'nginx takes the authority of an absolute-form target itself, before the server',
      answer_grammar: 'nginx writes every answer it forwards with its own status-line and field lines',
      close_announced: 'nginx keeps or closes the client connection itself, and says Connection: close when it does',
      connect_refused: 'nginx answers CONNECT itself, with its own 400 or 405',
      connection_options: 'nginx consumes Connection, TE and Upgrade itself; none reaches the server',
      expect_continue: 'nginx answers Expect: 100-continue itself before it reads the content',
      field_line_forms: 'nginx reads and refuses field lines itself; the server gets only those it forwards',
      long_request_target: 'nginx reads the request-target itself (its large_client_header_buffers) and answers 414',
      major_version: 'nginx answers the protocol version itself (505 for HTTP/2.0 and later on HTTP/1.x)',
      target_uri_validity: 'nginx normalizes or refuses the request-target itself before it passes it on',
      upgrade_ignored: 'nginx forwards no Upgrade without the configuration for it: the server never sees one',
    },
    earns: {
      request_line_forms:
        'nginx answers an HTTP/0.9 request-line with the bare content (its http09 default) and skips a field line ' +
        'without a colon (RFC 9112 sections 2.3 and 5: SHOULDs)',
      response_field_values:
        'nginx names its version in Server (nginx/1.22.1; server_tokens on by default), which RFC 9110 section ' +
        '10.2.4 advises against with a SHOULD NOT',
    },
  },
  'base-path': {
    description: 'under a longer path: the pets under /api/v1 (the version still the last segment), POST /api/messages',
  },
  https: {
    description: 'HTTPS, with a certificate of an authority made for the run, which the suite is told to trust',
  },
}

export const shapeNames = Object.keys(deploymentShapes) as Array<ShapeName>

/** The path the base-path shape puts before `/v1` and `/messages`. */
export const basePathPrefix = '/api'

/**
 * What a corpus server reads from its environment to take a shape (every server's header comment names them):
 * - `PETSTORE_APIS`: `pets` or `messages`, the one API the process serves (split origins); both when unset.
 * - `PETSTORE_PATH_PREFIX`: a path before `/v1` and `/messages` (`/api`); none when unset.
 * - `PETSTORE_TLS_CERT`, `PETSTORE_TLS_KEY`: PEM files; when set, the server speaks HTTPS with them.
 * @example deploymentEnvironment({ apis: 'messages' }) // { PETSTORE_APIS: 'messages' }
 */
export function deploymentEnvironment(setting: {
  apis?: 'pets' | 'messages'
  prefix?: string
  tls?: { certFile: string; keyFile: string }
}): Record<string, string> {
  return {
    ...(setting.apis && { PETSTORE_APIS: setting.apis }),
    ...(setting.prefix && { PETSTORE_PATH_PREFIX: setting.prefix }),
    ...(setting.tls && { PETSTORE_TLS_CERT: setting.tls.certFile, PETSTORE_TLS_KEY: setting.tls.keyFile }),
  }
}
