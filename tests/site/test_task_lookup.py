"""Threads that look a task up at once, in a process that has not discovered its tasks yet, all
find it (kernel.dispatch.task): one discovers, the others wait for it.

Without the lock each thread imported the apps' task modules itself; two threads importing the
same modules in another order can make Python's import system hand one of them a module still
being run (its deadlock avoidance), whose tasks are not registered yet: NotRegistered, in about
one fresh process in three with 16 threads here. Four fresh processes run at once, so a
regression fails this test about four times in five; with the lock none can.
"""

import subprocess
import sys

from django.conf import settings

THREADS = 16
PROCESSES = 4
LOOKUPS = f"""
import os, threading
import django
os.environ["DJANGO_SETTINGS_MODULE"] = "azulsite.settings"
django.setup()
from kernel import dispatch

start = threading.Barrier({THREADS})
outcomes = []

def look():
    start.wait()
    try:
        dispatch.task("games.tasks.play_bot_turn")
        outcomes.append("found")
    except Exception as error:
        outcomes.append(type(error).__name__)

threads = [threading.Thread(target=look) for _ in range({THREADS})]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(" ".join(sorted(set(outcomes))))
"""


def test_threads_looking_a_task_up_at_once_all_find_it():
    env = {"PATH": "/usr/bin:/bin", "HOME": "/tmp"}  # the embedded default: no services needed
    runs = [subprocess.Popen([sys.executable, "-c", LOOKUPS], cwd=settings.BASE_DIR, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for _ in range(PROCESSES)]
    answers = [run.communicate(timeout=60) for run in runs]
    assert [run.returncode for run in runs] == [0] * PROCESSES, [err for _, err in answers]
    assert [out.strip() for out, _ in answers] == ["found"] * PROCESSES
