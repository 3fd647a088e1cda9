"""The learn pages: the rules of each game with pictures drawn by the boards' own components, and
the interactive tutorials (driven by the tutorial API, learn/api). Thin: read, render."""

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext_lazy

from kernel.errors import found_or_404

from . import pictures, selectors

RULES_PAGES = {
    "classic": ("learn/rules_classic.html", gettext_lazy("Azul: the rules")),
    "gray": ("learn/rules_gray.html", gettext_lazy("Azul: the gray wall")),
    "duel": ("learn/rules_duel.html", gettext_lazy("Azul Duel: the rules")),
}


def index(request):
    return render(request, "learn/index.html", {"tutorials": selectors.tutorials()})


def rules(request, ruleset):
    try:
        template, title = RULES_PAGES[ruleset]
    except KeyError:
        raise Http404(f"no rules page {ruleset}") from None
    return render(
        request,
        template,
        {"title": title, "ruleset": ruleset, "pictures": pictures.pictures_for(ruleset)},
    )


def tutorial(request, key):
    first = found_or_404(selectors.tutorial_position, key, 0)
    return render(request, "learn/tutorial.html", {"position": first, "key": key})
