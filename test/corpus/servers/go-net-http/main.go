// Pet Store server of the conformance corpus: Go 1.19 standard library only, net/http with its ServeMux and
// encoding/json (Debian golang-go 2:1.19~1, golang-1.19-go 1.19.8; no third-party module, go.mod requires none).
//
// Run: `sh start.sh` (run in this folder with PORT and PETSTORE_API_KEY set). It builds this file once per
// version of go.mod + main.go into $TMPDIR/petstore-corpus-go-net-http (GOCACHE, the system default, keeps the
// compiled standard library), then `exec`s the binary: the process that gets SIGTERM is the server, which exits
// at once (Go's default for SIGTERM; nothing is left behind). Listens on 127.0.0.1:$PORT.
//
// Deployment shapes (test/corpus/deployment-shapes.ts), read from the environment: PETSTORE_APIS ("pets" or
// "messages": the one API this process serves, for split origins; both when unset), PETSTORE_PATH_PREFIX (a path
// before /v1 and /messages, e.g. /api, written into the ServeMux patterns: http.StripPrefix would hand ServeMux a
// path whose redirects lose the prefix), PETSTORE_TLS_CERT and PETSTORE_TLS_KEY (PEM files: HTTPS, through
// http.ListenAndServeTLS). The routes and handlers are the same in every shape.
//
// Framework defaults kept (Go 1.19's ServeMux has no method patterns; each handler checks r.Method as the
// net/http docs and tutorials do):
//   - Routing: exact pattern "/v1/pets", subtree pattern "/v1/pets/" (the id is the rest of the path), "/messages".
//   - A method a path lacks, OPTIONS, HEAD and unknown methods (FROBNICATE): 405 from http.Error, a text/plain
//     "Method Not Allowed" body, with the Allow header RFC 9110 §15.5.6 asks of an origin server. HEAD is not
//     served: net/http hands HEAD to the handler, which only takes GET.
//   - Unknown path: ServeMux's 404 text/plain "404 page not found" (once the key is checked: the key middleware
//     wraps the whole mux). A path with "//" or "..": ServeMux's 301 redirect to the cleaned path.
//   - Trailing slash: "/v1/pets/" falls in the subtree handler: GET gets the 404 Error of a pet id that does not
//     parse, other methods 405. "/v1/pets/7/" likewise 404.
//   - JSON: encoding/json. A json.Decoder into typed fields: int64 fields exact over the whole int64 range; a
//     number outside int64, a fraction or exponent (1.0, 1e3), a string or a boolean for categoryId is a decode
//     error (400), never a changed value. Strict RFC 8259 grammar (no comments, NaN, leading zeros, raw control
//     characters). Documented leniencies kept: bytes that are not UTF-8 inside a string become U+FFFD, object keys
//     match field names case-insensitively, unknown fields are ignored, null leaves a field unset. The encoder
//     escapes <, >, & as \u003c... (the same string). The Content-Type of a request is not checked (JSON is
//     read whatever the label). Body capped at 1 MiB with http.MaxBytesReader (413 beyond).
//
// Changed from the defaults, each because the interface asks for it:
//   - 401 with an Error body and WWW-Authenticate: Bearer (RFC 9110 §11.6.1) from a middleware around the mux:
//     "401 with an Error body when the key is missing or invalid" (Authentication, Scope: "Applied to every
//     operation listed above"). Bearer scheme matched case-insensitively (RFC 9110 §11.1).
//   - JSON Error bodies (not http.Error's text) for 400 on createPet ("400 | Error (body missing required fields
//     or containing invalid values)"), for 404 on getPet ("404 | Error (the animal could not be found)") and for
//     400 on POST /messages ("400 when the JSON is invalid or `message` is missing").
//   - decodeJSON decodes a second time and wants io.EOF: json.Decoder alone would take `{...} {}` or `{...}x`,
//     which is not one JSON text ("400 when the JSON is invalid").
//   - PetStatus.UnmarshalJSON refuses null and "": encoding/json would take `"status": null` as no status, but the
//     value is not "One of the allowed values above" (NewPet.status), so it is an invalid value (400).
//   - closeHTTP10 closes every HTTP/1.0 connection after its answer (Connection: close). net/http ignores
//     Transfer-Encoding on an HTTP/1.0 request and reads its Content-Length (Go issue 12785), keeping the
//     connection when the client asks keep-alive: the rest of a chunked body was read as the next request.
//     RFC 9112 §6.1: "A server or client that receives an HTTP/1.0 message containing a Transfer-Encoding header
//     field MUST treat the message as if the framing is faulty, even if a Content-Length is present, and close
//     the connection after processing the message." net/http drops the field before the handler sees it, so the
//     handler closes every HTTP/1.0 connection, the fix the issue suggests to applications.
//
// Open choices taken (the interface is silent): limit outside 1..100 or not an integer, or an unknown status
// filter: 400 Error; a parameter given twice: its first value (url.Values.Get); a non-integer pet id: 404 Error
// like an unknown pet; POST /messages answers 202 Accepted (the message is "queued"); a pet created without status
// has none (omitempty); ids 1, 2, 3...; lists in creation order; no Deprecation/Sunset headers.
//
// Deviations the suite reports (each a choice the interface leaves open, never a statement it makes):
//   - target_uri_validity: a request-target with an empty host (http:///v1/pets, https:///v1/pets) is served as
//     its path: net/http's ServeMux routes by the path alone and never reads the authority. RFC 9110 section
//     4.2.1's MUST binds "a recipient that processes such a URI reference"; a 5xx, or a 2xx without the key, would
//     be a violation.
//   - head_like_get: HEAD gets 405. RFC 9110 §9.1 "All general-purpose servers MUST support the methods GET and
//     HEAD" binds a general-purpose server, not this origin server; §15.5.6 allows a 405 for a method the target
//     resource does not support.
//   - unsupported_method, json_content_type, error_body_conformance: the 405 (and OPTIONS' 405) is http.Error's
//     text/plain, not an Error; FROBNICATE gets the same 405. The interface's Errors table lists only 400/401/404;
//     "error responses other than those listed: not shown". RFC 9110 §9.1 asks 501 for an unrecognized method
//     with a SHOULD only; §9.3.7 leaves OPTIONS' answer open.
//   - generated_path_auth: "//v1/pets" and "/v1//pets" (with the key) get ServeMux's 301 to the cleaned path:
//     request targets the interface does not describe, which RFC 9110 §15.4 lets a server redirect; without the
//     key they get 401 like every other request.
//   - generated_request_forms: limit or status given twice takes the first value, within the rules.
//   - invalid_pet_id_rejected: a non-integer id gets 404, not the spec's 400 (a malformed id is not covered).
//   - json_body_syntax: bytes not UTF-8 inside a string become U+FFFD (encoding/json's documented behaviour).
//   - unsupported_media_type_rejected, generated_invalid_create: JSON labelled text/plain or form-urlencoded is
//     read as the JSON it is (the interface states no 415 or 400 for a media type).
//   - deprecation_headers: no Deprecation/Sunset headers (the interface states the deprecation in prose only).
//   - body_framing_forms: a Transfer-Encoding whose last coding is not chunked gets 501, not 400 and a close (RFC 9112
//     §6.3 asks 400; §6.1 asks 501 for a coding the server does not understand). Nothing is acted on.
//   - request_line_forms: an empty line before the request-line gets 400 (§2.2 asks a server to ignore one with a
//     SHOULD).
package main

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// PetStatus is one of available, pending, sold; decoding anything else (null and "" included) is an error.
type PetStatus string

