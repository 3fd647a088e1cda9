"""Azul as a pure library: the rules engine (``azul.engine``), the bots (``azul.bots``) and the
post-game judge (``azul.bots.analysis``).

No Django, no services, no I/O beyond reading the master bot's weights shipped beside its code;
every random choice comes from a source the caller passes (or the state owns), so the same input
gives the same result on any machine. The site's apps import it; it imports nothing of them
(`.importlinter`, checked by `lint-imports`).
"""
