"""Training of the master bot's value nets (docs/bots.md, "The master bot"): self-play data,
the training loop and the evaluation gate.  Development tools, not part of the site."""
