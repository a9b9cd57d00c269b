# Pet Store server of the conformance corpus: Sinatra 3.0.5 (Debian ruby-sinatra 3.0.5-3+deb12u1, with ruby-rack
# 2.2.22 and rack-protection 3.0.5), classic style, served by Puma 5.6.5 (Debian puma), the first server of
# Sinatra's default list that is installed (it falls back to WEBrick, ruby-webrick, without Puma). JSON is Ruby's
# json 2.6.1 (Ruby 3.1's default gem): JSON.parse and JSON.generate, as Sinatra's README does.
#
# Run: `APP_ENV=production ruby app.rb` (in this folder, with PORT and PETSTORE_API_KEY set): the README's way to run
# an app in production. Sinatra reads PORT itself; `set :bind` keeps it on 127.0.0.1. On SIGTERM Sinatra's own trap
# stops Puma gracefully (well under a second when idle).
#
# Deployment shapes (test/corpus/deployment-shapes.ts), read from the environment: PETSTORE_APIS ("pets" or
# "messages": the one API this process serves, for split origins; both when unset), PETSTORE_PATH_PREFIX (a path
# before /v1 and /messages, e.g. /api, written into the route patterns), PETSTORE_TLS_CERT and PETSTORE_TLS_KEY (PEM
# files: HTTPS, through Puma's ssl:// bind, which Sinatra's `bind` setting reaches). The routes and handlers are the
# same in every shape.
#
# Framework defaults kept:
#   - HEAD: every `get` route answers HEAD too, without the body.
#   - OPTIONS, a method a path does not have (PUT /v1/pets/1, GET /messages), an unknown method (FROBNICATE, which
#     Puma's parser takes): no route matches, so Sinatra's 404, text/html "<h1>Not Found</h1>" (no 405, no Allow).
#   - Unknown path and a trailing slash (/v1/pets/; strict_paths is on by default): the same 404 page.
#   - Rack::Protection's default middlewares: X-Frame-Options, X-XSS-Protection, X-Content-Type-Options headers,
#     path traversal cleaned; their attack reaction, as Sinatra sets it without sessions, drops the (absent)
#     session, so no request is refused by them.
#   - Query strings parsed by Rack: a parameter given twice keeps its last value.
#   - JSON.parse: integers of any size exactly (Integer), 1.0 and 1e3 as Float, otherwise RFC 8259's grammar (no
#     NaN, leading zeros, raw control characters, trailing data), but see comments below. The request's
#     Content-Type is not checked: the body is read as JSON whatever its label (Sinatra parses no JSON itself).
#   - POST /messages answers Sinatra's default status, 200 (the interface names none).
#   - Errors Sinatra raises itself would be its production 500 page; the app raises none.
#
# Changed from the defaults, each because the interface asks for it:
#   - A `before` filter (it runs for every request, before routing) answers 401 with an Error body and
#     WWW-Authenticate: Bearer (RFC 9110 §11.6.1): "401 with an Error body when the key is missing or invalid",
#     Scope: "Applied to every operation listed above". Bearer scheme matched case-insensitively (RFC 9110 §11.1).
#   - Errors the interface lists are its Error object (halt_error): 400 on createPet ("body missing required fields
#     or containing invalid values"), 404 on getPet ("the animal could not be found"), 400 on POST /messages
#     ("400 when the JSON is invalid or `message` is missing").
#   - categoryId must be an Integer within int64: Ruby's Integer is unbounded and JSON.parse keeps 2**63 exactly,
#     but "categoryId | integer | int64"; a value outside it, a Float, a String or a boolean is a 400.
#   - "status": null or any value outside the enum is a 400 ("One of the allowed values above").
#   - json_body refuses a body with a comment: json 2.6's parser skips /* */ and // comments, which RFC 8259 does not
#     have, and "400 when the JSON is invalid". A text JSON.parse took has a "/" outside its strings only in a
#     comment. It refuses bytes that are not UTF-8 (RFC 8259 §8.1: JSON text "MUST be encoded using UTF-8"); taken,
#     they would make JSON.generate raise on the echo (a 500).
#   - A POST with neither Content-Length nor Transfer-Encoding has no body: Puma hands it an IO whose read gives a
#     frozen "", which json_body copies before setting its encoding (it raised FrozenError, a 500, where the
#     interface asks "400 | Error (body missing required fields ...)").
#   - A Transfer-Encoding Puma leaves undecoded answers 501 and closes the connection (the first `before` filter).
#     Puma 5.6.5 splits the field at commas without trimming the spaces after them: "gzip, chunked" has no last
#     coding "chunked" to Puma, which then read the request as having no body and the chunks as the next request.
#     RFC 9112 §6.1: "A server that receives a request message with a transfer coding it does not understand
#     SHOULD respond with 501 (Not Implemented)."; §6.3: the chunked framing read otherwise is request smuggling.
#     Puma decides whether to keep the connection from the request's Connection field once the app has answered:
#     the filter sets it to close there, so Puma closes and the undecoded bytes are never read as a request.
#
# Open choices taken (the interface is silent): limit outside 1..100 or not digits, or an unknown status filter:
# 400 Error; a non-integer pet id: 400 Error; POST /messages 200; a pet created without status has none; ids 1, 2,
# 3...; lists in creation order; no Deprecation/Sunset headers.
#
# Deviations the suite reports (each a choice the interface leaves open, never a statement it makes):
#   - target_uri_validity: a request-target with an empty host (http:///v1/pets, https:///v1/pets) is served as its
#     path: Sinatra (on Puma) routes by the path alone and never reads the authority. RFC 9110 section 4.2.1's MUST
#     binds "a recipient that processes such a URI reference"; a 5xx, or a 2xx without the key, would be a
#     violation. connect_refused: CONNECT example.com:443 gets Puma's own bare 500 ("No REQUEST PATH") before
#     Sinatra runs, which no setting of Puma 5.6 changes: no tunnel; the interface describes no CONNECT and RFC
#     9110 section 9.1 asks 501 with a SHOULD.
#   - unsupported_method, json_content_type, error_body_conformance: a method a path lacks, OPTIONS and FROBNICATE
#     get Sinatra's text/html 404, not a 405 with an Error. The interface's Errors table lists only 400/401/404 and
#     "error responses other than those listed: not shown"; RFC 9110 §9.1 asks 405 (and 501 for an unknown
#     method) with a SHOULD only; §9.3.7 leaves OPTIONS' answer open.
#   - message_queued: POST /messages answers 200 (the interface states no status for it).
#   - unsupported_media_type_rejected, generated_invalid_create: JSON labelled text/plain, form-urlencoded or XML is
#     read as the JSON it is (the interface states no 415 or 400 for a media type).
#   - generated_request_forms: limit or status given twice keeps the last value, within the rules.
#   - deprecation_headers: no Deprecation/Sunset headers (the interface states the deprecation in prose only).
#   - long_request_target, request_line_forms: Puma answers 400 to a request-target of 64 KiB (RFC 9112 §3 asks 414)
#     and to an empty line before the request-line (§2.2 asks a server to ignore one, a SHOULD).
#   - body_framing_forms: Puma reads an HTTP/1.0 request's chunked body and keeps the connection (§6.1 asks a close;
#     the request after it is answered as itself); a body followed by CRLF is answered 400 on createPet.
#   - request_field_forms: Rack::Protection's JsonCsrf refuses, with 403, a JSON answer to a request whose Referer
#     names another site and that carries no Origin (a browser's cross-site read). RFC 9110 §10.1.3 lets a client
#     send any Referer, but no MUST makes the server answer it; the key is still asked first (401 without it).
#   - major_version: Puma serves a request line of HTTP/3.0 as HTTP/1.1 (RFC 9110 §2.5 lets a server refuse another
#     major version with 505, no sentence forbids serving it).
#   - expect_continue: Puma compares Expect with "100-continue" exactly, so 100-Continue gets no 100 and Puma reads
#     the content first; and it writes 100 Continue to an HTTP/1.0 request too (RFC 9110 §§10.1.1 and 15.2 ask
#     otherwise of the HTTP server, which the app cannot change; the suite reports both as deviations, with why).
require 'sinatra'
require 'json'
require 'securerandom'
require 'time'
require 'uri'

