"""A signed-in player's stored language wins over the cookie and Accept-Language."""

from django.utils import translation

from accounts.languages import supported_language


class AccountLanguageMiddleware:
    """Runs after AuthenticationMiddleware (it needs request.user) and after LocaleMiddleware,
    whose pick (cookie, then Accept-Language) it replaces when the account has a language;
    LocaleMiddleware's response step then labels the page with the active language."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        language = supported_language(getattr(user, "language", "")) if user is not None else None
        if user is not None and user.is_authenticated and language:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return self.get_response(request)
