"""Celery tasks of notifications: a game's e-mail batch, and Web Push messages."""

from celery import shared_task

from . import services


@shared_task(name="notifications.send_game_email", acks_late=True)
def send_game_email(user_id, game_id):
    return services.send_game_email(user_id, game_id)


@shared_task(name="notifications.send_push")
def send_push(user_id, kind, game_id):
    return services.send_push(user_id, kind, game_id)


@shared_task(name="notifications.send_due_email_batches")
def send_due_email_batches():
    return services.send_due_email_batches()
