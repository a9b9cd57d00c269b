// Generated from spec/openapi.yaml by `npm run generate`. Do not edit.
export const openapiDocument = {
  "openapi": "3.1.0",
  "info": {
    "title": "Pet Store API",
    "version": "1.0.0",
    "summary": "List, add and fetch animals offered in a pet store.",
    "description": "HTTP/JSON API for managing animals offered in a pet store. Every operation requires a bearer\ncredential. Request and response bodies are `application/json`.\n\nParts marked `x-mock-behaviour` describe what the petstore-contract mock answers where the\ninterface is silent. A conformant implementation of the interface may answer differently there;\nthe contract suite reports such a difference as a deviation, a warning that fails the run only\nwith `--strict`.\n\nError codes used by the mock (`Error.code`): `unauthorized` (401), `invalid_parameter` (400, query\nor path), `invalid_body` (400, a field is missing or has an invalid value), `invalid_json` (400),\n`unsupported_media_type` (400, the body is not `application/json`), `not_found` (404, no such\nanimal), `gone` (410, `GET /pets/{petId}` from its sunset on, by the mock's clock), `route_not_found`\n(404, no such route), `method_not_allowed` (405, with `Allow`), `payload_too_large` (413),\n`not_implemented` (501, a method or a transfer coding it does not know); from the standalone server\nonly, for requests its HTTP parser refuses: `bad_request` (400), `request_timeout` (408), `uri_too_long`\n(414, a request-line longer than 8 KiB) and `headers_too_large` (431); and\n`storage_unavailable` (503) from a standalone server with `--state-file` that could not save a change;\n`insufficient_storage` (507) for a create once the store holds its most pets (`--max-pets`).\n\nAlso mock behaviour (`x-mock-behaviour`): a path that matches no route answers 404\n`route_not_found`; a known path with a method it does not have answers 405 `method_not_allowed`\nwith an `Allow` header; a method the mock does not recognise (any but GET, HEAD, POST, PUT, PATCH,\nDELETE, OPTIONS, TRACE and CONNECT; a method token is case-sensitive) answers 501 `not_implemented`\nwithout `Allow` on every path and every transport (RFC 9110 section 9.1); CORS preflights\n(`OPTIONS`) answer 204 and allow the `Authorization` header; every answer to a request with an\n`Origin` carries `Access-Control-Allow-Origin: *`.\n\nMock controls, the mock's own and no part of the interface (README, \"Mock controls\"): a `Prefer`\nheader (`code=`, `delay=`, `fault=`) may force any 4xx or 5xx `Error` on any operation, named after\nits status (`service_unavailable`, `too_many_requests`, …, else `forced_error`), or drop the\nconnection; its errors are `invalid_preference` (400) and `invalid_session` (400, `X-Mock-Session`).\nPast the requests a mock may hold for `delay=` and `fault=timeout`, or a standalone server may have\nin flight, a request answers `service_unavailable` (503) at once.\nThe admin API under `/__mock` (outside `/v1`) answers `invalid_rule` (400), `rule_not_found` (404),\n`unsupported_media_type` (415, a body that is not JSON) and `forbidden` (403: off loopback without\nthe admin token; on loopback, without it, from another site's page, to another Host or through a\nproxy).\n",
    "license": {
      "name": "MIT",
      "identifier": "MIT"
    }
  },
  "servers": [
    {
      "url": "https://{host}/v1",
      "description": "Production. The interface does not give its address; pass it as `host`.",
      "variables": {
        "host": {
          "default": "api.petstore.example"
        }
      }
    },
    {
      "url": "https://{host}/v1",
      "description": "Staging. The interface does not give its address; pass it as `host`.",
      "variables": {
        "host": {
          "default": "staging.petstore.example"
        }
      }
    },
    {
      "url": "http://127.0.0.1:4010/v1",
      "description": "Local mock server (`npm start`)."
    }
  ],
  "security": [
    {
      "bearerAuth": []
    }
  ],
  "tags": [
    {
      "name": "pets",
      "description": "Animals offered in the store.",
      "x-interface-describes": true
    },
    {
      "name": "messages",
      "description": "Quickstart example, served at its own base address.",
      "x-interface-describes": true
    },
    {
      "name": "store",
      "description": "Store orders. Referred to by the interface but not described."
    }
  ],
  "paths": {
    "/pets": {
      "get": {
        "operationId": "listPets",
        "tags": [
          "pets"
        ],
        "summary": "List animals",
        "description": "Returns at most `limit` animals as a bare JSON array, only those with the given `status` when the filter is set. The filter is applied before the limit.",
        "x-collection": {
          "description": "Lists the animals `POST /pets` created: `status` keeps those whose `status` equals it, `limit` caps how many. The contract suite's stateful phase checks every list against the animals it created.",
          "filters": {
            "status": "status"
          },
          "limit": "limit",
          "basis": {
            "list": "A list of animals is a JSON array of Pet objects (the response is the bare array, with no wrapping object).",
            "limit": "limit | integer | no | minimum 1, maximum 100, default 20; maximum number of animals returned.",
            "status": "status | PetStatus | no | Returns only animals with this availability status."
          }
        },
        "parameters": [
          {
            "$ref": "#/components/parameters/Limit"
          },
          {
            "$ref": "#/components/parameters/StatusFilter"
          }
        ],
        "responses": {
          "200": {
            "description": "The animals.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "maxItems": 100,
                  "items": {
                    "$ref": "#/components/schemas/Pet"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/InvalidParameter"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          }
        }
      },
      "post": {
        "operationId": "createPet",
        "tags": [
          "pets"
        ],
        "summary": "Add an animal",
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/NewPet"
              },
              "example": {
                "name": "Rex",
                "categoryId": 1,
                "status": "available"
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The created animal, including its assigned `id`.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Pet"
                }
              }
            },
            "links": {
              "GetCreatedPet": {
                "operationId": "getPet",
                "parameters": {
                  "petId": "$response.body#/id"
                },
                "description": "Returns one animal by identifier."
              }
            }
          },
          "400": {
            "description": "The body is missing required fields or has invalid values.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          }
        }
      }
    },
    "/pets/{petId}": {
      "get": {
        "operationId": "getPet",
        "tags": [
          "pets"
        ],
        "summary": "Fetch one animal",
        "deprecated": true,
        "description": "Deprecated; to be removed on 5 December 2030. Use `GET /pets` with the `status` filter instead. The mock sends `Deprecation` (RFC 9745) and `Sunset` (RFC 8594) headers.",
        "x-sunset": "2030-12-05",
        "x-deprecation-date": "2026-01-01",
        "parameters": [
          {
            "name": "petId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "integer",
              "format": "int64"
            },
            "example": 1
          }
        ],
        "responses": {
          "200": {
            "description": "The animal.",
            "headers": {
              "Deprecation": {
                "$ref": "#/components/headers/Deprecation"
              },
              "Sunset": {
                "$ref": "#/components/headers/Sunset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Pet"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/InvalidParameter"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "description": "The animal could not be found.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          },
          "410": {
            "description": "The operation has been removed: the mock answers 410 `gone` from the `x-sunset` date on, by its own clock (`--now`, else the real one), with the `Sunset` header. The interface gives the date but not what the service answers after it.",
            "x-mock-behaviour": true,
            "headers": {
              "Sunset": {
                "$ref": "#/components/headers/Sunset"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/store/orders": {
      "get": {
        "operationId": "listStoreOrders",
        "tags": [
          "store"
        ],
        "summary": "Store orders (not described)",
        "description": "The interface refers to this operation but shows neither its fields nor its responses. The mock answers 501 after authentication.",
        "x-not-described": true,
        "responses": {
          "200": {
            "description": "Not described by the interface."
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "501": {
            "description": "Not implemented by the mock.",
            "x-mock-behaviour": true,
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/messages": {
      "servers": [
        {
          "url": "https://{host}",
          "description": "Quickstart messages API. The interface does not give its address.",
          "variables": {
            "host": {
              "default": "messages.petstore.example"
            }
          }
        },
        {
          "url": "http://127.0.0.1:4010",
          "description": "Local mock server (`npm start`), at the server root."
        }
      ],
      "post": {
        "operationId": "sendMessage",
        "x-stateless": "No operation reads a message back, so no sequence of calls can check one.",
        "tags": [
          "messages"
        ],
        "summary": "Send a message (quickstart example)",
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/NewMessage"
              },
              "example": {
                "message": "Hello from the quickstart"
              }
            }
          }
        },
        "responses": {
          "400": {
            "description": "The JSON is invalid or `message` is missing.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "2XX": {
            "description": "The message was accepted (a new message may only be queued). The interface does not say which 2xx status is used; the mock answers 202.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Message"
                }
              }
            }
          }
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "bearerAuth": {
        "type": "http",
        "scheme": "bearer",
        "description": "`Authorization: Bearer <API_KEY>`. An API key is obtained by creating an account."
      }
    },
    "parameters": {
      "Limit": {
        "name": "limit",
        "in": "query",
        "required": false,
        "description": "Maximum number of animals returned.",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      "StatusFilter": {
        "name": "status",
        "in": "query",
        "required": false,
        "description": "Returns only animals with this availability status.",
        "schema": {
          "$ref": "#/components/schemas/PetStatus"
        }
      }
    },
    "headers": {
      "Deprecation": {
        "description": "RFC 9745 structured-field date at which the operation was deprecated.",
        "schema": {
          "type": "string"
        }
      },
      "Sunset": {
        "description": "RFC 8594 HTTP date at which the operation is removed.",
        "schema": {
          "type": "string"
        }
      }
    },
    "responses": {
      "Unauthorized": {
        "description": "The API key is missing or invalid, or the header is not in bearer form.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "InvalidParameter": {
        "description": "A query or path parameter is malformed or out of range. The interface is silent here; the mock answers 400.",
        "x-mock-behaviour": true,
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "PayloadTooLarge": {
        "description": "The body is larger than 1 MB. The interface sets no size limit; the mock does.",
        "x-mock-behaviour": true,
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      }
    },
    "schemas": {
      "PetStatus": {
        "type": "string",
        "description": "Availability of an animal.",
        "enum": [
          "available",
          "pending",
          "sold"
        ]
      },
      "NewPet": {
        "type": "object",
        "description": "An animal to add. No default `status` is stated.",
        "required": [
          "name",
          "categoryId"
        ],
        "properties": {
          "name": {
            "type": "string",
            "description": "The animal's name."
          },
          "categoryId": {
            "type": "integer",
            "format": "int64",
            "description": "Identifier of the category the animal belongs to."
          },
          "status": {
            "$ref": "#/components/schemas/PetStatus"
          }
        }
      },
      "Pet": {
        "type": "object",
        "description": "An animal as returned, with the identifier the service assigned.",
        "required": [
          "id",
          "name",
          "categoryId"
        ],
        "properties": {
          "id": {
            "type": "integer",
            "format": "int64",
            "description": "Unique identifier assigned by the service on creation."
          },
          "name": {
            "type": "string"
          },
          "categoryId": {
            "type": "integer",
            "format": "int64"
          },
          "status": {
            "$ref": "#/components/schemas/PetStatus"
          }
        }
      },
      "Error": {
        "type": "object",
        "required": [
          "code",
          "message",
          "status"
        ],
        "properties": {
          "code": {
            "type": "string",
            "description": "Machine-readable error code."
          },
          "message": {
            "type": "string",
            "description": "Human-readable description."
          },
          "status": {
            "type": "integer",
            "description": "The HTTP status code of the response."
          }
        }
      },
      "NewMessage": {
        "type": "object",
        "required": [
          "message"
        ],
        "properties": {
          "message": {
            "type": "string"
          }
        }
      },
      "Message": {
        "type": "object",
        "required": [
          "id",
          "message",
          "status",
          "createdAt"
        ],
        "properties": {
          "id": {
            "type": "string"
          },
          "message": {
            "type": "string"
          },
          "status": {
            "type": "string",
            "description": "The mock answers `queued`; other values are not listed by the interface."
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          }
        }
      }
    }
  }
} as const
