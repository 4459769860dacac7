-- The cap on the games one account (or one app with its players) keeps waiting in the lobby
-- (hanabi.store.lobby.check_lobby_room) counts them with this index.

CREATE INDEX games_lobby_by_creator ON games (creator_id) WHERE status = 'lobby';
