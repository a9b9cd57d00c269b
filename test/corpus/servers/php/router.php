<?php
// Pet Store server of the conformance corpus: a plain PHP 8.2 app (Debian php-cli: php8.2-cli 8.2.36, with its
// bundled json extension), no framework, run by PHP's built-in web server with this file as its router script.
//
// Run: `exec php -S "127.0.0.1:$PORT" router.php` (in this folder, with PORT and PETSTORE_API_KEY set): `exec` makes
// the server the process that gets SIGTERM, and it exits at once. One server process (PHP_CLI_SERVER_WORKERS is
// not set), so requests are served one at a time; PHP keeps nothing in memory between requests, so the pets live
// in a JSON file per server process in the temp folder, read and written under flock (files of servers that are
// gone are removed when a new server makes its own).
//
// Deployment shapes (test/corpus/deployment-shapes.ts), read from the environment: PETSTORE_APIS ("pets" or
// "messages": the one API this process serves, for split origins; both when unset) and PETSTORE_PATH_PREFIX (a path
// before /v1 and /messages, e.g. /api, written into the paths matched below). The built-in server speaks no TLS, so
// the HTTPS shape puts a TLS front before it, started by the test. The routes and handlers are the same in every
// shape.
//
// The built-in server's defaults, kept:
//   - An unknown method (FROBNICATE) is refused by the server's own HTTP parser, before the router runs (so with
//     or without the key): 501 with its HTML "Not Implemented" page.
//   - HEAD reaches the router as REQUEST_METHOD "HEAD"; the server sends no body after HEAD.
//   - Each answer closes the connection; PHP adds X-Powered-By (and the built-in server a Host header).
//   - $_GET: a parameter given twice keeps its last value; `limit[]=1` is an array (refused below).
//   - json_decode: RFC 8259's grammar strictly (no comments, NaN, leading zeros, raw control characters, trailing
//     data; bytes not UTF-8 and lone surrogates refused). json_encode with its default flags: "/" is sent as "\/"
//     and non-ASCII as \uXXXX escapes (the same strings). The request's Content-Type is not checked: the body is
//     read as JSON whatever its label.
//   - filter_var(FILTER_VALIDATE_INT), PHP's documented integer validation, for limit and petId: it trims white
//     space and takes "+5", refuses "05", "1.0", "1e1" and anything outside its range.
//
// The plain app's own routing (no framework defaults to keep; written the way a plain PHP JSON API is):
//   - The key is checked before any routing, so an unknown path without the key is a 401 too.
//   - Exact paths /v1/pets and /messages, and #^/v1/pets/([^/]+)$#, on the raw REQUEST_URI path (not
//     percent-decoded). A method a path does not have, HEAD and OPTIONS included: 405 with an Error and the Allow
//     header RFC 9110 §15.5.6 asks of an origin server. Unknown path, trailing slash (/v1/pets/, /v1/pets/1/) and
//     "//v1/pets" (parse_url reads "v1" as a host): 404 with an Error.
//
// What the interface asks for, beyond plain PHP:
//   - 401 with an Error body and WWW-Authenticate: Bearer (RFC 9110 §11.6.1): "401 with an Error body when the key
//     is missing or invalid", Scope "Applied to every operation listed above"; scheme case-insensitive (§11.1).
//     The key is read from getallheaders(), without the spaces and tabs around it: the built-in server keeps those
//     (RFC 9110 §5.5: "a field parsing implementation MUST exclude such whitespace prior to evaluating the field
//     value"), and $_SERVER's copy of a value ends at a NUL octet, so "<key>\0x" passed as the key (§5.5: "a
//     recipient of CR, LF, or NUL within a field value MUST either reject the message or replace each of those
//     characters with SP"); wire_request_forms and field_value_octets found both.
//   - The status line is written by the router as HTTP/1.1: the built-in server answers in the request's version,
//     "HTTP/1.2 200" to an HTTP/1.2 request (RFC 9110 §6.2: "A server MUST NOT send a version to which it is not
//     conformant"; protocol_version found it).
//   - A Content-Length of more than 9 digits, or over 1 MiB (the mock's limit), is refused with 413 before the body
//     is read: the built-in server reads 2^64 + 23 as 23 and served the create (RFC 9110 §8.6: "a recipient MUST anticipate potentially
//     large decimal numerals and prevent parsing errors due to integer conversion overflows"; content_length_values).
//     It also runs out of memory, and stops, on twenty nines: a defect of the development server no router can mend.
//   - JSON_BIGINT_AS_STRING: json_decode keeps ints up to PHP_INT_MAX (= int64) exactly but would turn a number
//     beyond int64 into a float; as a string it fails is_int and is refused (400), as 1.0, 1e3, "5" and true are:
//     "categoryId | integer | int64" and "400 | Error (body missing required fields or containing invalid values)".
//   - "status": null or any value outside the enum is a 400 ("One of the allowed values above").
//   - A request whose Transfer-Encoding does not end with chunked gets 400 before anything reads its body. The
//     built-in server read "Transfer-Encoding: gzip" by the Content-Length beside it and the pet was created;
//     RFC 9112 §6.3: "If a Transfer-Encoding header field is present in a request and the chunked transfer coding
//     is not the final encoding, the message body length cannot be determined reliably; the server MUST respond
//     with the 400 (Bad Request) status code and then close the connection." (each answer closes it here).
//   - 404 Error for an unknown pet ("404 | Error (the animal could not be found)"); POST /messages: 400 Error when
//     the JSON is invalid or `message` is missing or not a string.
//
// Open choices taken (the interface is silent): limit outside 1..100 or not an integer, or an unknown status
// filter: 400 Error; a non-integer pet id: 400 Error; POST /messages answers 201; a pet created without status
// has none; ids 1, 2, 3...; lists in creation order; no Deprecation/Sunset headers.
//
// Deviations the suite reports (each a choice the interface leaves open, never a statement it makes):
//   - head_like_get: HEAD gets 405 (the router only serves GET). RFC 9110 §9.1 "All general-purpose servers MUST
//     support the methods GET and HEAD" binds a general-purpose server, not this origin server.
//   - unsupported_method: FROBNICATE gets the built-in server's 501 HTML page, with or without the key (it reads
//     nothing). RFC 9110 §9.1: "An origin server that receives a request method that is unrecognized or not
//     implemented SHOULD respond with the 501 (Not Implemented) status code"; the interface lists no error body
//     for a method it does not show ("error responses other than those listed: not shown").
//   - message_queued: POST /messages answers 201 (the interface states no status for it; the spec's mock: 202).
//   - unsupported_media_type_rejected, generated_invalid_create: JSON labelled text/plain or form-urlencoded is
//     read as the JSON it is (the interface states no 415 or 400 for a media type).
//   - generated_invalid_query: limit " 1" is forgiven as 1 (filter_var trims), within the rules.
//   - generated_request_forms: limit or status given twice keeps the last value, within the rules.
//   - deprecation_headers: no Deprecation/Sunset headers (the interface states the deprecation in prose only).
//   - answer_grammar, close_announced: the built-in server frames every answer by closing the connection, with
//     neither Content-Length nor chunked, and closes after each (Connection: close): RFC 9112 §6.3 asks length-
//     delimited answers and §9.3 persistent connections with a SHOULD.
//   - field_line_forms: "Authorization : Bearer …" and a key folded onto a continuation line get 401 (the field
//     read under another name, the fold dropped): §5.1 asks 400 and §5.2 400 or the fold read as SP; nothing is
//     served without the key.
//   - request_line_forms: a word after the version and a raw SP in the target get no answer, a field line without a
//     colon is ignored (200): §2.2 and §3.2's SHOULDs.
//   - body_framing_forms: a Transfer-Encoding that names a coding besides chunked (before it or after it) gets no
//     answer from the built-in server's own parser (a close), nothing read: §6.3 asks 400, §6.1 501.
//   - major_version: the built-in server serves a request line of HTTP/3.0 as HTTP/1.1 (RFC 9110 §2.5 lets a
//     server refuse another major version with 505, no sentence forbids serving it).
//   - expect_continue: the built-in server never answers Expect: 100-continue; it reads the content first, so a
//     client waits out its own delay before sending it (RFC 9110 §10.1.1 asks an immediate 100 or final status of
//     the HTTP server, which no router script can change; the suite reports it as a deviation, with why).

