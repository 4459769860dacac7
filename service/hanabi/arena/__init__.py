"""The arena: bots rated by how well they play beside partners they did not choose, on
duplicate deals (docs/arena.md).

    lineups   which entries sit where on a deal (pure)
    rating    openskill ratings from a deal's tables ranked by score, and the plain figures (pure)
    store     entries, deals, tables, ratings, presence and challenges in Postgres
    presence  API processes' marks of bots seen waiting for work, written in batches
    rounds    the worker's arena round: publish finished deals, rate them, deal new ones

Nothing here knows a rule of Hanabi: games are created and played through the store and the
workers, as any other game.
"""
