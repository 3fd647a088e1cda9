"""The site's languages (settings.LANGUAGES) and which one a request or socket speaks."""

from http.cookies import SimpleCookie

from django.conf import settings
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header


def supported_language(code: str | None) -> str | None:
    """``code`` if it is one of settings.LANGUAGES (or a variant such as fr-ca → fr), else None."""
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def language_of_user(user) -> str:
    """The language of what is sent to a player away from the site (e-mails, pushes): their
    account's stored language, else the site's default (no request says which they read)."""
    return (supported_language(getattr(user, "language", ""))
            or supported_language(settings.LANGUAGE_CODE) or "en")


def language_for_scope(scope) -> str:
    """A socket's language, chosen like a page's: the signed-in account's stored language, then
    the language cookie, then Accept-Language, then the default."""
    user = scope.get("user")
    stored = supported_language(getattr(user, "language", "")) if user is not None else None
    if stored and getattr(user, "is_authenticated", False):
        return stored
    headers = {name.lower(): value for name, value in scope.get("headers", [])}
    cookie_header = headers.get(b"cookie", b"").decode("latin-1")
    if cookie_header:
        cookie = SimpleCookie()
        try:
            cookie.load(cookie_header)
        except Exception:  # a malformed Cookie header: fall through to Accept-Language
            cookie = {}
        morsel = cookie.get(settings.LANGUAGE_COOKIE_NAME)
        chosen = supported_language(morsel.value) if morsel is not None else None
        if chosen:
            return chosen
    accept = headers.get(b"accept-language", b"").decode("latin-1")
    for code, _quality in parse_accept_lang_header(accept):
        chosen = supported_language(code) if code != "*" else None
        if chosen:
            return chosen
    return supported_language(settings.LANGUAGE_CODE) or "en"
