"""Minimum-cost matchings with lexicographic costs, on networkx's maximum-weight matching.

Every pairing format states its preferences as a tuple of integer costs per pair, most important
first (a rematch, then a colour clash, then ...). `cheapest_matching` folds each tuple into one
integer weight whose tiers cannot borrow from each other: a tier's unit is larger than the most
every lower tier could add up to over a whole matching. So the matching networkx returns is the
lexicographic optimum (fewest rematches; among those, fewest clashes; ...), exactly, with integer
arithmetic (networkx stays in integers when the weights are).
"""

from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar, cast

Node = TypeVar("Node", bound=Hashable)


def tier_weights(costs: Mapping[tuple[Node, Node], Sequence[int]], pairs: int) -> dict[tuple[Node, Node], int]:
    """Each pair's cost tuple as one integer cost, tiers kept apart over any matching of `pairs`
    pairs. Every tuple has the same length and nonnegative entries."""
    if not costs:
        return {}
    tiers = len(next(iter(costs.values())))
    highest = [max(cost[tier] for cost in costs.values()) for tier in range(tiers)]
    units = [1] * tiers
    # From the last tier up: a unit exceeds what all lower tiers can sum to over `pairs` pairs.
    for tier in range(tiers - 2, -1, -1):
        lower = tier + 1
        units[tier] = units[lower] * (highest[lower] * pairs + 1)
    return {pair: sum(unit * value for unit, value in zip(units, cost, strict=True)) for pair, cost in costs.items()}


def cheapest_matching(
    costs: Mapping[tuple[Node, Node], Sequence[int]], nodes: Sequence[Node]
) -> list[tuple[Node, Node]]:
    """The matching of the most pairs over the given pairs (`costs`' keys, unordered) and, among
    those, of the least lexicographic cost. Each pair comes back in the order of `nodes`."""
    # Imported here: networkx costs 0.35 s to import, paid by every process that sets Django up
    # (each daphne, worker and command) while only the one pairing a tournament uses it.
    import networkx as nx  # type: ignore[import-untyped]  # networkx ships no type information

    combined = tier_weights(costs, len(nodes) // 2)
    ceiling = max(combined.values(), default=0) + 1
    index = {node: number for number, node in enumerate(nodes)}
    graph = nx.Graph()  # on the nodes' indices: a node may be anything hashable, None included
    graph.add_nodes_from(range(len(nodes)))
    for (left, right), cost in combined.items():
        graph.add_edge(index[left], index[right], weight=ceiling - cost)  # the cheapest weigh most
    matched = cast(set[tuple[int, int]], nx.max_weight_matching(graph, maxcardinality=True))
    return [(nodes[a], nodes[b]) for a, b in sorted((min(pair), max(pair)) for pair in matched)]
