"""Settings for azulsite, read from the environment.
(Over 400 lines: every setting read from the environment, in one place, as Django expects.)

With no environment variables the site runs embedded: SQLite, the in-memory channel layer,
the local-memory cache and Celery tasks executed eagerly in the calling process. Setting
DATABASE_URL and REDIS_URL switches to PostgreSQL, the Redis channel layer and cache, and
real Celery workers. Every variable is listed in docs/operations.md.
"""

import os
import tempfile
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from realtime.channel_names import channel_prefix

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)

_DEV_SECRET_KEY = "dev-only-secret-key-not-for-production"
SECRET_KEY = os.environ.get("SECRET_KEY") or _DEV_SECRET_KEY
if not DEBUG and SECRET_KEY == _DEV_SECRET_KEY:
    raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is false.")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

# Services. REDIS_URL switches channel layer, cache and Celery from embedded to real.
REDIS_URL = os.environ.get("REDIS_URL", "")

_DATABASE_URL = os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}"
DATABASES = {
    "default": dj_database_url.parse(
        _DATABASE_URL,
        # On PostgreSQL the pool below replaces this (DB_POOL=false brings it back). On SQLite,
        # 0: daphne runs each sync request in a thread of its own, and a connection kept past
        # the request stayed open (a file descriptor) until the collector found it.
        conn_max_age=int(os.environ.get(
            "DB_CONN_MAX_AGE", "0" if _DATABASE_URL.startswith("sqlite") else "60"
        )),
        # A persistent connection checked before reuse: one round trip per request/message.
        conn_health_checks=env_bool("DB_CONN_HEALTH_CHECKS", False),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Only cursors that bind on the server prepare statements: Django's own cursors bind on the
    # client and never do; games.storage opens such cursors for the per-move queries, which
    # PostgreSQL then plans once per connection instead of once per move. (Options given in
    # DATABASE_URL, such as ?sslmode=require, are kept.)
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("prepare_threshold", 3)
elif DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {
        # IMMEDIATE takes the write lock when a transaction starts, so concurrent writers
        # (daphne, a Celery worker, the test process) queue up instead of failing.
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
    # Tests that start daphne or a Celery worker share the test database with them,
    # so it must be a file; one per test process so parallel runs do not collide.
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"azulsite-test-{os.getpid()}.sqlite3"),
    }

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    # Optional two-factor sign-in (accounts.two_factor): TOTP devices and recovery codes.
    "django_otp",
    "django_otp.plugins.otp_totp",
    "django_otp.plugins.otp_static",
    "accounts",
    "games",
    "ratings",
    "games.analysis",
    "games.analysis_board",
    "leagues",
    "learn",
    "matchmaking",
    "notifications",
    "social",
    "tournaments",
    "puzzles",
    "fairplay",
    "azulsite.apps.SiteConfig",  # the project's system checks (azulsite/checks.py)
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After sessions, before CommonMiddleware (Django's documented place).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Needs request.user: a signed-in player's stored language overrides LocaleMiddleware's pick.
    "accounts.middleware.AccountLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
]

ROOT_URLCONF = "azulsite.urls"
ASGI_APPLICATION = "azulsite.asgi.application"
WSGI_APPLICATION = "azulsite.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "leagues.context_processors.invitations_waiting",
                "notifications.context_processors.your_turn",
            ],
        },
    },
]

# Accounts
AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    # django-axes first: it refuses locked-out logins before a password is checked.
    "axes.backends.AxesStandaloneBackend",
    "accounts.backends.HumanOnlyBackend",
]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# The test harness (tests/conftest.py) sets PASSWORD_HASHER=md5-for-tests for itself and the
# server processes it starts: PBKDF2 takes ~0.3 s per hash. Never set it anywhere else.
if os.environ.get("PASSWORD_HASHER") == "md5-for-tests":
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# --- Client addresses, login lockouts and per-address budgets (docs/operations.md) ----------
from accounts.client_address import ProxyConfig  # noqa: E402 (parses the setting at start)

