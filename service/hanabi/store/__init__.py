"""Postgres storage of the service: accounts and tokens, games as event logs, idempotency keys.

Functions take a connection (`commits.Connection`: autocommit, from `database.create_pool` or
`database.connect`, carrying what its commits set off) and run
their writes in one transaction each, or as a savepoint when the caller has opened one, so
several of them can be combined atomically (see `idempotency`). The store asks the engine
for every rule: it knows how to record a game, not how to play one.

    accounts     create accounts, issue, check and revoke API tokens
    records      a game's row, seats, events and seat plan as values, read from rows
    games        create, import, load (replay) and append actions to games
    states       the process's cache of game states, so that a read replays only new events
    seats        join and leave seats, start a game
    lobby        list games: by status, by account, awaiting an account's move
    idempotency  stored responses for Idempotency-Key retries
    commits      transactions that hand what they changed to the connection's hooks, once committed
    database     connections, the pool, the embedded Postgres
    migrate      apply migrations/ with yoyo
"""
