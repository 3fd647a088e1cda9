"""Beat tasks of matchmaking: the seek queue's pairing sweep and the rematch offers' expiry."""

from celery import shared_task

from .services import rematches, seeks


@shared_task(name="matchmaking.pair_waiting_seeks")
def pair_waiting_seeks():
    return seeks.pair_waiting_seeks()


@shared_task(name="matchmaking.expire_rematch_offers")
def expire_rematch_offers():
    return rematches.expire_rematch_offers()
