"""Classic Azul for 2-4 players, standard and gray wall (spec/rules.md R1-R24)."""
