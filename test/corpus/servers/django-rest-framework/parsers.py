"""DRF's JSONParser, with a body nested too deep for Python's json refused as a parse error (400) rather than a 500."""

from rest_framework import exceptions, parsers


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise exceptions.ParseError("JSON parse error - nested too deep")
