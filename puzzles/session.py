"""The anonymous visitor's puzzle history: the ids of the puzzles they saw, in their session
(unrated: nothing else is kept for them)."""

SEEN = "puzzles_seen"
MAX_SEEN = 500


def seen_ids(request):
    seen = request.session.get(SEEN, []) if hasattr(request, "session") else []
    return [value for value in seen if isinstance(value, int)][-MAX_SEEN:]


def remember_seen(request, puzzle_id):
    if not hasattr(request, "session"):
        return
    seen = [value for value in seen_ids(request) if value != puzzle_id]
    request.session[SEEN] = [*seen, puzzle_id][-MAX_SEEN:]