# The proxies in front of daphne: a hop count and/or addresses and CIDRs. Empty: no proxy, the
# peer is the client and X-Forwarded-For is ignored.
TRUSTED_PROXIES = ProxyConfig.parse(os.environ.get("TRUSTED_PROXIES", ""))
LOGIN_THROTTLE_WINDOW_SECONDS = int(os.environ.get("LOGIN_THROTTLE_WINDOW_SECONDS", "900"))
LOGIN_THROTTLE_PER_IP = int(os.environ.get("LOGIN_THROTTLE_PER_IP", "30"))
# django-axes: lock a username at one address (never everywhere) after this many failures.
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_THROTTLE_PER_USERNAME_AND_IP", "5"))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_COOLOFF_TIME = timedelta(seconds=LOGIN_THROTTLE_WINDOW_SECONDS)
AXES_HANDLER = "axes.handlers.cache.AxesCacheHandler"  # Redis: shared by every process
AXES_CLIENT_IP_CALLABLE = "accounts.client_address.client_address"
AXES_USERNAME_CALLABLE = "accounts.logins.lockout_username"
AXES_ENABLE_ADMIN = False  # the cache handler keeps no AccessAttempt rows to show
AXES_VERBOSE = False  # no banner from every process and command; failures are still logged
SILENCED_SYSTEM_CHECKS = [
    # accounts.logins turns lockouts into form errors and API errors itself; AxesMiddleware
    # would replace those pages with its own.
    "axes.W002",
    # Embedded mode is one process: its local-memory cache holds every counter.
    *([] if REDIS_URL else ["axes.W001"]),
]
ACCOUNTS_THROTTLE_RATES = {
    "register": os.environ.get("REGISTER_THROTTLE_RATE", "30/hour"),
    "password_reset": os.environ.get("PASSWORD_RESET_THROTTLE_RATE", "10/hour"),
    "password_reset_email": os.environ.get("PASSWORD_RESET_EMAIL_THROTTLE_RATE", "3/hour"),
    "login_failures": f"{LOGIN_THROTTLE_PER_IP}/{LOGIN_THROTTLE_WINDOW_SECONDS}s",
    # Per account: downloads of one's own data (each reads every game of the player), and
    # tries at confirming one's account deletion (a password check, so no guessing through it).
    "account_export": os.environ.get("ACCOUNT_EXPORT_THROTTLE_RATE", "5/hour"),
    "account_deletion": os.environ.get("ACCOUNT_DELETION_THROTTLE_RATE", "10/hour"),
    # Confirmation mails one account may ask for, and wrong sign-in codes per account (a code
    # has a million values: 5 tries in 15 minutes make guessing one take years).
    "email_confirmation": os.environ.get("EMAIL_CONFIRMATION_THROTTLE_RATE", "3/hour"),
    "second_factor_failures": os.environ.get("SECOND_FACTOR_THROTTLE_RATE", "5/15m"),
}
# --- end of client addresses and budgets ----------------------------------------------------

# E-mail confirmation links (accounts.email_confirmation) last this long; two-factor devices are
# named for this issuer in authenticator apps. django-otp's own per-device back-off is off: the
# wrong codes are counted by the second_factor_failures budget above (one atomic counter per
# account in the cache, the same for the login page and the API).
EMAIL_CONFIRMATION_MAX_AGE_SECONDS = int(os.environ.get("EMAIL_CONFIRMATION_MAX_AGE_SECONDS", 3 * 86400))
OTP_TOTP_ISSUER = "azulsite"
OTP_TOTP_THROTTLE_FACTOR = 0
OTP_STATIC_THROTTLE_FACTOR = 0

