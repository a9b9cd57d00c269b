"""The bearer key check, in its own module as DRF's "Custom authentication" page places it (the settings name it)."""

import os
import secrets

from rest_framework import authentication, exceptions

API_KEY = os.environ["PETSTORE_API_KEY"]


class ApiClient:
    """Whoever holds the API key: the service has no users, only the key."""

    is_authenticated = True


class BearerKeyAuthentication(authentication.BaseAuthentication):
    def authenticate(self, request):
        scheme, _, key = request.META.get("HTTP_AUTHORIZATION", "").partition(" ")
        if not scheme:
            return None
        if scheme.lower() != "bearer" or not secrets.compare_digest(key.encode(), API_KEY.encode()):
            raise exceptions.AuthenticationFailed("Invalid API key.")
        return (ApiClient(), key)

    def authenticate_header(self, request):
        return "Bearer"
