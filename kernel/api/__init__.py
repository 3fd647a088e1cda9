"""The API's base, shared by every app's API views: the error shape and its one exception handler,
the JSON parser, input validation, the schema pieces. The /api/v1/ mount is the project's
(azulsite/api/urls.py)."""