func (s *PetStatus) UnmarshalJSON(data []byte) error {
	var value string
	if err := json.Unmarshal(data, &value); err != nil {
		return err
	}
	if !validStatus[value] {
		return errors.New("status must be one of available, pending, sold")
	}
	*s = PetStatus(value)
	return nil
}

var validStatus = map[string]bool{"available": true, "pending": true, "sold": true}

// Pet is the animal as returned. A pet created without a status has none (omitempty).
type Pet struct {
	ID         int64     `json:"id"`
	Name       string    `json:"name"`
	CategoryID int64     `json:"categoryId"`
	Status     PetStatus `json:"status,omitempty"`
}

// newPet is the request body of createPet. Pointers tell a missing field from a zero value.
type newPet struct {
	Name       *string   `json:"name"`
	CategoryID *int64    `json:"categoryId"`
	Status     PetStatus `json:"status"`
}

// Message is what POST /messages answers.
type Message struct {
	ID        string `json:"id"`
	Message   string `json:"message"`
	Status    string `json:"status"`
	CreatedAt string `json:"createdAt"`
}

// apiError is the interface's Error object.
type apiError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Status  int    `json:"status"`
}

// store keeps the pets in memory, in the order they were created.
type store struct {
	mu     sync.RWMutex
	pets   []Pet
	byID   map[int64]int
	nextID int64
}

