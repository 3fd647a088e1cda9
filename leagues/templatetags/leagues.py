"""`{% league_fixture_link table_id %}`: the table and replay pages of a league game link back to
its league and fixture, for viewers who may see the league (an invite-only league stays hidden
from strangers). A template tag, so the games app knows nothing of leagues."""

from django import template

from leagues import selectors

register = template.Library()


@register.inclusion_tag("leagues/_fixture_link.html", takes_context=True)
def league_fixture_link(context, table_id):
    fixture = selectors.fixture_of_table(table_id)
    request = context.get("request")
    if fixture is not None and request is not None:
        league = fixture.round.season.league
        code = request.session.get(f"league-code-{league.pk}")
        if not selectors.can_see(league, request.user, code):
            fixture = None
    return {"fixture": fixture}
