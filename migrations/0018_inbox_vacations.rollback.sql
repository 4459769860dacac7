UPDATE games g SET deadline = now() + p.remaining
  FROM paused_turns p
 WHERE g.id = p.game_id AND g.status = 'running' AND g.turn = p.turn AND g.deadline IS NULL;
DROP TABLE paused_turns;
DROP TABLE vacations;
