"""Pet Store on Flask, the way Flask's quickstart and its "APIs with JSON" section write a JSON API.

Framework: Flask 2.2.2 on Werkzeug 2.2.2 (Debian python3-flask, python3-werkzeug), served by waitress 2.1.2
(Debian python3-waitress), the first server of Flask's "Deploying to Production" page, as its command line shows:
    PORT=8000 PETSTORE_API_KEY=... python3 -m waitress --listen="127.0.0.1:$PORT" app:app
SIGTERM: waitress installs no handler, so the process ends at once; it starts no child.
Why waitress and not `flask run` (Flask's development server, which its docs say is not for production): that
server reads the head with Python's email parser, which ends a field line at a bare CR, so "X-Note: 1" CR
"Authorization: Bearer <key>" was served as a request with the key (RFC 9112 section 2.2: "A recipient of such a
bare CR MUST consider that element to be invalid or replace each bare CR with SP"); it read a body sent with
"Transfer-Encoding: gzip" by its Content-Length and created the pet (section 6.3: "the server MUST respond with the
400 (Bad Request) status code and then close the connection"); and its chunked reader answered 500 to a chunk
extension or a trailer section (section 7.1.1: "A recipient MUST ignore unrecognized chunk extensions.").

Deployment shapes (test/corpus/deployment-shapes.ts), read from the environment: PETSTORE_APIS ("pets" or
"messages": the one API this process serves, for split origins; both when unset), PETSTORE_PATH_PREFIX (a path
before /v1 and /messages, e.g. /api), each API a Blueprint registered with its url_prefix (Flask's "Modular
Applications with Blueprints"); HTTPS is a TLS terminator the https shape puts before waitress, which speaks no
TLS (its documentation puts a proxy before it; test/corpus/tls-front.ts). The routes and handlers are the same in
every shape.

Framework defaults kept (the interface is silent on them):
- HEAD: Werkzeug adds HEAD to every GET rule: the GET answer without its body (401, 200 or 404 as GET).
- OPTIONS: Flask's automatic OPTIONS, 200 with an empty body and Allow (no key asked; no CORS headers).
- A method a path lacks, and an unknown one (FROBNICATE): Werkzeug's 405 HTML page with Allow, before the
  view (so before the key).
- Trailing slash: the rules have none, so /v1/pets/ is 404; a doubled slash gets Werkzeug's 308 redirect
  (merge_slashes). Unknown path: Werkzeug's 404 HTML page, with or without a key.
- Path id: the quickstart's int converter, with signed=True (Werkzeug's documented argument) because petId is
  an int64 and -5 is one: GET /v1/pets/-5 is the view's 404 Error. A path whose id is no integer at all
  (/v1/pets/abc, /v1/pets/1.5) matches no rule: Werkzeug's 404 HTML page, before the key. Changed: the converter
  takes at most 19 digits (an int64 has no more), a Werkzeug custom converter of one line: Werkzeug's own int
  converter calls int() on any run of digits, and Python 3.11 refuses more than 4,300 (ValueError), so a petId of
  8,000 digits got a 500 (found by long_target; RFC 9110 section 15.6: a 5xx says the server erred). Now it
  matches no rule: the 404 page, as for any id that is no int64.
- limit read with request.args.get("limit", 20, type=int), the MultiDict idiom: a limit that is no integer
  ("abc", "1.5", "") falls back to the default 20; a repeated parameter takes the first value.
- JSON: Flask's JSON provider (Python's json: exact ints of any size, so int64 survives; it answers with sorted
  keys); views return dicts and lists, which Flask turns into JSON. No validation library: checks in the view.
- A pet created without status has none (the key is left out). POST /messages answers 202 (queued).
- Concurrency: waitress serves from threads, so the store and the id counter are behind a lock.

Changed from the defaults, each where the interface asks for it:
- "401 with an Error body when the key is missing or invalid" (every operation): a require_key view
  decorator (Flask's "View Decorators" pattern; Flask has no bearer helper), the scheme compared without
  regard to case (RFC 9110 section 11.1), raising an ApiError that an errorhandler turns into the Error JSON
  (Flask's "Returning API Errors as JSON" pattern), instead of abort(401)'s HTML page. The decorator runs
  before the view reads the body, so authentication comes first. The header's value is read without the
  spaces and tabs around it: Flask's development server (Python's http.server) keeps those after a field
  value, which RFC 9110 section 5.5 asks a parser to exclude ("a field parsing implementation MUST exclude such
  whitespace prior to evaluating the field value"); a key followed by a tab got 401 (wire_request_forms).
- A body whose Content-Length is over 1 MiB (the mock's limit) is refused with a 413 Error before it is read:
  Werkzeug 2.2's request.get_data reads by the length as given, and a Content-Length beyond 2^64 raised
  OverflowError there, a 500 (RFC 9110 section 8.6: "a recipient MUST anticipate potentially large decimal
  numerals and prevent parsing errors due to integer conversion overflows"; content_length_values found it).
- "400 | Error (body missing required fields or containing invalid values)", "400 when the JSON is invalid or
  `message` is missing", "404 | Error (the animal could not be found)": ApiError, not abort()'s HTML pages.
  request.get_json(silent=True), so a body that is not JSON, or not labelled application/json, gets the
  Error (Werkzeug's own answer to both is a 400 HTML page).
- An HTTP/1.0 request with Transfer-Encoding: its connection closes after the answer (framing.py, around
  app.wsgi_app). waitress reads such a request by its Content-Length and kept the connection when asked
  keep-alive, so the rest of a chunked body was read as the next request; RFC 9112 section 6.1 asks to "treat the
  message as if the framing is faulty, even if a Content-Length is present, and close the connection after
  processing the message".
- "400 when the JSON is invalid": Python's json takes NaN and Infinity; the app's JSON provider (Flask 2.2's
  documented app.json) refuses them, and a body nested too deep is refused as invalid instead of a 500.
- categoryId "integer, int64": type(...) is int (not bool, float or string) within int64; name a str; status
  one of the enum when present. A malformed or out-of-range limit, or an unknown status, answers a 400 Error
  (the interface is silent; "All error bodies use the Error object" on listPets).

What the suite reports, and why each is at most a deviation (no violation under the ten proof seeds):
- target_uri_validity: a request-target with an empty host (http:///v1/pets, https:///v1/pets) is served as its
  path: Werkzeug routes by the path alone and never reads the authority. RFC 9110 section 4.2.1's MUST binds "a
  recipient that processes such a URI reference"; a 5xx, or a 2xx without the key, would be a violation.
  upgrade_ignored: websocket invited in an HTTP/1.0 request gets Werkzeug's 405 or 400 instead of being ignored
  (RFC 9110 section 7.8 "MUST ignore that Upgrade field": a clean refusal, no switch).
- GET /v1/pets/abc, /1.5, /null and /not-an-id answer Werkzeug's 404 HTML page before any key is asked for
  (error_body_conformance, json_content_type, generated_get_pet, generated_auth). The suite once failed this as
  a violation; it was a false alarm, fixed with this server as its proof: the path matches no rule of the app,
  "Path parameter: `petId`, integer (int64), required", so such a target names no animal and no operation
  ("Scope: Applied to every operation listed above"); the interface says nothing of malformed ids and "error
  responses other than those listed: not shown", as for any unknown path.
- invalid_pet_id_rejected (404 where the spec answers 400), invalid_limit_rejected and generated_invalid_query
  (a limit that is no integer read as the default 20, within the rules), generated_request_forms (a parameter
  given twice: the first one), generated_path_auth (308 for a doubled slash, RFC 9110 section 15.4.9),
  unsupported_method with json_content_type and error_body_conformance (405 HTML page: "error responses other
  than those listed: not shown"; RFC 9110 section 15.5.6), deprecation_headers (no Deprecation or Sunset
  header: the interface states the deprecation and its date, no header), connection_options (Werkzeug's router
  matches a request that offers websocket only against websocket rules: 405 or 400; RFC 9110 section 7.8 lets a
  server ignore the offer, and no sentence forbids refusing it).
- request_framing, body_framing_forms: waitress reads chunked over a Content-Length that disagrees and keeps the
  connection, and answers 501, not 400, to a Transfer-Encoding whose last coding is not chunked (RFC 9112
  sections 6.1 and 6.3 ask a close and 400; nothing is acted on, and the request after it is answered as itself).
- request_line_forms: waitress waits on bare LF line ends (RFC 9112 section 2.2 lets a server read them) and
  answers a word after the version as a target of its own (404): section 2.2's SHOULD 400.
- major_version: waitress serves a request line of HTTP/3.0 as HTTP/1.1 (RFC 9110 section 2.5 lets a server refuse
  another major version with 505 but no sentence forbids serving it).
"""