# E-mail: console by default, SMTP when EMAIL_HOST is set, or any backend by EMAIL_BACKEND.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
EMAIL_FILE_PATH = os.environ.get("EMAIL_FILE_PATH", str(BASE_DIR / "sent-emails"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "azulsite <noreply@localhost>")

# Internationalisation (docs/i18n.md). English and French; the same URLs in both. The language
# is a signed-in player's stored choice (accounts.middleware), else the django_language cookie
# the header's switcher sets, else the browser's Accept-Language (LocaleMiddleware).
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("fr", _("French"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# Static files: served by WhiteNoise from the daphne processes, no front-end build step.
STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Threads per process running the database work of WebSocket messages (realtime.db_threads): each
# holds its own database connection.
WEBSOCKET_DB_THREADS = int(os.environ.get("WEBSOCKET_DB_THREADS", "8"))

# PostgreSQL connections come from one pool per process (docs/operations.md, "Connections"). A
# connection kept per thread (CONN_MAX_AGE) leaked under daphne, which runs each sync request in
# a new thread: 70+ per process under 8 clients, PostgreSQL's max_connections reached. Opening
# one per request and message instead cost 2.7x the move capacity. Django hands a pooled
# connection back at the end of each request (it requires CONN_MAX_AGE=0; the socket threads
# hold theirs: realtime/db_threads.py); the server-side prepared statements of games.storage live on
# with the connection.
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_bool("DB_POOL", True):
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["OPTIONS"]["pool"] = {
        # 0 by default: a Celery worker's child closes its pool after every task (Celery's Django
        # fixup), so a minimum would open that many connections for each task.
        "min_size": int(os.environ.get("DB_POOL_MIN_SIZE", "0")),
        # The socket threads' connections, plus a few for concurrent HTTP requests.
        "max_size": int(os.environ.get("DB_POOL_MAX_SIZE", str(WEBSOCKET_DB_THREADS + 4))),
        # A request waits this long for a free connection before it fails (500).
        "timeout": float(os.environ.get("DB_POOL_TIMEOUT", "10")),
        # An idle connection beyond min_size is closed after this (one per period).
        "max_idle": float(os.environ.get("DB_POOL_MAX_IDLE", "300")),
    }

# Channels
# With Redis, the channel layer is Redis pub/sub by default: a broadcast is one PUBLISH that each
# daphne process receives once for all of its sockets in the group (the queue-based layer,
# CHANNEL_LAYER=queues, stores one copy per socket and pops each separately: a quarter more
# daphne CPU per move; docs/benchmarks.md). Pub/sub delivers at most once: a client that misses an
# event (a dropped Redis connection) sees a version gap or reconnects, and resyncs.
CHANNEL_LAYER_KIND = os.environ.get("CHANNEL_LAYER", "pubsub")
if CHANNEL_LAYER_KIND not in ("pubsub", "queues"):
    raise ImproperlyConfigured("CHANNEL_LAYER must be pubsub or queues")
if REDIS_URL and CHANNEL_LAYER_KIND == "pubsub":
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            # Pub/sub ignores the database number: the prefix carries it (realtime/channel_names).
            "CONFIG": {
                "hosts": [{"address": REDIS_URL}],
                "prefix": os.environ.get("CHANNEL_LAYER_PREFIX") or channel_prefix(REDIS_URL),
            },
        }
    }
elif REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            # Sized for hundreds of sockets per process (bench/ws_load.py): redis-py's pool refuses
            # a command beyond max_connections (default 100) instead of waiting, which killed
            # consumers (close 1011); and all sockets of a process share one Redis queue whose
            # `capacity` (default 100) silently drops broadcasts once a busy process lags behind.
            "CONFIG": {
                "hosts": [{
                    "address": REDIS_URL,
                    "max_connections": int(os.environ.get("CHANNEL_REDIS_MAX_CONNECTIONS", "1000")),
                }],
                "capacity": int(os.environ.get("CHANNEL_LAYER_CAPACITY", "2000")),
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# Cache (login throttling, DRF throttles): shared Redis in production.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "azulsite.redis_cache.SharedRedisCache",  # one pool per process
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "azulsite",
        }
    }
elif os.environ.get("CACHE_DIR"):
    # Processes that must share their counters without Redis: the test run and the daphne and
    # Celery processes it starts (tests/support/parallel_workers.py), so that a test clearing
    # the cache clears it for the servers too.
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": os.environ["CACHE_DIR"],
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Celery: eager in-process without Redis, real workers with it. CELERY_EAGER overrides.
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or None
# Nothing reads a task's return value: stored, each would leave a celery-task-meta key in Redis for
# a day (the 30-minute soak of bench/ws_load.py grew 1,005 keys to 3,998, one per finished game).
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_EAGER", not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = TIME_ZONE
# Redis redelivers a task whose worker died unacked (acks_late) after this many seconds.
# Tests set it short; it must exceed the longest task and ETA horizon (docs/bots.md).
# Workers look for such expired tasks every interval x throttle seconds (kombu's defaults: 10 x 10);
# tests that kill a worker shorten both so the redelivery comes within seconds.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "3600")),
    "unacked_restore_interval": int(os.environ.get("CELERY_UNACKED_RESTORE_INTERVAL", "10")),
    "unacked_restore_throttle": int(os.environ.get("CELERY_UNACKED_RESTORE_THROTTLE", "10")),
}
# Queues by kind (docs/operations.md "Queues and workers"): a flood of analyses or of pushes to
# slow push services waits on its own workers and never in front of another player's bot reply.
# Tournaments' tasks have theirs too. Everything else (clocks, ratings, sweeps) stays on the
# default queue. CELERY_QUEUE (tests)
# puts every kind on one private queue, so a test's own workers take all its tasks and no other;
# CELERY_QUEUE_PREFIX (tests) keeps the kinds apart on private queues named <prefix><kind>.
_QUEUE_PREFIX = os.environ.get("CELERY_QUEUE_PREFIX", "")
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_QUEUE") or f"{_QUEUE_PREFIX}celery"
_QUEUE_OF_KIND = {kind: os.environ.get("CELERY_QUEUE") or f"{_QUEUE_PREFIX}{kind}"
                  for kind in ("bots", "analysis", "notifications", "tournaments")}
