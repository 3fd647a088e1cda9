"""Confirming an account's e-mail address with a signed, expiring, single-use link.

The link carries Django's signing (TimestampSigner, this module's salt, SECRET_KEY) of the user's
id and a fingerprint of the address and of its confirmed flag: confirming flips the flag and
changing the address changes the fingerprint, so a used link or one for an old address no longer
matches, and nothing needs storing per link. Django's signing rather than django-allauth: the
site has its own accounts app (sign-up, login, password reset), and allauth would replace all of
it to add this one link.

Until the address is confirmed no notification mail goes there (notifications.services checks at
send time); the password reset mail is not a notification: it goes only when someone asks for it.
"""

import hashlib

from django.conf import settings
from django.core import signing
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.errors import ConfirmationEmailsThrottled, ConfirmationLinkInvalid, NothingToConfirm
from accounts.languages import language_of_user
from accounts.models import User
from accounts.throttles import ConfirmationEmailsThrottle
from kernel import dispatch

SALT = "accounts.email_confirmation"
SEND_EMAIL = "accounts.tasks.send_email"


def fingerprint(user: User) -> str:
    state = f"{user.pk}:{user.email.strip().casefold()}:{user.email_confirmed}"
    return hashlib.sha256(state.encode()).hexdigest()[:24]


def confirmation_token(user: User) -> str:
    return signing.dumps({"u": user.pk, "f": fingerprint(user)}, salt=SALT, compress=True)


def send_confirmation(user: User) -> bool:
    """Mail the confirmation link to the user's unconfirmed address (after the commit, from a
    worker). True if one is on its way."""
    if not user.email or user.email_confirmed:
        return False
    link = settings.SITE_URL.rstrip("/") + f"/accounts/email/confirm/{confirmation_token(user)}/"
    with translation.override(language_of_user(user)):
        subject = _("[azulsite] Confirm your e-mail address")
        body = "\n".join([
            _("Hello %(name)s,") % {"name": user.username}, "",
            _("Someone, probably you, gave this address to the account %(name)s on azulsite.")
            % {"name": user.username},
            _("Confirm it to receive the game notifications you choose: %(url)s") % {"url": link},
            "", _("The link works once, for %(days)s days. Not you? Ignore this e-mail: nothing "
                  "more will be sent.") % {"days": settings.EMAIL_CONFIRMATION_MAX_AGE_SECONDS
                                           // 86400},
        ])
    to = user.email
    transaction.on_commit(lambda: dispatch.send(SEND_EMAIL, (subject, body, to)))
    return True


def resend_confirmation(user: User) -> None:
    """The settings page's "send the confirmation again", within the account's budget."""
    if not user.email or user.email_confirmed:
        raise NothingToConfirm(_("There is no unconfirmed e-mail address on this account."))
    budget = ConfirmationEmailsThrottle()
    if not budget.spend(str(user.pk)):
        raise ConfirmationEmailsThrottled(budget.wait())
    send_confirmation(user)


def user_for_link(token: str, *, lock: bool = False) -> User:
    """The account whose current address a link confirms, or ConfirmationLinkInvalid when the
    link is forged, expired, already used or for an address the account no longer has."""
    try:
        data = signing.loads(str(token)[:400], salt=SALT,
                             max_age=settings.EMAIL_CONFIRMATION_MAX_AGE_SECONDS)
        user_id, seen = int(data["u"]), str(data["f"])
    except signing.SignatureExpired:
        raise ConfirmationLinkInvalid(
            _("This confirmation link has expired: ask for a new one on your notification "
              "settings page.")) from None
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        raise ConfirmationLinkInvalid(_("This confirmation link is not valid.")) from None
    users = User.objects.select_for_update() if lock else User.objects
    user = users.filter(pk=user_id).first()
    if user is None or fingerprint(user) != seen:
        raise ConfirmationLinkInvalid(
            _("This confirmation link was used already, or the account's address changed "
              "since it was sent."))
    return user


def confirm_email(token: str) -> User:
    """Confirm the address a link was sent for; nothing changes when user_for_link refuses it."""
    with transaction.atomic():
        user = user_for_link(token, lock=True)
        user.email_confirmed = True
        user.save(update_fields=["email_confirmed"])
    return user