set :bind, '127.0.0.1' # the port is Sinatra's own default source: ENV['PORT']
if ENV['PETSTORE_TLS_CERT'] && ENV['PETSTORE_TLS_KEY']
  files = URI.encode_www_form(cert: ENV['PETSTORE_TLS_CERT'], key: ENV['PETSTORE_TLS_KEY'])
  set :bind, "ssl://127.0.0.1?#{files}"
end
SERVES = ENV.fetch('PETSTORE_APIS', 'pets,messages').split(',')
PREFIX = ENV.fetch('PETSTORE_PATH_PREFIX', '')

API_KEY = ENV.fetch('PETSTORE_API_KEY')
STATUSES = %w[available pending sold].freeze
INT64 = (-2**63..2**63 - 1).freeze

# The pets in memory, in the order they were created; Puma serves requests on several threads.
class PetStore
  def initialize
    @pets = {}
    @next_id = 0
    @lock = Mutex.new
  end

  def add(pet)
    @lock.synchronize do
      @next_id += 1
      @pets[@next_id] = { 'id' => @next_id }.merge(pet)
    end
  end

  def find(id) = @lock.synchronize { @pets[id] }

  def list(status, limit)
    @lock.synchronize do
      @pets.each_value.lazy.select { |pet| status.nil? || pet['status'] == status }.first(limit)
    end
  end
