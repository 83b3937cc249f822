"""Deprecated: moved to companion.engines.foundations.road_boards and .fortune.

Kept for one release so that code importing ``companion.engines.roads`` keeps
working; every name read from here warns with :class:`DeprecationWarning` and
says where it lives now. It will be removed in version 0.3.
"""

from __future__ import annotations

from ._moved import forward
from .foundations import fortune, road_boards

_MOVED = {
    "ALTERNATE_REWARDS": fortune,
    "BOARD_KINDS": road_boards,
    "Choice": road_boards,
    "CoinsFromEach": road_boards,
    "EXAMPLE_EAST": fortune,
    "EXAMPLE_SOUTH": fortune,
    "EXAMPLE_WEST": fortune,
    "Edge": road_boards,
    "EdgeInfluence": fortune,
    "Entry": fortune,
    "FirstPlayer": road_boards,
    "Gain": fortune,
    "INFLUENCE": fortune,
    "MILESTONES_PER_PLAYER": road_boards,
    "MajorityBoard": road_boards,
    "MajorityChoiceError": fortune,
    "Marker": road_boards,
    "MarkerError": fortune,
    "MilestoneBoard": road_boards,
    "OTHER_TEXT_MAX": road_boards,
    "OVERVIEW": fortune,
    "Option": fortune,
    "OtherReward": road_boards,
    "POPULATION_TOKENS": fortune,
    "PRESETS": road_boards,
    "PlayerRoads": fortune,
    "PopulationToken": road_boards,
    "REWARD_KEYS": road_boards,
    "ROAD_BOARDS_PATH": fortune,
    "RankOrderError": fortune,
    "Reward": road_boards,
    "RoadBoard": road_boards,
    "RoadBoards": road_boards,
    "RoadChoiceError": fortune,
    "RoadsResult": fortune,
    "Slot": road_boards,
    "SlotError": fortune,
    "Standing": fortune,
    "SwapLots": road_boards,
    "Take": road_boards,
    "Turn": fortune,
    "UnrankedPlayerError": fortune,
    "VictoryPoints": road_boards,
    "WORKED_EXAMPLE": road_boards,
    "WORKED_EXAMPLE_EAST": road_boards,
    "WORKED_EXAMPLE_NORTH": road_boards,
    "WORKED_EXAMPLE_SOUTH": road_boards,
    "WORKED_EXAMPLE_WEST": road_boards,
    "board_to_json": road_boards,
    "choose": fortune,
    "influence": fortune,
    "next_turn": fortune,
    "read": road_boards,
    "resolve": fortune,
    "result_json": fortune,
    "to_json": road_boards,
    "worked_example_boards": road_boards,
}


__getattr__ = forward(__name__, _MOVED)
