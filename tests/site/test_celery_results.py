"""No task result is stored: nothing reads one, and each stored result is a Redis key for a day."""

from azulsite.celery import app


def test_no_task_of_ours_stores_its_result():
    app.loader.import_default_modules()  # every app's tasks module, as a worker loads them
    ours = {name: task for name, task in app.tasks.items() if not name.startswith("celery.")}
    # The periodic and per-game tasks of every app are there (a rename would empty this test).
    assert {"leagues.tasks.record_game_result", "ratings.rate_game",
            "notifications.send_due_email_batches"} <= set(ours)
    assert [name for name, task in ours.items() if not task.ignore_result] == []