func (s *store) add(p Pet) Pet {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextID++
	p.ID = s.nextID
	s.byID[p.ID] = len(s.pets)
	s.pets = append(s.pets, p)
	return p
}

func (s *store) get(id int64) (Pet, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	i, ok := s.byID[id]
	if !ok {
		return Pet{}, false
	}
	return s.pets[i], true
}

func (s *store) list(status PetStatus, limit int) []Pet {
	s.mu.RLock()
	defer s.mu.RUnlock()
	pets := make([]Pet, 0, limit)
	for _, p := range s.pets {
		if len(pets) == limit {
			break
		}
		if status == "" || p.Status == status {
			pets = append(pets, p)
		}
	}
	return pets
}

// maxBody is the largest request body read, as http.MaxBytesReader's documentation suggests limiting it.
const maxBody = 1 << 20

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, code, message string) {
	writeJSON(w, status, apiError{Code: code, Message: message, Status: status})
}

var errTrailingData = errors.New("request body must hold a single JSON value")

// decodeJSON reads exactly one JSON value from the body into v: anything after it is an error.
func decodeJSON(w http.ResponseWriter, r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	if err := dec.Decode(v); err != nil {
		return err
	}
	if err := dec.Decode(&struct{}{}); err != io.EOF {
		return errTrailingData
	}
	return nil
}

// bodyError answers a body decodeJSON refused: 413 past the size limit, else 400.
func bodyError(w http.ResponseWriter, err error) {
	var tooLarge *http.MaxBytesError
	var syntax *json.SyntaxError
	switch {
	case errors.As(err, &tooLarge):
		writeError(w, http.StatusRequestEntityTooLarge, "body_too_large", "request body too large")
	case errors.As(err, &syntax), errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF),
		errors.Is(err, errTrailingData):
		writeError(w, http.StatusBadRequest, "invalid_json", "request body is not valid JSON: "+err.Error())
	default: // a value of the wrong type or out of range
		writeError(w, http.StatusBadRequest, "invalid_body", err.Error())
	}
}

