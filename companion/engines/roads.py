"""Deprecated: the Roads of Fortune names, now in ``foundations.road_boards`` and
``foundations.fortune``; readable here with a warning until version 0.3.
"""

from __future__ import annotations

from ._moved import forward
from .foundations import fortune, road_boards

_MOVED = {
    name: module
    for module, names in {
        fortune: (
            "ALTERNATE_REWARDS EXAMPLE_EAST EXAMPLE_SOUTH EXAMPLE_WEST "
            "EdgeInfluence Entry Gain INFLUENCE MajorityChoiceError MarkerError "
            "OVERVIEW Option POPULATION_TOKENS PlayerRoads ROAD_BOARDS_PATH "
            "RankOrderError RoadChoiceError RoadsResult SlotError Standing Turn "
            "UnrankedPlayerError choose influence next_turn resolve result_json"
        ),
        road_boards: (
            "BOARD_KINDS Choice CoinsFromEach Edge FirstPlayer "
            "MILESTONES_PER_PLAYER MajorityBoard Marker MilestoneBoard "
            "OTHER_TEXT_MAX OtherReward PRESETS PopulationToken REWARD_KEYS Reward "
            "RoadBoard RoadBoards Slot SwapLots Take VictoryPoints WORKED_EXAMPLE "
            "WORKED_EXAMPLE_EAST WORKED_EXAMPLE_NORTH WORKED_EXAMPLE_SOUTH "
            "WORKED_EXAMPLE_WEST board_to_json read to_json worked_example_boards"
        ),
    }.items()
    for name in names.split()
}

__getattr__ = forward(__name__, _MOVED)
