"""Pet Store on FastAPI, the way FastAPI's tutorial writes a JSON API.

Framework: FastAPI 0.92.0 (Debian python3-fastapi) on Starlette 0.26.1, pydantic 1.10.4 (python3-pydantic),
served by uvicorn 0.17.6 (python3-uvicorn, h11), no reloader, one process:
    PORT=8000 PETSTORE_API_KEY=... /usr/bin/python3 main.py      (uvicorn.run(app), FastAPI's "Debugging" page)
SIGTERM: uvicorn shuts down gracefully and the process exits (a fraction of a second); it starts no child.

Deployment shapes (test/corpus/deployment-shapes.ts), read from the environment: PETSTORE_APIS ("pets" or
"messages": the one API this process serves, for split origins; both when unset), PETSTORE_PATH_PREFIX (a path
before /v1 and /messages, e.g. /api), each API an APIRouter included with its prefix (FastAPI's "Bigger
Applications" page), and PETSTORE_TLS_CERT and PETSTORE_TLS_KEY (PEM files: HTTPS, through uvicorn's
ssl_certfile and ssl_keyfile). The routes and handlers are the same in every shape.

Framework defaults kept (the interface is silent on them):
- HEAD: FastAPI's APIRoute adds no HEAD to a GET route, so HEAD /v1/pets and /v1/pets/{id} get 405
  {"detail":"Method Not Allowed"} with Allow: GET.
- OPTIONS: no CORS middleware, so 405 {"detail":"Method Not Allowed"} with Allow, preflight included.
- A method a path lacks (DELETE /v1/pets/1, GET /messages) and an unknown method (FROBNICATE, which h11
  passes to the app): Starlette's 405 {"detail":"Method Not Allowed"} with an Allow header of the first route
  that matched the path (so /v1/pets says Allow: GET although it also has POST), before any key is asked for.
- Trailing slash: Starlette's redirect_slashes, 307 to the path without it. Unknown path: 404
  {"detail":"Not Found"}, whether or not a key is sent.
- Error bodies of what the interface does not list (404 unknown path, 405, 307): Starlette's {"detail": ...}.
- /docs and /openapi.json are FastAPI's own routes, served without a key.
- Query strings and path ids are read as pydantic v1 reads them (limit=" 1" and /v1/pets/%201 are 1);
  Query(ge=1, le=100) refuses other limits, the PetStatus enum other statuses.
- JSON parser: Python's json (exact ints of any size, so int64 survives), made strict (see below).
- A pet created without status has none: it is omitted from the answer (response_model_exclude_none).
- POST /messages answers 202 (the tutorial's status_code= parameter; the message is only queued).
- Concurrency: the path operations are `async def`, so they run one at a time on the event loop; the
  dict and the id counter need no lock.

Changed from the defaults, each where the interface asks for it:
- "401 with an Error body when the key is missing or invalid" (every operation): HTTPBearer(auto_error=False)
  and a dependency that raises a PetStoreError handled by a custom exception handler (FastAPI's "Handling
  Errors" page), instead of HTTPBearer's 403 {"detail":"Not authenticated"}. Kept: FastAPI reads the JSON
  body before it runs any dependency, so a body that is not JSON gets its 400 before the key is looked at (a
  body that is JSON but invalid, or a bad query or path id, gets the 401 first: dependencies run before the
  validation errors are raised).
- "400 | Error (body missing required fields or containing invalid values)" and "400 when the JSON is invalid
  or `message` is missing": RequestValidationError answers 400 with an Error ("Override request validation
  exceptions") instead of 422 {"detail": [...]}; the same handler covers a malformed query or path id, whose
  status the interface leaves open, because "All error bodies use the Error object" on those operations.
- categoryId "integer, int64": pydantic v1's plain `int` coerces "5", 1.9 and true, so the field is
  conint(strict=True, ge=-2**63, le=2**63-1) and name is StrictStr (pydantic's strict types, which the
  FastAPI docs point to for this); status may be left out but not be null (a pre validator), since pydantic
  v1 gives a field whose default is None an implicit "null allowed".
- "400 when the JSON is invalid": Starlette's request.json() is json.loads, which takes NaN and Infinity.
  The custom Request refuses them (parse_constant), and turns bytes that are not UTF-8 and a body nested too
  deep into the same JSONDecodeError, so they get the Error too, not FastAPI's {"detail": "There was an error
  parsing the body"}. It applies to every route, as a team would set it.

Deviations the suite reports (never violations), each a choice the interface leaves open:
- upgrade_ignored: uvicorn refuses a request that invites a protocol switch it does not offer (Upgrade: h2c, a
  probe protocol, websocket in HTTP/1.0) with 400 instead of ignoring Upgrade. RFC 9110 section 7.8: "A server MAY
  ignore a received Upgrade header field", and for HTTP/1.0 "MUST ignore": a clean refusal, no switch.
- generated_auth: a request without a valid key whose body is not JSON gets 400, not 401 (the interface
  states both answers and not which comes first when both apply).
- head_like_get: HEAD answers 405 (RFC 9110 section 9.1 "All general-purpose servers MUST support the methods
  GET and HEAD" binds general-purpose servers; section 15.5.6 lets an origin server answer 405 for a method
  the target resource does not support).
- unsupported_method: FROBNICATE gets 405 {"detail": ...} (RFC 9110 section 15.5.6; the interface lists no
  error response for a method an operation lacks: "error responses other than those listed: not shown").
- error_body_conformance on the 405 answers to OPTIONS and to a method a path lacks: "Values of the `code`
  field and error responses other than those listed: not shown."
- generated_path_auth: a trailing slash gets a 307 redirect, keyed or not (RFC 9110 section 15.4.8 lets a server
  redirect; the interface describes no other form of the path).
- generated_invalid_query: limit=" 1" is read as 1 (the interface is silent on malformed limits; the list
  keeps the rules). generated_request_forms: limit or status given twice takes the last one, within the rules.
- generated_get_pet: /v1/pets/%201 reads pet 1 ("A malformed id: silent").
- deprecation_headers: getPet is marked deprecated=True in OpenAPI, FastAPI's way; no Deprecation or Sunset
  header is sent (the interface states the deprecation and its date, no header).
- request_line_forms: uvicorn (h11) answers 400 to an empty line before the request-line, which RFC 9112
  section 2.2 asks a server to ignore with a SHOULD.
- body_framing_forms: h11 answers 400, not 501, to a transfer coding it does not know (RFC 9112 section 6.1:
  SHOULD 501).
- major_version: uvicorn serves a request line of HTTP/3.0 as HTTP/1.1 (RFC 9110 section 2.5 lets a server refuse another major version with 505 but no sentence forbids serving it).
- connection_options: uvicorn (without a websocket library) answers an offer to upgrade to h2c or websocket with
  400 "Unsupported upgrade request"; RFC 9110 section 7.8 lets a server ignore the offer, and no sentence forbids
  refusing it.
"""

