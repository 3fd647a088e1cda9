"""The look-alike fold now drops default-ignorable characters (kernel.text): names claimed
before keep keys with them ("Lena" + U+FE0F), which a new "Lena" + U+FE0E would no longer meet.
Every claim is folded again, the oldest account first where two now look alike (as 0002)."""

from django.db import migrations


def refold_claims(apps, schema_editor):
    from accounts.names import fold

    User = apps.get_model("accounts", "User")
    NameClaim = apps.get_model("accounts", "NameClaim")
    NameClaim.objects.all().delete()
    for user in User.objects.order_by("pk").only("pk", "username", "display_name").iterator():
        keys = {key for key in (fold(user.username), fold(user.display_name)) if key}
        NameClaim.objects.bulk_create(
            [NameClaim(key=key, user_id=user.pk) for key in keys], ignore_conflicts=True
        )


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0006_user_email_confirmed"),
    ]

    operations = [
        migrations.RunPython(refold_claims, migrations.RunPython.noop),
    ]
