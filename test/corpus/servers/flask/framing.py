"""An HTTP/1.0 request with Transfer-Encoding closes its connection after its answer (RFC 9112 section 6.1: "A server
or client that receives an HTTP/1.0 message containing a Transfer-Encoding header field MUST treat the message as if
the framing is faulty, even if a Content-Length is present, and close the connection after processing the
message."). waitress decodes Transfer-Encoding for HTTP/1.1 only: it reads an HTTP/1.0 request by its Content-Length
and keeps the connection when the client asks keep-alive, so the rest of a chunked body was read as the next request.
waitress lets no application set Connection (a hop-by-hop field) but closes an HTTP/1.0 connection after an answer
without Content-Length: a WSGI middleware (Werkzeug's documented way to wrap `app.wsgi_app`) leaves it out."""


class CloseAfterHttp10Coding:
    def __init__(self, wsgi_app):
        self.wsgi_app = wsgi_app

    def __call__(self, environ, start_response):
        if environ.get("SERVER_PROTOCOL") != "HTTP/1.0" or "HTTP_TRANSFER_ENCODING" not in environ:
            return self.wsgi_app(environ, start_response)

        def without_length(status, headers, exc_info=None):
            kept = [(name, value) for name, value in headers if name.lower() != "content-length"]
            return start_response(status, kept, exc_info)

        return self.wsgi_app(environ, without_length)
