from django.contrib.auth.backends import ModelBackend


class HumanOnlyBackend(ModelBackend):
    """The model backend, refusing bot accounts: bots play through services, never log in."""

    def user_can_authenticate(self, user) -> bool:
        return not getattr(user, "is_bot", False) and super().user_can_authenticate(user)
