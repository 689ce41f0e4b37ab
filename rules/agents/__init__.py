"""Computer players. They use only the rules contract and decide from what their player may
see (``rs.view``) plus the legal intents: never from hidden cards."""

from rules.agents.base import Agent
from rules.agents.greedy import GreedyAgent
from rules.agents.levels import LEVEL_TITLES, LEVELS, budget, make_agent
from rules.agents.random_agent import RandomAgent
from rules.agents.search import Budget, SearchAgent

AGENTS: dict[str, type[Agent]] = {"random": RandomAgent, "greedy": GreedyAgent,
                                  "search": SearchAgent}

__all__ = ["AGENTS", "LEVELS", "LEVEL_TITLES", "Agent", "Budget", "GreedyAgent",
           "RandomAgent", "SearchAgent", "budget", "make_agent"]
