"""Optional two-factor sign-in: a TOTP authenticator app and ten single-use recovery codes
(django-otp's TOTPDevice and StaticDevice). Every write on them, and every code check.

An account has two-factor sign-in when it has a confirmed TOTP device. Its password alone then
opens nothing: the login page asks for a code next (accounts.views), the API's auth/token wants
`code` beside the password, the admin's login refuses it (sign in on the site first). Enabling
it drops the account's API token, which a password alone could have obtained.

Wrong codes are counted per account (accounts.throttles.SecondFactorFailuresThrottle); once the
budget is spent even the right code waits. Each check locks the account's devices, so one code
(an authenticator's time step, a recovery code) is accepted once even by concurrent requests.
"""

import re
from base64 import b32encode
from io import BytesIO

from django.db import transaction
from django.utils.translation import gettext as _
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice
from rest_framework.authtoken.models import Token

from accounts.errors import InvalidCode, SecondFactorThrottled, TwoFactorState
from accounts.models import User
from accounts.throttles import SecondFactorFailuresThrottle

RECOVERY_CODES = 10
DEVICE_NAME = "authenticator"


def is_enabled(user: User) -> bool:
    return TOTPDevice.objects.filter(user=user, confirmed=True).exists()


def user_awaiting_code(user_id) -> User | None:
    """The active account a login's password step let through to the code step."""
    return User.objects.filter(pk=user_id, is_active=True, is_bot=False).first()


def pending_device(user: User) -> TOTPDevice | None:
    """The authenticator being set up (shown, not yet confirmed with a first code)."""
    return TOTPDevice.objects.filter(user=user, confirmed=False).first()


def start_enrolment(user: User) -> TOTPDevice:
    """A new secret for the user's authenticator app, unused until confirmed with a code."""
    with transaction.atomic():
        if TOTPDevice.objects.select_for_update().filter(user=user, confirmed=True).exists():
            raise TwoFactorState(_("Two-factor sign-in is already on."))
        TOTPDevice.objects.filter(user=user, confirmed=False).delete()
        return TOTPDevice.objects.create(user=user, name=DEVICE_NAME, confirmed=False)


def enrolment_details(device: TOTPDevice) -> dict:
    """What the settings page shows: the secret, the otpauth:// URI and its QR code as SVG."""
    import qrcode  # only the settings page draws one
    import qrcode.image.svg

    svg = BytesIO()
    qrcode.make(device.config_url, image_factory=qrcode.image.svg.SvgPathImage).save(svg)
    svg_text = svg.getvalue().decode()
    return {"secret": b32encode(device.bin_key).decode(), "uri": device.config_url,
            "qr_svg": svg_text[svg_text.index("<svg"):]}  # without the XML declaration


def confirm_enrolment(user: User, code: str) -> list[str]:
    """Turn two-factor sign-in on with the authenticator's first code; the new recovery codes
    are returned, to be shown once."""
    _spendable(user)
    with transaction.atomic():
        device = TOTPDevice.objects.select_for_update().filter(user=user, confirmed=False).first()
        if device is None:
            raise TwoFactorState(_("Start the set-up again: no authenticator is waiting."))
        if not device.verify_token(_digits(code)):
            _failed(user)
        device.confirmed = True
        device.save(update_fields=["confirmed"])
        StaticDevice.objects.filter(user=user).delete()
        recovery = StaticDevice.objects.create(user=user, name="recovery", confirmed=True)
        codes = [StaticToken.random_token() for _index in range(RECOVERY_CODES)]
        StaticToken.objects.bulk_create([StaticToken(device=recovery, token=c) for c in codes])
        Token.objects.filter(user=user).delete()  # obtained with the password alone
    return codes


def disable(user: User, code: str) -> None:
    """Turn two-factor sign-in off; it takes a code (authenticator or recovery)."""
    with transaction.atomic():
        if not is_enabled(user):
            raise TwoFactorState(_("Two-factor sign-in is off."))
        verify_code(user, code)
        TOTPDevice.objects.filter(user=user).delete()
        StaticDevice.objects.filter(user=user).delete()


def verify_code(user: User, code: str) -> None:
    """Accept a code of the user's authenticator, or one of their recovery codes (used up), or
    raise InvalidCode (counted) or SecondFactorThrottled."""
    _spendable(user)
    code = str(code or "").strip()
    with transaction.atomic():
        totp = list(TOTPDevice.objects.select_for_update().filter(user=user, confirmed=True))
        recovery = list(StaticDevice.objects.select_for_update().filter(user=user))
        digits = _digits(code)
        if digits and any(device.verify_token(digits) for device in totp):
            return
        typed = re.sub(r"[\s-]", "", code).lower()[:16]
        if typed and any(device.verify_token(typed) for device in recovery):
            return
    _failed(user)


def _digits(code) -> str:
    digits = re.sub(r"\s", "", str(code or ""))
    return digits if re.fullmatch(r"\d{6}", digits) else ""


def _spendable(user: User) -> None:
    budget = SecondFactorFailuresThrottle()
    if budget.exhausted(str(user.pk)):
        raise SecondFactorThrottled(budget.wait())


def _failed(user: User):
    SecondFactorFailuresThrottle().spend(str(user.pk))
    raise InvalidCode(_("Wrong or used code."))