end

PETS = PetStore.new

helpers do
  # Ends the request with the interface's Error object.
  def halt_error(status, code, message, headers = {})
    halt status, { 'Content-Type' => 'application/json' }.merge(headers),
         JSON.generate({ code: code, message: message, status: status })
  end

  def json(value)
    content_type :json
    JSON.generate(value)
  end

  # The request body as parsed JSON, or a 400 Error when it is not one valid JSON text.
  def json_body
    request.body.rewind
    # Puma hands a request without a body an IO whose read gives a frozen "": a copy takes the encoding.
    text = request.body.read.dup.force_encoding(Encoding::UTF_8)
    halt_error 400, 'invalid_json', 'request body is not UTF-8' unless text.valid_encoding?
    value = JSON.parse(text)
    # JSON.parse (json 2.6) skips /* */ and // comments; outside its strings a valid JSON text has no "/".
    raise JSON::ParserError, 'comments are not JSON' if text.gsub(/"(?:[^"\\]|\\.)*"/m, '').include?('/')
    value
  rescue JSON::ParserError => e
    halt_error 400, 'invalid_json', "request body is not valid JSON: #{e.message[0, 200]}"
  end
end

# A Transfer-Encoding Puma left undecoded (it decodes chunked alone and removes the field then): see the header.
before do
  next unless request.env.key?('HTTP_TRANSFER_ENCODING')

  request.env['HTTP_CONNECTION'] = 'close'
  halt_error 501, 'not_implemented', 'this server decodes no transfer coding but chunked'
end

before do
  scheme, token = request.env['HTTP_AUTHORIZATION'].to_s.split(' ', 2)
  unless scheme&.casecmp?('Bearer') && token && Rack::Utils.secure_compare(token, API_KEY)
    halt_error 401, 'unauthorized', 'missing or invalid API key', 'WWW-Authenticate' => 'Bearer realm="petstore"'
  end
end

if SERVES.include?('pets')
  get "#{PREFIX}/v1/pets" do
    limit = params.fetch('limit', '20')
    unless limit.is_a?(String) && limit.match?(/\A\d+\z/) && (1..100).cover?(limit.to_i)
      halt_error 400, 'invalid_limit', 'limit must be an integer from 1 to 100'
    end
    wanted = params['status']
    if params.key?('status') && !STATUSES.include?(wanted)
      halt_error 400, 'invalid_status', 'status must be one of available, pending, sold'
    end
    json PETS.list(wanted, limit.to_i)
  end

  post "#{PREFIX}/v1/pets" do
    body = json_body
    halt_error 400, 'invalid_pet', 'request body must be a JSON object' unless body.is_a?(Hash)
    name, category_id, pet_status = body.values_at('name', 'categoryId', 'status')
    halt_error 400, 'invalid_pet', 'name must be a string' unless name.is_a?(String)
    unless category_id.is_a?(Integer) && INT64.cover?(category_id)
      halt_error 400, 'invalid_pet', 'categoryId must be an int64 integer'
    end
    if body.key?('status') && !STATUSES.include?(pet_status)
      halt_error 400, 'invalid_pet', 'status must be one of available, pending, sold'
    end
    pet = { 'name' => name, 'categoryId' => category_id }
    pet['status'] = pet_status if body.key?('status')
    status 201
    json PETS.add(pet)
  end

  get "#{PREFIX}/v1/pets/:id" do
    halt_error 400, 'invalid_id', 'petId must be an integer' unless params['id'].match?(/\A-?\d+\z/)
    pet = PETS.find(params['id'].to_i)
    halt_error 404, 'pet_not_found', 'no pet has this id' unless pet
    json pet
  end
end

if SERVES.include?('messages')
  post "#{PREFIX}/messages" do
    body = json_body
    message = body['message'] if body.is_a?(Hash)
    halt_error 400, 'invalid_message', 'message must be a string' unless message.is_a?(String)
    json({ id: SecureRandom.uuid, message: message, status: 'queued', createdAt: Time.now.utc.iso8601(3) })
  end
end