declare(strict_types=1);

const STATUSES = ['available', 'pending', 'sold'];

/** The reason phrases of the statuses this router sends. */
const REASONS = [
    200 => 'OK', 201 => 'Created', 400 => 'Bad Request', 401 => 'Unauthorized', 404 => 'Not Found',
    405 => 'Method Not Allowed', 413 => 'Content Too Large',
];

/** The largest body read, in bytes: the mock's limit. */
const MAX_BODY = 1_048_576;

/** Sends a JSON answer and ends the request. */
function send(int $status, mixed $body, array $headers = []): never
{
    // The status line names HTTP/1.1 itself: the built-in server echoes the request's version (HTTP/1.2 for one).
    header(sprintf('HTTP/1.1 %d %s', $status, REASONS[$status]));
    header('Content-Type: application/json');
    foreach ($headers as $name => $value) {
        header("$name: $value");
    }
    echo json_encode($body, JSON_THROW_ON_ERROR);
    exit;
}

/** Sends the interface's Error object. */
function fail(int $status, string $code, string $message, array $headers = []): never
{
    send($status, ['code' => $code, 'message' => $message, 'status' => $status], $headers);
}

/** Answers a method the path does not have. */
function not_allowed(string $method, string $allow): never
{
    fail(405, 'method_not_allowed', "$method is not allowed here", ['Allow' => $allow]);
}