import itertools
import json
import os
import secrets
import uuid
from datetime import datetime, timezone
from enum import Enum
from typing import Callable, Dict, List, Optional

import uvicorn
from fastapi import APIRouter, Depends, FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, StrictStr, conint, validator
from starlette.responses import Response

API_KEY = os.environ["PETSTORE_API_KEY"]

Int64 = conint(strict=True, ge=-(2**63), le=2**63 - 1)


class PetStatus(str, Enum):
    available = "available"
    pending = "pending"
    sold = "sold"


class NewPet(BaseModel):
    name: StrictStr
    categoryId: Int64
    status: Optional[PetStatus] = None

    @validator("status", pre=True)
    def status_is_not_null(cls, value):
        # pydantic v1 lets a field whose default is None take an explicit null: status may be left out, not null.
        if value is None:
            raise ValueError("status may be left out, but not null")
        return value


class Pet(NewPet):
    id: int


class NewMessage(BaseModel):
    message: StrictStr


class Message(BaseModel):
    id: str
    message: str
    status: str
    createdAt: str


class PetStoreError(Exception):
    def __init__(self, status: int, code: str, message: str):
        self.status, self.code, self.message = status, code, message


def _reject_constant(name: str):
    raise ValueError(f"{name} is not JSON")


class StrictJsonRequest(Request):
    """request.json() that refuses what RFC 8259 does not allow (NaN, Infinity) and bytes that are not UTF-8."""

    async def json(self):
        if not hasattr(self, "_json"):
            body = await self.body()
            try:
                self._json = json.loads(body, parse_constant=_reject_constant)
            except json.JSONDecodeError:
                raise
            except (ValueError, RecursionError) as error:  # NaN/Infinity, bytes not UTF-8, too deep
                raise json.JSONDecodeError(str(error), body.decode("utf-8", "replace"), 0) from error
        return self._json