CELERY_TASK_ROUTES = {
    "games.tasks.play_bot_turn": {"queue": _QUEUE_OF_KIND["bots"]},
    "analysis.analyse_game": {"queue": _QUEUE_OF_KIND["analysis"]},
    "puzzles.mine_analysis": {"queue": _QUEUE_OF_KIND["analysis"]},
    "notifications.send_push": {"queue": _QUEUE_OF_KIND["notifications"]},
    "notifications.send_game_email": {"queue": _QUEUE_OF_KIND["notifications"]},
    # A tournament's results, pairings, start and sweep: never behind the clocks' and the beat's
    # tasks on the default queue (an arena's results waited there, docs/benchmarks.md).
    "tournaments.tasks.*": {"queue": _QUEUE_OF_KIND["tournaments"]},
}
# Every queue: a worker started without -Q (`make worker`, the tests' workers) consumes them all;
# the Procfile gives each kind its own worker with -Q.
CELERY_TASK_QUEUES = {name: {} for name in dict.fromkeys(
    [CELERY_TASK_DEFAULT_QUEUE, *_QUEUE_OF_KIND.values()])}
# Periodic tasks run by `celery beat`; apps add their entries here.
CELERY_BEAT_SCHEDULE: dict = {
    # Game clocks: turns whose deadline is far off rely on this sweep (one indexed query); turns
    # close to their deadline also schedule a check at the deadline (games.services).
    "games-enforce-clocks": {"task": "games.tasks.enforce_clocks", "schedule": 2.0},
    # Safety net for bot turns whose task was lost or failed for good (games.services.bot_turns).
    "games-sweep-bot-turns": {"task": "games.tasks.sweep_bot_turns", "schedule": 15.0},
    # Rated games whose rating task failed or was never enqueued (ratings).
    "ratings-rate-waiting-games": {
        "task": "ratings.rate_waiting_games",
        "schedule": float(os.environ.get("RATING_SWEEP_SECONDS", "60")),
    },
    # League round deadlines (forfeits, next rounds); tests shorten the interval.
    # Quick play: seeks that missed each other, and rating windows that widened (matchmaking).
    "matchmaking-pair-waiting-seeks": {
        "task": "matchmaking.pair_waiting_seeks",
        "schedule": float(os.environ.get("SEEK_SWEEP_SECONDS", "3")),
    },
    "matchmaking-expire-rematch-offers": {
        "task": "matchmaking.expire_rematch_offers", "schedule": 10.0,
    },
    # E-mail batches whose send task was lost or ran early (notifications).
    "notifications-send-due-email-batches": {
        "task": "notifications.send_due_email_batches", "schedule": 60.0,
    },
    # Tournaments: reminders, starts, correspondence deadlines, and every running tournament
    # advanced (the safety net of the start and result tasks; an arena's end).
    "tournaments-sweep": {
        "task": "tournaments.tasks.sweep",
        "schedule": float(os.environ.get("TOURNAMENTS_SWEEP_SECONDS", "5")),
    },
    "leagues-close-overdue-fixtures": {
        "task": "leagues.tasks.close_overdue_fixtures",
        "schedule": float(os.environ.get("LEAGUES_DEADLINE_CHECK_SECONDS", "60")),
    },
}