import functools
import itertools
import os
import secrets
import threading
import uuid
from datetime import datetime, timezone

from flask import Blueprint, Flask, request
from flask.json.provider import DefaultJSONProvider
from werkzeug.routing import IntegerConverter

from framing import CloseAfterHttp10Coding

API_KEY = os.environ["PETSTORE_API_KEY"]
STATUSES = ("available", "pending", "sold")
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1


def _reject_constant(name):
    raise ValueError(f"{name} is not JSON")


class StrictJSONProvider(DefaultJSONProvider):
    def loads(self, s, **kwargs):
        kwargs.setdefault("parse_constant", _reject_constant)
        try:
            return super().loads(s, **kwargs)
        except RecursionError as error:
            raise ValueError("JSON nested too deep") from error


app = Flask(__name__)


class Int64Converter(IntegerConverter):
    """Werkzeug's int converter, signed, for at most 19 digits: int() refuses over 4,300 (a 500 otherwise)."""

    regex = r"\d{1,19}"
    signed_regex = r"-?\d{1,19}"


app.url_map.converters["int64"] = Int64Converter
app.json = StrictJSONProvider(app)
app.wsgi_app = CloseAfterHttp10Coding(app.wsgi_app)
pets_api = Blueprint("pets", __name__)
messages_api = Blueprint("messages", __name__)
# The largest body read, in bytes (the mock's limit).
MAX_BODY = 1_048_576


