"""The header shows a signed-in user how many league invitations wait for their answer."""

from . import selectors


def invitations_waiting(request):
    user = getattr(request, "user", None)
    # A callable: the count is read only by a template that shows it (one query, in the header).
    return {"league_invitations_waiting": lambda: selectors.pending_invitation_count(user)}
