import type { CorpusServer } from './corpus-server.ts'

/** Debian's python3 and its packages, never a pyenv or virtualenv one; no .pyc files in the source tree. */
const python = '/usr/bin/python3'
const pythonEnv = { PYTHONDONTWRITEBYTECODE: '1' }

/** The corpus servers written in python. */
export const pythonServers: ReadonlyArray<CorpusServer> = [
  {
    name: 'fastapi',
    language: 'python',
    command: [python, 'main.py'],
    folder: 'fastapi',
    env: pythonEnv,
    deviations: [
      'absolute_form_target',
      'auth_scheme_forms',
      'deprecation_headers',
      'error_body_conformance',
      'generated_auth',
      'generated_get_pet',
      'generated_invalid_query',
      'generated_path_auth',
      'generated_request_forms',
      'head_like_get',
      'request_framing',
      'unsupported_method',
    ],
  },
  {
    name: 'flask',
    language: 'python',
    command: ['/bin/sh', '-c', `exec ${python} -m flask --app app run --host 127.0.0.1 --port "$PORT" --no-reload`],
    folder: 'flask',
    env: pythonEnv,
    deviations: [
      'auth_scheme_forms',
      'deprecation_headers',
      'error_body_conformance',
      'generated_auth',
      'generated_invalid_query',
      'generated_path_auth',
      'generated_request_forms',
      'host_required',
      'invalid_limit_rejected',
      'invalid_pet_id_rejected',
      'json_content_type',
      'unsupported_method',
    ],
  },
  {
    name: 'django-rest-framework',
    language: 'python',
    command: ['/bin/sh', '-c', `exec ${python} -m waitress --listen="127.0.0.1:$PORT" wsgi:application`],
    folder: 'django-rest-framework',
    env: pythonEnv,
    deviations: [
      'auth_scheme_forms',
      'deprecation_headers',
      'error_body_conformance',
      'generated_get_pet',
      'generated_invalid_query',
      'generated_request_forms',
      'generated_valid_create',
      'invalid_limit_rejected',
      'invalid_pet_id_rejected',
      'json_content_type',
      'request_framing',
      'unsupported_media_type_rejected',
      'unsupported_method',
    ],
  },
]