class ApiError(Exception):
    def __init__(self, status, code, message):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


@app.errorhandler(ApiError)
def api_error(error):
    headers = {"WWW-Authenticate": "Bearer"} if error.status == 401 else {}
    return {"code": error.code, "message": error.message, "status": error.status}, error.status, headers


def require_key(view):
    @functools.wraps(view)
    def wrapped(*args, **kwargs):
        scheme, _, key = request.headers.get("Authorization", "").strip(" \t").partition(" ")
        if scheme.lower() != "bearer" or not secrets.compare_digest(key.encode(), API_KEY.encode()):
            raise ApiError(401, "unauthorized", "Missing or invalid API key.")
        return view(*args, **kwargs)

    return wrapped


def json_object():
    if (request.content_length or 0) > MAX_BODY:
        raise ApiError(413, "payload_too_large", "The body is larger than 1 MiB.")
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        raise ApiError(400, "invalid_body", "The body must be a JSON object (application/json).")
    return body


pets = {}
next_id = itertools.count(1)
lock = threading.Lock()


@pets_api.get("/pets")
@require_key
def list_pets():
    limit = request.args.get("limit", 20, type=int)
    status = request.args.get("status")
    if not 1 <= limit <= 100:
        raise ApiError(400, "invalid_limit", "limit must be between 1 and 100.")
    if status is not None and status not in STATUSES:
        raise ApiError(400, "invalid_status", f"status must be one of {', '.join(STATUSES)}.")
    with lock:
        found = [pet for pet in pets.values() if status is None or pet.get("status") == status]
    return found[:limit]


@pets_api.post("/pets")
@require_key
def create_pet():
    body = json_object()
    name, category_id = body.get("name"), body.get("categoryId")
    if not isinstance(name, str):
        raise ApiError(400, "invalid_body", "name is required and must be a string.")
    if type(category_id) is not int or not INT64_MIN <= category_id <= INT64_MAX:
        raise ApiError(400, "invalid_body", "categoryId is required and must be an int64 integer.")
    pet = {"name": name, "categoryId": category_id}
    if "status" in body:
        if body["status"] not in STATUSES:
            raise ApiError(400, "invalid_body", f"status must be one of {', '.join(STATUSES)}.")
        pet["status"] = body["status"]
    with lock:
        pet["id"] = next(next_id)
        pets[pet["id"]] = pet
    return pet, 201


@pets_api.get("/pets/<int64(signed=True):pet_id>")
@require_key
def get_pet(pet_id):
    with lock:
        pet = pets.get(pet_id)
    if pet is None:
        raise ApiError(404, "not_found", f"No pet with id {pet_id}.")
    return pet


@messages_api.post("/messages")
@require_key
def send_message():
    body = json_object()
    if not isinstance(body.get("message"), str):
        raise ApiError(400, "invalid_body", "message is required and must be a string.")
    return {
        "id": str(uuid.uuid4()),
        "message": body["message"],
        "status": "queued",
        "createdAt": datetime.now(timezone.utc).isoformat(),
    }, 202


SERVES = os.environ.get("PETSTORE_APIS", "pets,messages").split(",")
PREFIX = os.environ.get("PETSTORE_PATH_PREFIX", "")
if "pets" in SERVES:
    app.register_blueprint(pets_api, url_prefix=f"{PREFIX}/v1")
if "messages" in SERVES:
    app.register_blueprint(messages_api, url_prefix=PREFIX or None)
