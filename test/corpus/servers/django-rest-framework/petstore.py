"""Pet Store on Django REST framework, the way DRF's tutorial writes a JSON API (serializers, a ViewSet, a router).

Framework: Django REST framework 3.14.0 (Debian python3-djangorestframework) on Django 3.2.25 (python3-django),
served by waitress 2.1.2 (Debian python3-waitress), one process, no reloader, 4 threads:
    PORT=8000 PETSTORE_API_KEY=... python3 -m waitress --listen="127.0.0.1:$PORT" wsgi:application
Layout: Django's smallest project: settings.py, wsgi.py and manage.py as startproject writes them, this module
as ROOT_URLCONF (serializers, views, urls), authentication.py and parsers.py where DRF's docs put custom classes.
SIGTERM: waitress installs no handler, so the process ends at once; it starts no child.
Deployment shapes (test/corpus/deployment-shapes.ts), read from the environment here, in the URLconf:
PETSTORE_APIS ("pets" or "messages": the one API this process serves, for split origins; both when unset) and
PETSTORE_PATH_PREFIX (a path before /v1 and /messages, e.g. /api, put before each path() of urlpatterns). Waitress
speaks no TLS (its docs send HTTPS to a proxy in front), so the HTTPS shape puts a TLS front before it, started by
the test. The routes and views are the same in every shape.
Why waitress and not `manage.py runserver --noreload`: Django 3.2's WSGIRequest reads a body that has no
Content-Length as empty, and runserver (wsgiref) does not decode Transfer-Encoding: chunked, so a valid pet sent
chunked got 400 and its chunks were left on the connection: RFC 9112 section 6.1, "A recipient MUST be able to
parse the chunked transfer coding". Django's docs say runserver is not for production; waitress reads the whole
chunked body and hands Django a Content-Length. Under runserver the suite found nothing else.

Framework defaults kept (the interface is silent on them):
- Authentication and permissions run in APIView.initial(), before the method is dispatched, so every request
  routed to a DRF view without the key gets 401, whatever its method.
- HEAD: a ViewSet maps HEAD to its GET action. Django 3.2 leaves dropping the content to the WSGI server, and
  waitress does not: the JSON went out after the headers of every HEAD answer, against RFC 9110 section 9.3.2
  ("the server MUST NOT send content in the response"), where a client on the same connection reads it as the
  start of the next answer. head.HeadWithoutContent (the outermost middleware) drops it, Content-Length kept.
- OPTIONS: DRF's SimpleMetadata, 200 {"name", "description", "renders", "parses"} with the key, 401 without.
- A method a path lacks, and an unknown one (FROBNICATE, which waitress passes on): 401 without the key, then
  DRF's 405 {"detail": "Method \"DELETE\" not allowed."} with Allow.
- Routes: DefaultRouter, with its API root at /v1/ and format suffixes (/v1/pets.json; so /v1/pets/1.5 asks
  for a format "5", and DRF's content negotiation answers 404). Its lookup takes any segment: a malformed id
  reaches retrieve() and gets the 404 Error of an unknown pet (" 1" is read as 1 by int()).
- Trailing slash: DefaultRouter(trailing_slash=False), since the interface's paths have none (DRF's default
  True would need /v1/pets/, and CommonMiddleware's APPEND_SLASH cannot redirect a POST); /v1/pets/ is then an
  unknown path. Unknown path: Django's 404 HTML page (DEBUG = False), with or without a key.
- Error bodies the interface does not list (405, 406, 415): DRF's {"detail": ...}.
- Parsers: DRF's JSONParser (STRICT_JSON: NaN and Infinity refused; Python's json: exact ints of any size,
  so int64 survives), FormParser and MultiPartParser; another media type gets DRF's 415. Renderers: JSON, and
  the browsable API for a client that asks for text/html.
- Serializer fields as DRF makes them: name may not be blank (allow_blank=False) nor hold NUL
  (ProhibitNullCharactersValidator): both refused with a 400 Error. Query parameters through a serializer,
  with DRF's form semantics: limit= (empty) is the default 20, "1.0" and " 1" are 1; status= (empty) is no
  filter; any other value outside 1..100 or the enum is a 400 Error.
- A pet created without status has none (left out of the answer). POST /messages answers 202 (queued).
- Concurrency: waitress serves from threads, so the store and the id counter are behind a lock.

Changed from the defaults, each where the interface asks for it:
- "401 with an Error body when the key is missing or invalid" (every operation): a BaseAuthentication subclass
  (DRF's "Custom authentication") reading `Bearer <key>` (scheme in any case, RFC 9110 section 11.1), with
  authenticate_header so DRF answers 401 rather than 403, and IsAuthenticated as the default permission.
- The Error body {code, message, status} for the 400, 401 and 404 answers of DRF's views (DRF's "Custom
  exception handling"), instead of {"detail": ...} or a field-error dict: "All error bodies use the Error
  object", "400 | Error", "401 | Error", "404 | Error (the animal could not be found)", "400 when the JSON is
  invalid or `message` is missing".
- categoryId "integer, int64": DRF's IntegerField takes "5" and 1.0 (and CharField takes 5 as "5"), so both
  are custom fields (DRF's "Custom fields") that refuse any other JSON type; categoryId within int64 by
  min_value/max_value. CharField trims white space by default, which would change a name: trim_whitespace=False.
- A body nested too deep for Python's json: 400 parse error (parsers.py) instead of a 500.
- An HTTP/1.0 request with Transfer-Encoding: its connection closes after the answer (framing.py, the outermost
  middleware). waitress reads such a request by its Content-Length and kept the connection when asked keep-alive,
  so the rest of a chunked body was read as the next request; RFC 9112 section 6.1 asks to "treat the message as if
  the framing is faulty, even if a Content-Length is present, and close the connection after processing the
  message".

Deviations the suite reports (never violations), each a choice the interface leaves open:
- target_uri_validity: a request-target with an empty host (http:///v1/pets, https:///v1/pets) is served as its
  path: Django's URL resolver (under waitress) routes by the path alone and never reads the authority. RFC 9110
  section 4.2.1's MUST binds "a recipient that processes such a URI reference"; a 5xx, or a 2xx without the key,
  would be a violation.
- generated_valid_create: an empty name, a name holding NUL refused with a 400 Error (an edge value refused
  cleanly, as the suite's rule for edge values allows).
- invalid_pet_id_rejected, generated_get_pet: a malformed id gets 404, " 1" reads pet 1 ("A malformed id").
- invalid_limit_rejected, generated_invalid_query, generated_request_forms: limit= and status= (empty) read
  as absent, a parameter given twice takes the last one (the interface is silent on malformed parameters;
  the list keeps the rules).
- unsupported_media_type_rejected and error_body_conformance: text/plain gets DRF's 415 {"detail": ...}
  (RFC 9110 section 15.5.16; "error responses other than those listed: not shown").
- unsupported_method and error_body_conformance: 405 {"detail": ...} for a method a path lacks, and for
  FROBNICATE (RFC 9110 section 15.5.6; same interface sentence).
- deprecation_headers: getPet sends no Deprecation or Sunset header (the interface states the deprecation and
  its date, no header).
- absolute_form_authority: waitress hands Django the Host field, not the absolute-form target's authority, and
  Django refuses a name it does not serve (400 DisallowedHost); RFC 9112 section 3.2.2 asks the server to use the
  target's authority. Nothing is served from elsewhere.
- body_framing_forms: waitress answers 501, not 400, to a Transfer-Encoding whose last coding is not chunked
  (RFC 9112 section 6.3 asks 400 and a close; section 6.1 501 for a coding it does not understand).
- request_line_forms: waitress waits on bare LF line ends and answers a word after the version as a target of its
  own (404): RFC 9112 section 2.2's SHOULDs.
- major_version: waitress serves a request line of HTTP/3.0 as HTTP/1.1 (RFC 9110 section 2.5 lets a server refuse another major version with 505 but no sentence forbids serving it).
"""

