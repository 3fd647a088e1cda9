"""The settings page's parts about one's own data: who may follow you, the download of your
data, deleting your account. Thin: parse, call one service, go back to a page."""

import json

from django import forms
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from accounts import deletion, privacy
from accounts.models import FollowPolicy

TOO_MANY_REQUESTS = 429


class FollowPolicyForm(forms.Form):
    follow_policy = forms.ChoiceField(
        label=gettext_lazy("Who may follow me and see when I am online"),
        choices=FollowPolicy.choices,
        widget=forms.RadioSelect,
    )


class DeleteAccountForm(forms.Form):
    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        if user.has_usable_password():
            self.fields["password"] = forms.CharField(
                label=gettext_lazy("Your password"), strip=False, max_length=128,
                widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}))
        else:  # an account that never had a password (none was set) types its name instead
            self.fields["username"] = forms.CharField(
                label=gettext_lazy("Type your username to confirm"), max_length=150)


@require_POST
@login_required
def follow_policy(request):
    form = FollowPolicyForm(request.POST)
    if form.is_valid():
        privacy.set_follow_policy(request.user, form.cleaned_data["follow_policy"])
        messages.success(request, _("Your privacy setting is saved."))
    else:
        messages.error(request, _("Choose who may follow you."))
    return redirect("accounts:settings")


@login_required
def export_data(request):
    budget = privacy.ExportThrottle()
    if not budget.allow_request(request):
        messages.error(request, _("You downloaded your data a moment ago: try again later."))
        return redirect("accounts:settings")
    body = json.dumps(privacy.own_data(request.user), cls=DjangoJSONEncoder, ensure_ascii=False, indent=1)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="azulsite-my-data.json"'
    return response


@login_required
def delete_account(request):
    form = DeleteAccountForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        budget = privacy.DeletionThrottle()
        if not budget.allow_request(request):
            form.add_error(None, _("Too many tries: try again later."))
            return render(request, "accounts/delete.html", _context(form), status=TOO_MANY_REQUESTS)
        try:
            deletion.delete_own_account(request.user, **form.cleaned_data)
        except deletion.DeletionNotConfirmed as error:
            form.add_error(None, error.detail)
        else:
            logout(request)
            messages.success(request, _("Your account is deleted. Thank you for playing."))
            return redirect("home")
    return render(request, "accounts/delete.html", _context(form))


def _context(form):
    return {"form": form, "reserved_days": deletion.RESERVED_NAME_DAYS}
