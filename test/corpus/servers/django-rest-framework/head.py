"""A HEAD answered without content, its Content-Length that of the GET (RFC 9110 section 9.3.2: "the server MUST NOT
send content in the response"; section 8.6 on the length). Django 3.2 leaves dropping the content to the WSGI server
(its own development server does it from Django 5.0 on); waitress does not, so a HEAD answered by the GET view sent
its JSON after the headers, where a client reads it as the start of the next answer."""


class HeadWithoutContent:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.method == "HEAD" and not response.streaming:
            response["Content-Length"] = str(len(response.content))
            response.content = b""
        return response
