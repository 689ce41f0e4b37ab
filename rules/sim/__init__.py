"""Balance simulation: many games between agents, and which cards win more when played.

``plan`` lays out the games (seats alternated, decks swapped), ``match`` plays one in a
worker, ``runner`` runs them on local processes or a Dask cluster, ``summary`` turns the
results into numbers, ``report`` into report.html and the terminal headline.
"""
