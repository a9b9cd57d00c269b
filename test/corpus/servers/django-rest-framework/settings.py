"""Settings of the Pet Store (a Django project in its smallest layout: settings, manage.py, one app module)."""

SECRET_KEY = "petstore-corpus-not-secret"
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
ROOT_URLCONF = "petstore"
INSTALLED_APPS = ["rest_framework"]
MIDDLEWARE = [
    "framing.CloseAfterHttp10Coding",
    "head.HeadWithoutContent",
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]
TEMPLATES = [{"BACKEND": "django.template.backends.django.DjangoTemplates", "APP_DIRS": True}]
USE_TZ = True
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["authentication.BearerKeyAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PARSER_CLASSES": [
        "parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "EXCEPTION_HANDLER": "petstore.pet_store_exception_handler",
    "UNAUTHENTICATED_USER": None,
}
