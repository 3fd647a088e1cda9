"""What accounts tells the apps above it, which it never imports (docs/architecture.md, "The
apps' graph"). Each app connects its receivers in its AppConfig.ready, so they run in the order
of INSTALLED_APPS: games first (running games are resigned before league seasons are left).

- account_leaving(user): an account is being deleted (accounts.deletion). Each app takes the
  player out of what they take part in, through its own services, as if they had clicked: one
  transaction each, outside the anonymising one; a refusal because the thing ended meanwhile is
  skipped by the receiver.
- account_forgetting(user): inside the anonymising transaction, under the user's row lock: each
  app deletes or blanks the personal rows it keeps (and may queue after-commit events).
- own_data_requested(user): the download of one's data (accounts.privacy); each receiver answers
  a dict of its sections, JSON-ready.
"""

from django.dispatch import Signal

account_leaving = Signal()
account_forgetting = Signal()
own_data_requested = Signal()
