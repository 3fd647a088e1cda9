"""Real server processes for tests: daphne serving the site, a Celery worker.

Both run against the test database of the pytest process (DATABASE_URL rewritten to it), so
tests using them need committed data: the `transactional_db` fixture. A worker is ready once it
answers a ping and has run its start-up tasks (settings.WORKER_STARTUP_TASKS).
"""

import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

BASE_DIR = Path(__file__).resolve().parents[2]


def database_url_for(settings_dict: dict) -> str:
    """A DATABASE_URL reaching the database described by a Django settings dict."""
    engine = settings_dict["ENGINE"]
    if engine.endswith("sqlite3"):
        return f"sqlite:///{Path(settings_dict['NAME']).resolve()}"
    if engine.endswith("postgresql"):
        user = quote(settings_dict.get("USER") or "", safe="")
        password = settings_dict.get("PASSWORD") or ""
        credentials = f"{user}:{quote(password, safe='')}" if password else user
        host = settings_dict.get("HOST") or "127.0.0.1"
        port = settings_dict.get("PORT") or 5432
        return f"postgres://{credentials}@{host}:{port}/{settings_dict['NAME']}"
    raise ValueError(f"no DATABASE_URL form for {engine}")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class ServerProcess:
    process: subprocess.Popen
    log_path: Path
    url: str = ""
    extra: dict = field(default_factory=dict)

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def kill(self) -> None:
        """SIGKILL, as a crash would: nothing flushed, nothing acknowledged; back once it is dead."""
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        self.log_path.unlink(missing_ok=True)  # failures quote its tail before this


def _inherited_env() -> dict[str, str]:
    # The browser fixture relaxes Django's async safety for the test process only.
    return {key: value for key, value in os.environ.items() if key != "DJANGO_ALLOW_ASYNC_UNSAFE"}


def _spawn(args: list[str], env: dict[str, str], log_name: str) -> ServerProcess:
    with tempfile.NamedTemporaryFile(prefix=f"azulsite-{log_name}-", suffix=".log", delete=False) as log_file:
        process = subprocess.Popen(
            args,
            cwd=BASE_DIR,
            env={**_inherited_env(), "PYTHONUNBUFFERED": "1", **env},
            stdout=log_file,
            stderr=subprocess.STDOUT,
        )
    return ServerProcess(process=process, log_path=Path(log_file.name))


def start_daphne(env: dict[str, str], timeout: float = 30, options: list[str] | None = None,
                 port: int | None = None) -> ServerProcess:
    """daphne on a free port of 127.0.0.1 (or on `port`: a process restarted where its clients
    reconnect); `options` replaces its command-line options, with "$PORT" standing for that port
    (as in the Procfile)."""
    port = port or free_port()
    options = ["-b", "127.0.0.1", "-p", "$PORT"] if options is None else options
    server = _spawn(
        [sys.executable, "-m", "daphne",
         *(option.replace("$PORT", str(port)) for option in options),
         "azulsite.asgi:application"],
        env,
        "daphne",
    )
    server.url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"daphne exited with {server.process.returncode}:\n{server.log_tail()}")
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        try:
            connection.request("GET", "/")
            connection.getresponse()  # any answer (even a redirect to https) means it is up
            return server
        except OSError:
            time.sleep(0.1)
        finally:
            connection.close()
    tail = server.log_tail()
    server.stop()
    raise RuntimeError(f"daphne did not answer within {timeout}s:\n{tail}")


def startup_tasks_done(worker: ServerProcess) -> bool:
    """Whether the worker ran its start-up tasks (settings.WORKER_STARTUP_TASKS, enqueued when
    it is ready): until then it may still act on rows a test is setting up."""
    from django.conf import settings

    log = worker.log_tail(lines=10_000)
    return all(
        re.search(rf"Task {re.escape(name)}\[[^\]]+\] succeeded", log)
        for name in settings.WORKER_STARTUP_TASKS
    )


def start_celery_worker(env: dict[str, str], celery_app, timeout: float = 60,
                        queues: list[str] | None = None,
                        pool: list[str] | None = None) -> ServerProcess:
    """A worker consuming `queues`, or every queue of settings.CELERY_TASK_QUEUES (all those
    the test process routes to; one private queue when env sets CELERY_QUEUE); `pool` replaces
    its pool options (one task at a time by default: ["--pool=solo"])."""
    label = "-".join(queues) if queues else "all"
    node = f"azulsite-test-{os.getpid()}-{label}@{socket.gethostname()}"
    worker = _spawn(
        [sys.executable, "-m", "celery", "-A", "azulsite", "worker", *(pool or ["--pool=solo"]),
         "--loglevel=INFO", "--without-gossip", "--without-mingle", "-n", node,
         *(["-Q", ",".join(queues)] if queues else [])],
        env,
        "celery",
    )
    worker.extra["node"] = node
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if worker.process.poll() is not None:
            raise RuntimeError(f"celery exited with {worker.process.returncode}:\n{worker.log_tail()}")
        if celery_app.control.ping(destination=[node], timeout=0.5) and startup_tasks_done(worker):
            return worker
    tail = worker.log_tail()
    worker.stop()
    raise RuntimeError(f"celery worker not ready within {timeout}s:\n{tail}")


def start_celery_beat(env: dict[str, str], schedule: Path) -> ServerProcess:
    """celery beat sending settings.CELERY_BEAT_SCHEDULE's tasks, its state kept in `schedule`."""
    return _spawn([sys.executable, "-m", "celery", "-A", "azulsite", "beat", "--loglevel=INFO",
                   f"--schedule={schedule}"], env, "beat")


def wait_for_queue_to_drain(worker: ServerProcess, celery_app, queue: str,
                            timeout: float = 30) -> None:
    """Until `worker` (a solo pool: one task at a time, in the order received) has run every
    task sent to `queue` before this call: a no-op task sent now (Celery's own
    celery.accumulate) has succeeded in its log. A test's "nothing more happens" then waits for
    an event instead of for time to pass. Tasks held for a countdown or an ETA are not waited for.
    """
    from tests.support.waiting import wait_until

    marker = celery_app.send_task("celery.accumulate", queue=queue).id
    wait_until(lambda: f"[{marker}] succeeded" in worker.log_tail(lines=100_000), timeout,
               lambda: f"the worker reaching a task sent after the others:\n{worker.log_tail()}")