/** The request body as decoded JSON (objects as arrays), or a 400 Error when it is not one valid JSON text. */
function json_body(): mixed
{
    // The length as the client wrote it: the built-in server reads a Content-Length beyond 2^64 wrapped around.
    $length = $_SERVER['CONTENT_LENGTH'] ?? '0';
    if (!ctype_digit($length) || strlen($length) > 9 || (int) $length > MAX_BODY) {
        fail(413, 'payload_too_large', 'the body is larger than ' . MAX_BODY . ' bytes');
    }
    try {
        // JSON_BIGINT_AS_STRING: an integer beyond PHP_INT_MAX stays a string instead of turning into a float.
        return json_decode(file_get_contents('php://input'), true, 512, JSON_THROW_ON_ERROR | JSON_BIGINT_AS_STRING);
    } catch (JsonException $e) {
        fail(400, 'invalid_json', 'request body is not valid JSON: ' . $e->getMessage());
    }
}

/**
 * Runs $change on the pets under an exclusive lock and saves what it returns; the store lives in a file of the
 * temp folder, one per server process, since PHP keeps nothing in memory from one request to the next.
 */
function with_store(callable $change): mixed
{
    $file = sys_get_temp_dir() . '/petstore-php-' . getmypid() . '.json';
    if (!file_exists($file)) {
        remove_stale_stores();
    }
    $handle = fopen($file, 'c+');
    flock($handle, LOCK_EX);
    $contents = stream_get_contents($handle);
    $store = $contents === '' ? ['nextId' => 0, 'pets' => []] : json_decode($contents, true, 512, JSON_THROW_ON_ERROR);
    [$store, $result] = $change($store);
    ftruncate($handle, 0);
    rewind($handle);
    fwrite($handle, json_encode($store, JSON_THROW_ON_ERROR));
    fflush($handle);
    flock($handle, LOCK_UN);
    fclose($handle);
    return $result;
}

/** Reads the pets under a shared lock. */
function read_store(): array
{
    $file = sys_get_temp_dir() . '/petstore-php-' . getmypid() . '.json';
    $handle = @fopen($file, 'r');
    if ($handle === false) {
        return [];
    }
    flock($handle, LOCK_SH);
    $contents = stream_get_contents($handle);
    flock($handle, LOCK_UN);
    fclose($handle);
    return $contents === '' ? [] : json_decode($contents, true, 512, JSON_THROW_ON_ERROR)['pets'];
}

/** Removes the stores of servers that are no longer running. */
function remove_stale_stores(): void
{
    foreach (glob(sys_get_temp_dir() . '/petstore-php-*.json') as $stale) {
        $pid = (int) substr(basename($stale, '.json'), strlen('petstore-php-'));
        if ($pid > 0 && !file_exists("/proc/$pid")) {
            @unlink($stale);
        }
    }
}

function list_pets(): never
{
    $range = ['options' => ['min_range' => 1, 'max_range' => 100]];
    $limit = filter_var($_GET['limit'] ?? 20, FILTER_VALIDATE_INT, $range);
    if ($limit === false) {
        fail(400, 'invalid_limit', 'limit must be an integer from 1 to 100');
    }
    $status = $_GET['status'] ?? null;
    if (array_key_exists('status', $_GET) && !in_array($status, STATUSES, true)) {
        fail(400, 'invalid_status', 'status must be one of available, pending, sold');
    }
    $pets = [];
    foreach (read_store() as $pet) {
        if (count($pets) === $limit) {
            break;
        }
        if ($status === null || ($pet['status'] ?? null) === $status) {
            $pets[] = $pet;
        }
    }
    send(200, $pets);
}

