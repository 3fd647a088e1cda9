from celery import shared_task
from django.core.mail import send_mail


@shared_task
def send_email(subject: str, body: str, to_address: str) -> None:
    """Send one plain-text e-mail with the configured backend (console, SMTP, file)."""
    send_mail(subject, body, None, [to_address])
