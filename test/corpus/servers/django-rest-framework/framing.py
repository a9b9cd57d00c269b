"""An HTTP/1.0 request with Transfer-Encoding closes its connection after its answer (RFC 9112 section 6.1: "A server
or client that receives an HTTP/1.0 message containing a Transfer-Encoding header field MUST treat the message as if
the framing is faulty, even if a Content-Length is present, and close the connection after processing the
message."). waitress decodes Transfer-Encoding for HTTP/1.1 only: it reads an HTTP/1.0 request by its Content-Length
and keeps the connection when the client asks keep-alive, so the rest of a chunked body was read as the next request.
waitress lets no application set Connection (a hop-by-hop field) but closes an HTTP/1.0 connection after an answer
without Content-Length: the answer to such a request is streamed, and the connection closes after it."""

from django.http import StreamingHttpResponse


class CloseAfterHttp10Coding:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.META.get("SERVER_PROTOCOL") != "HTTP/1.0" or "HTTP_TRANSFER_ENCODING" not in request.META:
            return response
        streamed = StreamingHttpResponse(iter([response.content]), status=response.status_code)
        for name, value in response.items():
            if name.lower() != "content-length":
                streamed[name] = value
        return streamed