class StrictJsonRoute(APIRoute):
    """A route whose request reads JSON strictly (FastAPI's "Custom Request and APIRoute class" page)."""

    def get_route_handler(self) -> Callable:
        original_route_handler = super().get_route_handler()

        async def custom_route_handler(request: Request) -> Response:
            return await original_route_handler(StrictJsonRequest(request.scope, request.receive))

        return custom_route_handler


app = FastAPI(title="Pet Store", version="1.0.0")
app.router.route_class = StrictJsonRoute
pets_api = APIRouter(route_class=StrictJsonRoute)
messages_api = APIRouter(route_class=StrictJsonRoute)


@app.exception_handler(PetStoreError)
async def pet_store_error_handler(request: Request, exc: PetStoreError):
    headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
    return JSONResponse(
        status_code=exc.status,
        content={"code": exc.code, "message": exc.message, "status": exc.status},
        headers=headers,
    )


def _describe(exc: RequestValidationError) -> str:
    return "; ".join(f"{' -> '.join(map(str, error['loc']))}: {error['msg']}" for error in exc.errors())


@app.exception_handler(RequestValidationError)
async def validation_exception_handler(request: Request, exc: RequestValidationError):
    return JSONResponse(
        status_code=400,
        content={"code": "invalid_request", "message": _describe(exc), "status": 400},
    )


bearer = HTTPBearer(auto_error=False)


def require_key(credentials: Optional[HTTPAuthorizationCredentials] = Depends(bearer)):
    if credentials is None or not secrets.compare_digest(credentials.credentials.encode(), API_KEY.encode()):
        raise PetStoreError(401, "unauthorized", "Missing or invalid API key.")


pets: Dict[int, Pet] = {}
next_id = itertools.count(1)


@pets_api.get(
    "/pets",
    response_model=List[Pet],
    response_model_exclude_none=True,
    dependencies=[Depends(require_key)],
)
async def list_pets(limit: int = Query(20, ge=1, le=100), status: Optional[PetStatus] = None):
    found = [pet for pet in pets.values() if status is None or pet.status == status]
    return found[:limit]


@pets_api.post(
    "/pets",
    status_code=201,
    response_model=Pet,
    response_model_exclude_none=True,
    dependencies=[Depends(require_key)],
)
async def create_pet(new_pet: NewPet):
    pet = Pet(id=next(next_id), **new_pet.dict(exclude_unset=True))
    pets[pet.id] = pet
    return pet


@pets_api.get(
    "/pets/{pet_id}",
    response_model=Pet,
    response_model_exclude_none=True,
    deprecated=True,
    dependencies=[Depends(require_key)],
)
async def get_pet(pet_id: int):
    if pet_id not in pets:
        raise PetStoreError(404, "not_found", f"No pet with id {pet_id}.")
    return pets[pet_id]


@messages_api.post("/messages", status_code=202, response_model=Message, dependencies=[Depends(require_key)])
async def send_message(new_message: NewMessage):
    return Message(
        id=str(uuid.uuid4()),
        message=new_message.message,
        status="queued",
        createdAt=datetime.now(timezone.utc).isoformat(),
    )


SERVES = os.environ.get("PETSTORE_APIS", "pets,messages").split(",")
PREFIX = os.environ.get("PETSTORE_PATH_PREFIX", "")
if "pets" in SERVES:
    app.include_router(pets_api, prefix=f"{PREFIX}/v1")
if "messages" in SERVES:
    app.include_router(messages_api, prefix=PREFIX)

if __name__ == "__main__":
    uvicorn.run(
        app,
        host="127.0.0.1",
        port=int(os.environ["PORT"]),
        ssl_certfile=os.environ.get("PETSTORE_TLS_CERT"),
        ssl_keyfile=os.environ.get("PETSTORE_TLS_KEY"),
    )