// requireKey answers 401 unless the request carries `Authorization: Bearer <key>` (scheme case-insensitive).
func requireKey(key string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
		if !ok || !strings.EqualFold(scheme, "Bearer") || subtle.ConstantTimeCompare([]byte(token), []byte(key)) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="petstore"`)
			writeError(w, http.StatusUnauthorized, "unauthorized", "missing or invalid API key")
			return
		}
		next.ServeHTTP(w, r)
	})
}

// closeHTTP10 closes an HTTP/1.0 connection after its answer: see the header comment (RFC 9112 §6.1).
func closeHTTP10(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !r.ProtoAtLeast(1, 1) {
			w.Header().Set("Connection", "close")
		}
		next.ServeHTTP(w, r)
	})
}

type server struct {
	store  *store
	prefix string // PETSTORE_PATH_PREFIX: the path before /v1 and /messages
}

// pets serves /v1/pets: GET lists, POST creates.
func (s *server) pets(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet:
		s.listPets(w, r)
	case http.MethodPost:
		s.createPet(w, r)
	default:
		w.Header().Set("Allow", "GET, POST")
		http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
	}
}

func (s *server) listPets(w http.ResponseWriter, r *http.Request) {
	query := r.URL.Query()
	limit := 20
	if _, given := query["limit"]; given {
		n, err := strconv.Atoi(query.Get("limit"))
		if err != nil || n < 1 || n > 100 {
			writeError(w, http.StatusBadRequest, "invalid_limit", "limit must be an integer from 1 to 100")
			return
		}
		limit = n
	}
	status := PetStatus(query.Get("status"))
	if _, given := query["status"]; given && !validStatus[string(status)] {
		writeError(w, http.StatusBadRequest, "invalid_status", "status must be one of available, pending, sold")
		return
	}
	writeJSON(w, http.StatusOK, s.store.list(status, limit))
}

func (s *server) createPet(w http.ResponseWriter, r *http.Request) {
	var body newPet
	if err := decodeJSON(w, r, &body); err != nil {
		bodyError(w, err)
		return
	}
	if body.Name == nil || body.CategoryID == nil {
		writeError(w, http.StatusBadRequest, "invalid_pet", "name and categoryId are required")
		return
	}
	pet := Pet{Name: *body.Name, CategoryID: *body.CategoryID, Status: body.Status}
	writeJSON(w, http.StatusCreated, s.store.add(pet))
}

// pet serves /v1/pets/{petId}: GET reads one pet.
func (s *server) pet(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		w.Header().Set("Allow", "GET")
		http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
		return
	}
	id, err := strconv.ParseInt(strings.TrimPrefix(r.URL.Path, s.prefix+"/v1/pets/"), 10, 64)
	if err != nil {
		writeError(w, http.StatusNotFound, "pet_not_found", "no pet has this id")
		return
	}
	pet, ok := s.store.get(id)
	if !ok {
		writeError(w, http.StatusNotFound, "pet_not_found", "no pet has this id")
		return
	}
	writeJSON(w, http.StatusOK, pet)
}

// messages serves POST /messages: the message is queued, answered 202 Accepted.
func (s *server) messages(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
		return
	}
	var body struct {
		Message *string `json:"message"`
	}
	if err := decodeJSON(w, r, &body); err != nil {
		bodyError(w, err)
		return
	}
	if body.Message == nil {
		writeError(w, http.StatusBadRequest, "invalid_message", "message is required")
		return
	}
	id := make([]byte, 16)
	rand.Read(id)
	writeJSON(w, http.StatusAccepted, Message{
		ID:        hex.EncodeToString(id),
		Message:   *body.Message,
		Status:    "queued",
		CreatedAt: time.Now().UTC().Format(time.RFC3339Nano),
	})
}

func main() {
	prefix := os.Getenv("PETSTORE_PATH_PREFIX")
	serves := os.Getenv("PETSTORE_APIS")
	if serves == "" {
		serves = "pets,messages"
	}
	s := &server{store: &store{byID: map[int64]int{}}, prefix: prefix}
	mux := http.NewServeMux()
	for _, api := range strings.Split(serves, ",") {
		switch api {
		case "pets":
			mux.HandleFunc(prefix+"/v1/pets", s.pets)
			mux.HandleFunc(prefix+"/v1/pets/", s.pet)
		case "messages":
			mux.HandleFunc(prefix+"/messages", s.messages)
		}
	}
	addr := "127.0.0.1:" + os.Getenv("PORT")
	handler := closeHTTP10(requireKey(os.Getenv("PETSTORE_API_KEY"), mux))
	log.Printf("pet store listening on %s", addr)
	if cert, key := os.Getenv("PETSTORE_TLS_CERT"), os.Getenv("PETSTORE_TLS_KEY"); cert != "" && key != "" {
		log.Fatal(http.ListenAndServeTLS(addr, cert, key, handler))
	}
	log.Fatal(http.ListenAndServe(addr, handler))
}
