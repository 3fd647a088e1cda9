"""Refusals of fairplay.services (docs/fair-play.md), each with a stable code."""

from django.utils.translation import gettext_lazy

from kernel import errors as kernel
from kernel.errors import DomainError


class FairPlayError(DomainError):
    """Any refusal of fairplay.services."""


class NotFound(FairPlayError, kernel.NotFound):
    default_detail = gettext_lazy("no such fair-play case")


class Forbidden(FairPlayError, kernel.Forbidden):
    default_detail = gettext_lazy("only moderators decide fair-play cases")


class CaseDecided(FairPlayError):
    code, status, default_detail = (
        "case_decided", 409, gettext_lazy("this case was decided already"))