# Tasks every starting worker enqueues once (azulsite.celery), and the embedded server runs when
# it starts: the work a killed process may have left behind.
WORKER_STARTUP_TASKS = ["games.tasks.redispatch_bot_turns", "ratings.rate_waiting_games",
                        "analysis.redispatch_analyses"]
# The embedded server (eager Celery: no worker, no beat) runs the start-up tasks and the beat
# schedule in a thread of its own (azulsite.embedded_beat).
EMBEDDED_BEAT = env_bool("EMBEDDED_BEAT", CELERY_TASK_ALWAYS_EAGER)

# REST API
REST_FRAMEWORK = {
    # Token first, so an anonymous request gets 401 with a WWW-Authenticate header.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # The one JSON reader (depth- and size-bounded) that the WebSocket consumers use too.
    "DEFAULT_PARSER_CLASSES": ["kernel.api.parsers.JSONParser"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 20,
    "EXCEPTION_HANDLER": "kernel.api.errors.api_exception_handler",
    "DEFAULT_SCHEMA_CLASS": "kernel.api.schema.ApiAutoSchema",
    "DEFAULT_THROTTLE_RATES": {**ACCOUNTS_THROTTLE_RATES},
    # DRF's stock throttles read X-Forwarded-For whole when this is None (any client can forge
    # it): 0 makes them use the peer. Throttles keyed on an address use accounts.throttles,
    # which resolves it through TRUSTED_PROXIES.
    "NUM_PROXIES": 0,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "azulsite API",
    "DESCRIPTION": "Play Azul: tables, games, moves, players. Error codes: docs/api.md.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    # No deep links: Swagger UI draws them as a link inside each operation's toggle button
    # (nested controls, an axe "serious" violation).
    "SWAGGER_UI_SETTINGS": {"deepLinking": False},
    "REDOC_DIST": "SIDECAR",
    # Choice sets that share a field name ("kind", "status") get one stable name each.
    "ENUM_NAME_OVERRIDES": {
        "KindEnum": "leagues.api.serializers.CLOCK_KINDS",
        "LeagueClockKindEnum": "leagues.services.LEAGUE_CLOCK_KINDS",
        "GameStatusEnum": "leagues.api.serializers.GAME_STATUSES",
        "TournamentStatusEnum": "tournaments.api.serializers.TOURNAMENT_STATUSES",
        "TournamentEntryStatusEnum": "tournaments.api.serializers.ENTRY_STATUSES",
        "TournamentPlayStatusEnum": "tournaments.api.serializers.PLAY_STATUSES",
        "TournamentClockKindEnum": "tournaments.api.serializers.TOURNAMENT_CLOCK_KINDS",
        "PuzzleThemeEnum": "azul.puzzles.THEMES",
    },
}

# Input bounds (docs/operations.md): a REST body over DATA_UPLOAD_MAX_MEMORY_SIZE bytes is
# refused with 413 payload_too_large, a socket message over WEBSOCKET_MAX_MESSAGE_BYTES with an
# error message (the socket stays open).
DATA_UPLOAD_MAX_MEMORY_SIZE = int(os.environ.get("MAX_REQUEST_BODY_BYTES", str(1024 * 1024)))
# A CSRF refusal under /api/ in the API's error shape (Django's page elsewhere).
CSRF_FAILURE_VIEW = "azulsite.views.csrf_failure"
WEBSOCKET_MAX_MESSAGE_BYTES = int(os.environ.get("WEBSOCKET_MAX_MESSAGE_BYTES", str(64 * 1024)))

# Content-Security-Policy (django-csp; docs/operations.md): scripts, styles, fonts and images
# from this origin only, no inline script or style, no plugins, no framing; sockets and API calls
# to this origin ('self' covers ws:/wss: of the same host). CSP_REPORT_URI adds a report-uri.
from csp.constants import NONE, SELF  # noqa: E402

CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        # The web-app manifest and the service worker (the app shell, Web Push): this origin's.
        "manifest-src": [SELF],
        "worker-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        **({"report-uri": [os.environ["CSP_REPORT_URI"]]} if os.environ.get("CSP_REPORT_URI") else {}),
    }
}

# Production hardening: on by default whenever DEBUG is false; each can be overridden.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEBUG)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEBUG)
# Behind a TLS-terminating proxy that sets X-Forwarded-Proto.
if env_bool("TRUST_X_FORWARDED_PROTO", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}

