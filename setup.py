"""Packages for setuptools: the code (rules, game) and the data folder assets/, which installs
as ``playtable_assets`` beside them (rules/core/paths.py finds it there)."""

from setuptools import find_namespace_packages, find_packages, setup

# Every folder under assets/ is data; the ones Python could import are named as packages too,
# or setuptools warns that they "would be ignored" (their files ship either way).
DATA_DIRS = [f"playtable_assets.{p}" for p in find_namespace_packages("assets")
             if all(part.isidentifier() for part in p.split("."))]

setup(
    packages=[*find_packages(include=["rules", "rules.*", "game", "game.*"]),
              "playtable_assets", *DATA_DIRS],
    package_dir={"playtable_assets": "assets"},
    # py.typed: a designer's mypy sees our types (PEP 561)
    package_data={"playtable_assets": ["**/*"], "rules": ["py.typed"], "game": ["py.typed"]},
)
