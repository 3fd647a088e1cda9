"""Every write of matchmaking happens in this package, one module per concern:

- rematches: the offer after a game, the answers, the rotated new table;
- seeks: play the computer, the quick-play seek queue and its pairing.

Both spend the budget of matchmaking.quotas, whichever transport asks (REST or socket).
"""
