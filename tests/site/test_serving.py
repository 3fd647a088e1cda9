"""daphne serves pages and static files (WhiteNoise), in development and production mode."""

import os
import re
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

from tests.site.test_settings import BASE_DIR, PRODUCTION_ENV
from tests.support.processes import start_daphne


def fetch(url: str) -> tuple[int, dict, bytes]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, dict(response.headers), response.read()


def test_development_server_serves_pages_css_and_api_docs_assets(live_daphne):
    status, _, page = fetch(f"{live_daphne.url}/accounts/login/")
    assert status == 200
    assert b'href="/static/css/site.css"' in page

    status, headers, css = fetch(f"{live_daphne.url}/static/css/site.css")
    assert status == 200
    assert headers["Content-Type"].startswith("text/css")
    assert b"--azul-blue" in css

    status, _, docs = fetch(f"{live_daphne.url}/api/docs/")
    bundle = re.search(rb'src="(/static/drf_spectacular_sidecar/[^"]+\.js)"', docs)[1].decode()
    assert fetch(f"{live_daphne.url}{bundle}")[0] == 200


@pytest.fixture(scope="module")
def production_daphne(subprocess_env, tmp_path_factory):
    """daphne with DEBUG off behind an imagined TLS proxy, static files collected first."""
    env = {
        **subprocess_env,
        **{key: value for key, value in PRODUCTION_ENV.items()
           if key not in {"DATABASE_URL", "REDIS_URL"}},  # keep this run's real services
        "ALLOWED_HOSTS": "127.0.0.1",
        "TRUST_X_FORWARDED_PROTO": "true",
        "STATIC_ROOT": str(tmp_path_factory.mktemp("static")),
    }
    collected = subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
        cwd=BASE_DIR, env={**os.environ, **env}, capture_output=True, text=True, timeout=120,
    )
    assert collected.returncode == 0, collected.stderr
    server = start_daphne(env)
    yield server
    server.stop()


def fetch_via_proxy(url: str, **headers) -> tuple[int, dict, bytes]:
    request = urllib.request.Request(url, headers={"X-Forwarded-Proto": "https", **headers})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, dict(response.headers), response.read()


def test_production_mode_redirects_plain_http_to_https(production_daphne):
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    with pytest.raises(urllib.error.HTTPError) as answer:
        opener.open(f"{production_daphne.url}/accounts/login/", timeout=10)

    assert answer.value.code == 301
    assert answer.value.headers["Location"].startswith("https://127.0.0.1")


def test_production_mode_serves_hashed_compressed_static_files(production_daphne):
    status, headers, page = fetch_via_proxy(f"{production_daphne.url}/accounts/login/")
    assert status == 200
    assert "max-age=31536000" in headers["Strict-Transport-Security"]
    css_path = re.search(rb'href="(/static/css/site\.[0-9a-f]{12}\.css)"', page)[1].decode()

    status, headers, _ = fetch_via_proxy(
        f"{production_daphne.url}{css_path}", **{"Accept-Encoding": "gzip"}
    )
    assert status == 200
    assert headers["Content-Encoding"] == "gzip"
    assert "immutable" in headers["Cache-Control"]


def test_production_mode_shows_the_sites_own_not_found_page_in_the_visitors_language(
        production_daphne):
    for language, text in (("en", b"This page does not exist"), ("fr", b"Cette page n")):
        request = urllib.request.Request(
            f"{production_daphne.url}/no-such-page/",
            headers={"X-Forwarded-Proto": "https", "Accept-Language": language})
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(request, timeout=10)
        page = answer.value.read()
        assert answer.value.code == 404
        assert text in page
        assert b"Traceback" not in page
        assert b"URLconf" not in page
        assert re.search(rb'href="/static/css/site\.[0-9a-f]{12}\.css"', page)


@pytest.mark.requires("browser")
def test_the_sites_own_not_found_page_fits_a_phone_and_a_laptop_in_both_languages(
        production_daphne, browser):
    from tests.e2e.page_checks import LAYOUT, SIZES

    for language in ("en", "fr"):
        context = browser.new_context(locale=language,
                                      extra_http_headers={"X-Forwarded-Proto": "https"})
        page = context.new_page()
        for size in SIZES:
            page.set_viewport_size(size)
            response = page.goto(f"{production_daphne.url}/no-such-page/")
            assert response.status == 404
            page.get_by_test_id("error-404").wait_for()
            assert page.evaluate(LAYOUT) == [], (language, size)
        context.close()
