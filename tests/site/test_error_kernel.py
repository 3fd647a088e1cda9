"""Errors are defined once: the common refusals live in kernel.errors, every app's errors.py
subclasses DomainError (accounts' included), and each code means one status, answered by the
API's one mapping (kernel.api.errors.api_exception_handler)."""

import importlib
import inspect
from pathlib import Path

import pytest
from django.contrib.auth.models import AnonymousUser

from kernel import errors as kernel
from kernel.api.errors import api_exception_handler

BASE_DIR = Path(__file__).resolve().parents[2]
# The engine's errors are a library's (no Django: azul/engine/errors.py), and so are the
# tournaments' pairing library's (its PairingError is a ValueError); the API's are its shape.
NOT_DOMAIN = {"azul.engine.errors", "kernel.api.errors", "kernel.errors",
              "tournaments.pairing.errors"}
COMMON = ("NotFound", "NotAuthenticated", "Forbidden", "Invalid", "InvalidMove", "IllegalMove",
          "Throttled")


def error_modules():
    paths = [*BASE_DIR.glob("*/errors.py"), *BASE_DIR.glob("*/*/errors.py")]
    names = {
        ".".join(path.relative_to(BASE_DIR).with_suffix("").parts)
        for path in paths
        if not {".venv", "tests", "bench", "tools"} & set(path.relative_to(BASE_DIR).parts)
    }
    return sorted(names - NOT_DOMAIN)


def error_classes():
    """(module, class) for every exception class an app's errors.py defines."""
    for name in error_modules():
        module = importlib.import_module(name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == name and issubclass(cls, BaseException):
                yield name, cls


def every_domain_error():
    for name in error_modules():
        importlib.import_module(name)
    seen, todo = set(), [kernel.DomainError]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            if sub not in seen and not sub.__module__.startswith("tests"):
                seen.add(sub)
                todo.append(sub)
    return sorted(seen, key=lambda cls: f"{cls.__module__}.{cls.__qualname__}")


def test_every_app_has_its_errors_module_here():
    assert {"accounts.errors", "games.errors", "leagues.errors", "social.errors",
            "tournaments.errors"} <= set(error_modules())


def test_every_apps_error_is_a_domain_error():
    outside = [f"{module}.{cls.__name__}" for module, cls in error_classes()
               if not issubclass(cls, kernel.DomainError)]
    assert outside == []


def test_no_app_defines_a_common_error_again():
    """An app's NotFound (or any error with a common code) subclasses the kernel's, so its code
    and status are written once; an app may give it its own detail and its own base."""
    common = {name: getattr(kernel, name, None) for name in COMMON}
    assert all(common.values()), f"kernel.errors lacks {[n for n, c in common.items() if c is None]}"
    by_code = {cls.code: cls for cls in common.values()}
    again = []
    for module, cls in error_classes():
        kernel_cls = common.get(cls.__name__) or by_code.get(cls.code)
        if kernel_cls is not None and not issubclass(cls, kernel_cls):
            again.append(f"{module}.{cls.__name__}")
    assert again == []


@pytest.mark.parametrize("name", COMMON)
def test_a_subclass_of_a_common_error_keeps_its_status(name):
    kernel_cls = getattr(kernel, name)
    subclasses = [cls for cls in every_domain_error() if issubclass(cls, kernel_cls)]
    assert subclasses  # each common error is used by some app
    assert {cls.status for cls in subclasses} == {kernel_cls.status}


def test_each_code_means_one_status():
    statuses = {}
    for cls in every_domain_error():
        statuses.setdefault(cls.code, set()).add(cls.status)
    assert {code: found for code, found in statuses.items() if len(found) > 1} == {}


def test_the_api_answers_every_domain_error_with_its_code_and_status():
    """The one mapping: any DomainError an API view lets through (accounts' included)."""
    wrong = []
    for cls in every_domain_error():
        error = cls.__new__(cls)  # constructors differ (field errors, waits): the detail is enough
        kernel.DomainError.__init__(error, "refused")
        response = api_exception_handler(error, {})
        body = response.data["error"] if response is not None else {}
        if response is None or (response.status_code, body.get("code")) != (cls.status, cls.code):
            wrong.append(cls.__qualname__)
    assert wrong == []


def test_accounts_errors_are_answered_by_the_one_mapping():
    from accounts.errors import InvalidCredentials, LoginLockedOut, RegistrationRejected

    response = api_exception_handler(InvalidCredentials("Wrong username or password."), {})
    assert (response.status_code, response.data) == (
        401, {"error": {"code": "invalid_credentials", "detail": "Wrong username or password."}})
    locked = api_exception_handler(LoginLockedOut(0), {})
    assert (locked.status_code, locked.data["error"]["code"]) == (429, "login_locked_out")
    assert locked.data["error"]["retry_after"] == 0  # always there for logins, even 0
    rejected = api_exception_handler(RegistrationRejected({"username": ["taken"]}), {})
    assert (rejected.status_code, rejected.data["error"]) == (
        400, {"code": "invalid", "detail": "username: taken", "fields": {"username": ["taken"]}})


def test_throttled_carries_its_wait_to_the_body():
    from matchmaking.errors import Throttled

    response = api_exception_handler(Throttled(retry_after=7), {})
    assert response.status_code == 429
    assert response.data == {"error": {"code": "throttled", "detail": str(Throttled.default_detail),
                                       "retry_after": 7}}


@pytest.mark.parametrize("user", [None, AnonymousUser()])
def test_require_user_refuses_anonymous_users(user):
    assert not kernel.is_signed_in(user)
    with pytest.raises(kernel.NotAuthenticated) as refused:
        kernel.require_user(user)
    assert (refused.value.code, refused.value.status) == ("not_authenticated", 401)


def test_require_user_returns_an_account():
    class Account:
        is_authenticated = True

    account = Account()
    assert kernel.require_user(account) is account


def test_is_authenticated_is_read_only_by_the_kernel_guard():
    """Services, selectors and sockets ask kernel.errors (require_user, is_signed_in); only
    pages, their context processors, template tags and middleware read it to choose what to show."""
    allowed = {"views.py", "context_processors.py", "middleware.py", "languages.py"}
    readers = []
    for app in {path.parent for path in BASE_DIR.glob("*/apps.py")}:
        for path in app.rglob("*.py"):
            if path.name in allowed or "templatetags" in path.parts or "migrations" in path.parts:
                continue
            if "is_authenticated" in path.read_text(encoding="utf-8"):
                readers.append(str(path.relative_to(BASE_DIR)))
    assert sorted(readers) == []
