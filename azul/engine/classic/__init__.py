"""Classic Azul for 2-4 players, standard and gray wall (docs/rules.md R1-R24)."""