# Quotas (docs/operations.md, "Quotas"): each refusal answers a documented error code.
# Open tables a user may sit at (creating or joining one more is refused: too_many_open_tables).
OPEN_TABLES_PER_USER = int(os.environ.get("OPEN_TABLES_PER_USER", "5"))
# Games a user may play against bots at once (starting one more is refused: too_many_bot_games),
# and WebSockets a logged-in user may hold open, all processes together (one more is closed
# with 4429 after a too_many_sockets error).
BOT_GAMES_PER_USER = int(os.environ.get("BOT_GAMES_PER_USER", "3"))
SOCKETS_PER_USER = int(os.environ.get("SOCKETS_PER_USER", "20"))
# Hints a user may ask for per minute (POST /games/{id}/hint; more get throttled).
HINTS_PER_MINUTE = int(os.environ.get("HINTS_PER_MINUTE", "10"))
# Game analyses a user may request per day (a game already analysed or queued costs nothing;
# more get analysis_quota), and how many of theirs may wait or run at once.
ANALYSES_PER_DAY = int(os.environ.get("ANALYSES_PER_DAY", "20"))
ANALYSES_IN_FLIGHT_PER_USER = int(os.environ.get("ANALYSES_IN_FLIGHT_PER_USER", "3"))
# The analysis board (docs/analysis-board.md): positions one evaluation may search (its CPU
# bound), evaluations and nodes read (each replays a game) per minute, boards one account keeps.
BOARD_NODES = int(os.environ.get("BOARD_NODES", "4000"))
BOARD_EVALUATIONS_PER_MINUTE = int(os.environ.get("BOARD_EVALUATIONS_PER_MINUTE", "12"))
BOARD_POSITIONS_PER_MINUTE = int(os.environ.get("BOARD_POSITIONS_PER_MINUTE", "240"))
# Puzzle attempts per minute, per account or address (docs/puzzles.md).
PUZZLE_ATTEMPTS_PER_MINUTE = int(os.environ.get("PUZZLE_ATTEMPTS_PER_MINUTE", "30"))
BOARDS_PER_USER = int(os.environ.get("BOARDS_PER_USER", "200"))
# Messages a WebSocket may send per second, and in one burst (more get a throttled error).
WEBSOCKET_MESSAGES_PER_SECOND = float(os.environ.get("WEBSOCKET_MESSAGES_PER_SECOND", "10"))
WEBSOCKET_MESSAGE_BURST = int(os.environ.get("WEBSOCKET_MESSAGE_BURST", "20"))
# Sockets without a logged-in user watching one game (more are refused: too_many_spectators).
ANONYMOUS_SOCKETS_PER_GAME = int(os.environ.get("ANONYMOUS_SOCKETS_PER_GAME", "50"))
# Chat messages a user may post per minute, all games together (more get throttled), and the
# table invitations a user may send per hour (social.services; docs/api.md, "Social").
CHAT_MESSAGES_PER_MINUTE = int(os.environ.get("CHAT_MESSAGES_PER_MINUTE", "20"))
INVITATIONS_PER_HOUR = int(os.environ.get("INVITATIONS_PER_HOUR", "30"))
# Presence changes of a game are broadcast once per this delay, however many sockets come and go.
PRESENCE_BROADCAST_DELAY_SECONDS = float(os.environ.get("PRESENCE_BROADCAST_DELAY_SECONDS", "0.5"))

# Bots (docs/bots.md): thinking budget per move, and how long a bot turn may wait before the
# sweep enqueues it again.
BOT_THINK_SECONDS = float(os.environ.get("BOT_THINK_SECONDS", "1.0"))
BOT_SWEEP_AFTER_SECONDS = float(os.environ.get("BOT_SWEEP_AFTER_SECONDS", "30"))
# The master bot's value-net weights: a folder holding them instead of the packaged ones (unset:
# the files shipped in azul/bots/master/weights). Checked at startup (azulsite/checks.py).
BOT_WEIGHTS_DIR = os.environ.get("BOT_WEIGHTS_DIR") or None