function create_pet(): never
{
    $body = json_body();
    if (!is_array($body) || !is_string($body['name'] ?? null)) {
        fail(400, 'invalid_pet', 'name is required and must be a string');
    }
    // An int64 arrives as a PHP int; a number beyond int64 arrives as a string, a fraction as a float.
    if (!is_int($body['categoryId'] ?? null)) {
        fail(400, 'invalid_pet', 'categoryId is required and must be an int64 integer');
    }
    if (array_key_exists('status', $body) && !in_array($body['status'], STATUSES, true)) {
        fail(400, 'invalid_pet', 'status must be one of available, pending, sold');
    }
    $pet = with_store(function (array $store) use ($body): array {
        $id = ++$store['nextId'];
        $pet = ['id' => $id, 'name' => $body['name'], 'categoryId' => $body['categoryId']];
        if (array_key_exists('status', $body)) {
            $pet['status'] = $body['status'];
        }
        $store['pets'][$id] = $pet;
        return [$store, $pet];
    });
    send(201, $pet);
}

function get_pet(string $petId): never
{
    $id = filter_var($petId, FILTER_VALIDATE_INT);
    if ($id === false) {
        fail(400, 'invalid_id', 'petId must be an integer');
    }
    $pet = read_store()[$id] ?? null;
    if ($pet === null) {
        fail(404, 'pet_not_found', 'no pet has this id');
    }
    send(200, $pet);
}

function send_message(): never
{
    $body = json_body();
    if (!is_array($body) || !is_string($body['message'] ?? null)) {
        fail(400, 'invalid_message', 'message is required and must be a string');
    }
    send(201, [
        'id' => bin2hex(random_bytes(16)),
        'message' => $body['message'],
        'status' => 'queued',
        'createdAt' => gmdate(DATE_ATOM),
    ]);
}

// A body whose Transfer-Encoding does not end in chunked has no length the server can know: refused, before anything
// else reads it (see the header).
$codings = array_map(fn ($coding) => strtolower(trim($coding)), explode(',', $_SERVER['HTTP_TRANSFER_ENCODING'] ?? ''));
if (($_SERVER['HTTP_TRANSFER_ENCODING'] ?? '') !== '' && end($codings) !== 'chunked') {
    fail(400, 'invalid_framing', 'a Transfer-Encoding must end with chunked');
}

// Every operation needs the key: checked before any routing.
// getallheaders(): $_SERVER's copy of a field ends at a NUL octet (a C string), which would let "<key>\0x" pass.
$authorization = trim(array_change_key_case(getallheaders())['authorization'] ?? '', " \t");
[$scheme, $token] = array_pad(explode(' ', $authorization, 2), 2, null);
if (strcasecmp($scheme, 'Bearer') !== 0 || $token === null || !hash_equals(getenv('PETSTORE_API_KEY'), $token)) {
    fail(401, 'unauthorized', 'missing or invalid API key', ['WWW-Authenticate' => 'Bearer realm="petstore"']);
}

$method = $_SERVER['REQUEST_METHOD'];
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
$serves = explode(',', getenv('PETSTORE_APIS') ?: 'pets,messages');
$prefix = getenv('PETSTORE_PATH_PREFIX') ?: '';
$pets = in_array('pets', $serves, true) && is_string($path);
$messages = in_array('messages', $serves, true) && is_string($path);
$petPattern = '#^' . preg_quote("$prefix/v1/pets", '#') . '/([^/]+)$#';

if ($pets && $path === "$prefix/v1/pets") {
    match ($method) {
        'GET' => list_pets(),
        'POST' => create_pet(),
        default => not_allowed($method, 'GET, POST'),
    };
} elseif ($pets && preg_match($petPattern, $path, $match)) {
    $method === 'GET' ? get_pet($match[1]) : not_allowed($method, 'GET');
} elseif ($messages && $path === "$prefix/messages") {
    $method === 'POST' ? send_message() : not_allowed($method, 'POST');
} else {
    fail(404, 'not_found', 'no such resource');
}