import itertools
import os
import threading
import uuid

from django.urls import include, path
from django.utils import timezone
from rest_framework import exceptions, routers, serializers, status, viewsets
from rest_framework.decorators import api_view
from rest_framework.response import Response
from rest_framework.views import exception_handler

STATUSES = ["available", "pending", "sold"]


def _message(detail):
    if isinstance(detail, dict) and set(detail) == {"detail"}:
        return _message(detail["detail"])
    if isinstance(detail, dict):
        return "; ".join(f"{field}: {_message(value)}" for field, value in detail.items())
    if isinstance(detail, list):
        return " ".join(_message(item) for item in detail)
    return str(detail)


def pet_store_exception_handler(exc, context):
    response = exception_handler(exc, context)
    if response is not None and response.status_code in (400, 401, 404):
        codes = exc.get_codes() if isinstance(exc, exceptions.APIException) else "not_found"
        code = codes if isinstance(codes, str) else "invalid"
        response.data = {"code": code, "message": _message(response.data), "status": response.status_code}
    return response


class StrictIntegerField(serializers.IntegerField):
    def to_internal_value(self, data):
        if type(data) is not int:
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictCharField(serializers.CharField):
    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class PetSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    name = StrictCharField(trim_whitespace=False)
    categoryId = StrictIntegerField(min_value=-(2**63), max_value=2**63 - 1)
    status = serializers.ChoiceField(choices=STATUSES, required=False)


class ListQuerySerializer(serializers.Serializer):
    limit = serializers.IntegerField(min_value=1, max_value=100, default=20)
    status = serializers.ChoiceField(choices=STATUSES, required=False)


class MessageSerializer(serializers.Serializer):
    message = StrictCharField(trim_whitespace=False)


pets = {}
next_id = itertools.count(1)
lock = threading.Lock()


class PetViewSet(viewsets.ViewSet):
    def list(self, request):
        query = ListQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        wanted = query.validated_data.get("status")
        with lock:
            found = [pet for pet in pets.values() if wanted is None or pet.get("status") == wanted]
        return Response(PetSerializer(found[: query.validated_data["limit"]], many=True).data)

    def create(self, request):
        serializer = PetSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        with lock:
            pet = {"id": next(next_id), **serializer.validated_data}
            pets[pet["id"]] = pet
        return Response(PetSerializer(pet).data, status=status.HTTP_201_CREATED)

    def retrieve(self, request, pk=None):
        try:
            pet = pets[int(pk)]
        except (KeyError, ValueError):
            raise exceptions.NotFound(f"No pet with id {pk}.")
        return Response(PetSerializer(pet).data)


@api_view(["POST"])
def send_message(request):
    serializer = MessageSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    message = {
        "id": str(uuid.uuid4()),
        "message": serializer.validated_data["message"],
        "status": "queued",
        "createdAt": timezone.now().isoformat(),
    }
    return Response(message, status=status.HTTP_202_ACCEPTED)


router = routers.DefaultRouter(trailing_slash=False)
router.register(r"pets", PetViewSet, basename="pet")

SERVES = os.environ.get("PETSTORE_APIS", "pets,messages").split(",")
PREFIX = os.environ.get("PETSTORE_PATH_PREFIX", "").lstrip("/")
PREFIX = f"{PREFIX}/" if PREFIX else ""

urlpatterns = []
if "pets" in SERVES:
    urlpatterns.append(path(f"{PREFIX}v1/", include(router.urls)))
if "messages" in SERVES:
    urlpatterns.append(path(f"{PREFIX}messages", send_message))
