// Generated from spec/openapi.yaml by `npm run generate`. Do not edit.
export interface paths {
    "/pets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List animals
         * @description Returns at most `limit` animals as a bare JSON array, only those with the given `status` when the filter is set. The filter is applied before the limit.
         */
        get: operations["listPets"];
        put?: never;
        /** Add an animal */
        post: operations["createPet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pets/{petId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Fetch one animal
         * @deprecated
         * @description Deprecated; to be removed on 5 December 2030. Use `GET /pets` with the `status` filter instead. The mock sends `Deprecation` (RFC 9745) and `Sunset` (RFC 8594) headers.
         */
        get: operations["getPet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/store/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Store orders (not described)
         * @description The interface refers to this operation but shows neither its fields nor its responses. The mock answers 501 after authentication.
         */
        get: operations["listStoreOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a message (quickstart example) */
        post: operations["sendMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description Availability of an animal.
         * @enum {string}
         */
        PetStatus: "available" | "pending" | "sold";
        /** @description An animal to add. No default `status` is stated. */
        NewPet: {
            /** @description The animal's name. */
            name: string;
            /**
             * Format: int64
             * @description Identifier of the category the animal belongs to.
             */
            categoryId: number;
            status?: components["schemas"]["PetStatus"];
        };
        /** @description An animal as returned, with the identifier the service assigned. */
        Pet: {
            /**
             * Format: int64
             * @description Unique identifier assigned by the service on creation.
             */
            id: number;
            name: string;
            /** Format: int64 */
            categoryId: number;
            status?: components["schemas"]["PetStatus"];
        };
        Error: {
            /** @description Machine-readable error code. */
            code: string;
            /** @description Human-readable description. */
            message: string;
            /** @description The HTTP status code of the response. */
            status: number;
        };
        NewMessage: {
            message: string;
        };
        Message: {
            id: string;
            message: string;
            /** @description The mock answers `queued`; other values are not listed by the interface. */
            status: string;
            /** Format: date-time */
            createdAt: string;
        };
    };
    responses: {
        /** @description The API key is missing or invalid, or the header is not in bearer form. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A query or path parameter is malformed or out of range. The interface is silent here; the mock answers 400. */
        InvalidParameter: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is larger than 1 MB. The interface sets no size limit; the mock does. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description Maximum number of animals returned. */
        Limit: number;
        /** @description Returns only animals with this availability status. */
        StatusFilter: components["schemas"]["PetStatus"];
    };
    requestBodies: never;
    headers: {
        /** @description RFC 9745 structured-field date at which the operation was deprecated. */
        Deprecation: string;
        /** @description RFC 8594 HTTP date at which the operation is removed. */
        Sunset: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listPets: {
        parameters: {
            query?: {
                /** @description Maximum number of animals returned. */
                limit?: components["parameters"]["Limit"];
                /** @description Returns only animals with this availability status. */
                status?: components["parameters"]["StatusFilter"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The animals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pet"][];
                };
            };
            400: components["responses"]["InvalidParameter"];
            401: components["responses"]["Unauthorized"];
        };
    };
    createPet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Rex",
                 *       "categoryId": 1,
                 *       "status": "available"
                 *     }
                 */
                "application/json": components["schemas"]["NewPet"];
            };
        };
        responses: {
            /** @description The created animal, including its assigned `id`. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pet"];
                };
            };
            /** @description The body is missing required fields or has invalid values. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    getPet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 1 */
                petId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The animal. */
            200: {
                headers: {
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pet"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            401: components["responses"]["Unauthorized"];
            /** @description The animal could not be found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The operation has been removed: the mock answers 410 `gone` from the `x-sunset` date on, by its own clock (`--now`, else the real one), with the `Sunset` header. The interface gives the date but not what the service answers after it. */
            410: {
                headers: {
                    Sunset: components["headers"]["Sunset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listStoreOrders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Not described by the interface. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            /** @description Not implemented by the mock. */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "message": "Hello from the quickstart"
                 *     }
                 */
                "application/json": components["schemas"]["NewMessage"];
            };
        };
        responses: {
            /** @description The JSON is invalid or `message` is missing. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            /** @description The message was accepted (a new message may only be queued). The interface does not say which 2xx status is used; the mock answers 202. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
        };
    };
}
