"""Every page is served with a Content-Security-Policy that allows no inline script or style.

That every page passes it (Chromium reports no violation on any page, logged out or logged in,
games and API docs included) is checked by the one crawl of the site, at the same visit as its
accessibility: tests/e2e/test_accessibility.py."""

import pytest


@pytest.mark.django_db
def test_pages_carry_a_policy_without_inline_script_or_style(client):
    policy = client.get("/")["Content-Security-Policy"]

    directives = dict(part.strip().split(" ", 1) for part in policy.split(";") if part.strip())
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe-inline" not in policy
    assert "unsafe-eval" not in policy
