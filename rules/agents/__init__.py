"""Computer players. They use only the rules contract and decide from what their player may
see (``rs.view``) plus the legal intents: never from hidden cards."""

from rules.agents.base import Agent
from rules.agents.greedy import GreedyAgent
from rules.agents.random_agent import RandomAgent

AGENTS: dict[str, type[Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}

__all__ = ["AGENTS", "Agent", "GreedyAgent", "RandomAgent"]
