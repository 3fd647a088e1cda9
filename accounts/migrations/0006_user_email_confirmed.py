# Every address that exists already counts as unconfirmed (the default): nobody ever proved it is
# theirs, and a notification mail to a stranger is the harm this field prevents. Their owners
# confirm from the notification settings page ("send the confirmation again").

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0005_bot_level_master"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="email_confirmed",
            field=models.BooleanField(default=False),
        ),
    ]
