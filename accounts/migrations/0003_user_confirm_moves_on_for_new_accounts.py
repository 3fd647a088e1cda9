# Accounts that exist keep sending moves at once (off); new accounts confirm casual moves (on).

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0002_nameclaim_look_alike_names"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="confirm_moves",
            field=models.BooleanField(default=False),
        ),
        migrations.AlterField(
            model_name="user",
            name="confirm_moves",
            field=models.BooleanField(default=True),
        ),
    ]