# Rematches and quick play (matchmaking; docs/api.md "Rematch", "Quick play").
REMATCH_OFFER_SECONDS = int(os.environ.get("REMATCH_OFFER_SECONDS", "120"))
# Two seeks pair when their ratings differ by at most the window of the longer-waiting one:
# SEEK_RATING_WINDOW at first, SEEK_RATING_WINDOW_GROWTH more each second, SEEK_RATING_WINDOW_MAX.
SEEK_RATING_WINDOW = float(os.environ.get("SEEK_RATING_WINDOW", "100"))
SEEK_RATING_WINDOW_GROWTH = float(os.environ.get("SEEK_RATING_WINDOW_GROWTH", "10"))
SEEK_RATING_WINDOW_MAX = float(os.environ.get("SEEK_RATING_WINDOW_MAX", "600"))
# ...plus this share of the two seekers' combined deviation (sqrt(RD1² + RD2²)): two newcomers
# (± 500 each) may pair 354 points apart at once, two established players (± 60) 42 more.
SEEK_DEVIATION_SHARE = float(os.environ.get("SEEK_DEVIATION_SHARE", "0.5"))
# Rematch, seek and play-the-computer requests per user and minute (REST; sockets have their rate).
MATCHMAKING_WRITES_PER_MINUTE = int(os.environ.get("MATCHMAKING_WRITES_PER_MINUTE", "30"))

# Notifications (notifications app; docs/operations.md "Notifications"). Links in e-mails use
# SITE_URL. E-mail goes through EMAIL_BACKEND (anymail: EMAIL_BACKEND=anymail.backends.<esp>...
# and ANYMAIL_* variables, read into ANYMAIL below).
SITE_URL = os.environ.get("SITE_URL", "http://localhost:8000")
NOTIFICATION_EMAIL_INTERVAL_SECONDS = int(os.environ.get("NOTIFICATION_EMAIL_INTERVAL_SECONDS", "3600"))
ANYMAIL = {key.removeprefix("ANYMAIL_"): value for key, value in os.environ.items()
           if key.startswith("ANYMAIL_")}
# Web Push: VAPID keys (base64url, as `vapid --gen` / py_vapid make them); no keys, no push.
VAPID_PUBLIC_KEY = os.environ.get("VAPID_PUBLIC_KEY", "")
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "")
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "mailto:admin@localhost")
# Push endpoints are URLs users give the server to post to: https, port 443, public addresses
# only (notifications.outbound, docs/operations.md "Outbound requests"). Tests and a local push
# service name networks that may be reached anyway (http, any port); ignored unless DEBUG.
PUSH_TEST_NETWORKS = env_list("PUSH_TEST_NETWORKS", []) if DEBUG else []
# A push service that does not answer holds a worker thread at most this long per attempt.
PUSH_CONNECT_TIMEOUT_SECONDS = float(os.environ.get("PUSH_CONNECT_TIMEOUT_SECONDS", "3"))
PUSH_READ_TIMEOUT_SECONDS = float(os.environ.get("PUSH_READ_TIMEOUT_SECONDS", "5"))
PUSH_SUBSCRIPTIONS_PER_USER = int(os.environ.get("PUSH_SUBSCRIPTIONS_PER_USER", "10"))
# Positions the analysis searches per move (docs/analysis.md); stored with each analysis, so a
# resumed one keeps the budget it was requested with.  None: azul.bots.analysis.DEFAULT_NODES.
ANALYSIS_NODES = int(os.environ["ANALYSIS_NODES"]) if os.environ.get("ANALYSIS_NODES") else None
# Every rated game is analysed when it ends, at low priority (docs/analysis.md "Rated games").
ANALYSE_RATED_GAMES = env_bool("ANALYSE_RATED_GAMES", True)
# Their CPU budget: at most this many positions for the whole game (per move: the game's share,
# never more than ANALYSIS_NODES nor fewer than ANALYSIS_MIN_NODES).
ANALYSIS_GAME_NODES = int(os.environ.get("ANALYSIS_GAME_NODES", "1500000"))
ANALYSIS_MIN_NODES = int(os.environ.get("ANALYSIS_MIN_NODES", "2000"))
# Fair play (docs/fair-play.md): a rating band's own norms need this many analysed games of its
# people; a band with fewer is scored against the calibration's shipped norms.
FAIR_PLAY_MIN_BAND_GAMES = int(os.environ.get("FAIR_PLAY_MIN_BAND_GAMES", "300"))
# A dismissed case is opened again only once the account has this many times its games then.
FAIR_PLAY_REOPEN_FACTOR = float(os.environ.get("FAIR_PLAY_REOPEN_FACTOR", "2"))
