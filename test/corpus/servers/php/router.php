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
//   - JSON_BIGINT_AS_STRING: json_decode keeps ints up to PHP_INT_MAX (= int64) exactly but would turn a number
//     beyond int64 into a float; as a string it fails is_int and is refused (400), as 1.0, 1e3, "5" and true are:
//     "categoryId | integer | int64" and "400 | Error (body missing required fields or containing invalid values)".
//   - "status": null or any value outside the enum is a 400 ("One of the allowed values above").
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

declare(strict_types=1);

const STATUSES = ['available', 'pending', 'sold'];

/** Sends a JSON answer and ends the request. */
function send(int $status, mixed $body, array $headers = []): never
{
    http_response_code($status);
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

// Every operation needs the key: checked before any routing.
[$scheme, $token] = array_pad(explode(' ', $_SERVER['HTTP_AUTHORIZATION'] ?? '', 2), 2, null);
if (strcasecmp($scheme, 'Bearer') !== 0 || $token === null || !hash_equals(getenv('PETSTORE_API_KEY'), $token)) {
    fail(401, 'unauthorized', 'missing or invalid API key', ['WWW-Authenticate' => 'Bearer realm="petstore"']);
}

$method = $_SERVER['REQUEST_METHOD'];
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);

if ($path === '/v1/pets') {
    match ($method) {
        'GET' => list_pets(),
        'POST' => create_pet(),
        default => not_allowed($method, 'GET, POST'),
    };
} elseif (is_string($path) && preg_match('#^/v1/pets/([^/]+)$#', $path, $match)) {
    $method === 'GET' ? get_pet($match[1]) : not_allowed($method, 'GET');
} elseif ($path === '/messages') {
    $method === 'POST' ? send_message() : not_allowed($method, 'POST');
} else {
    fail(404, 'not_found', 'no such resource');
}
