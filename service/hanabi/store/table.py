"""The table around a game: its chat, and each account's private notes on cards.

Chat messages are numbered by an identity column, so `after` resumes a reading where it
stopped; each insert announces itself on the `hanabi_chat` channel (migration 0008) for the
chat's long poll. Notes are one text per (game, account, card); an empty text removes a note.
"""

from dataclasses import dataclass
from datetime import datetime

import psycopg
from psycopg.rows import dict_row

from .errors import InvalidRequest

MAX_MESSAGE_LENGTH = 300
MAX_NOTE_LENGTH = 200
BLANK = " \t\n\r"
"""What is trimmed from both ends of a message or a note."""
CHAT_BURST = 5
"""Messages an account may post to one game within CHAT_BURST_SECONDS."""
CHAT_BURST_SECONDS = 10


class ChatTooFast(Exception):
    """The account posted CHAT_BURST messages to the game within the last CHAT_BURST_SECONDS."""

    def __init__(self, retry_after: int):
        super().__init__(
            f"At most {CHAT_BURST} messages per {CHAT_BURST_SECONDS} seconds; try again in {retry_after} s."
        )
        self.retry_after = retry_after


@dataclass(frozen=True)
class ChatMessage:
    id: int
    account_id: int
    text: str
    created_at: datetime


def post_message(
    conn: psycopg.Connection, game_id: int, account_id: int, text: str, *, limited: bool = True
) -> ChatMessage:
    """Add `text` (trimmed of BLANK, 1 to MAX_MESSAGE_LENGTH characters) to the game's chat. Raises
    ChatTooFast when `limited` and the account already posted CHAT_BURST messages there in the
    last CHAT_BURST_SECONDS (counted in the database, so every API process counts the same)."""
    text = text.strip(BLANK)
    if not 1 <= len(text) <= MAX_MESSAGE_LENGTH:
        raise InvalidRequest(f"A chat message is 1 to {MAX_MESSAGE_LENGTH} characters long.", "invalid_message")
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(hashtext('game_chat'), hashtext(%s))", (f"{game_id}:{account_id}",))
        recent = conn.execute(
            """SELECT count(*), ceil(extract(epoch FROM min(created_at) + make_interval(secs => %s) - now()))::int
                 FROM game_chat
                WHERE game_id = %s AND account_id = %s AND created_at > now() - make_interval(secs => %s)""",
            (CHAT_BURST_SECONDS, game_id, account_id, CHAT_BURST_SECONDS),
        ).fetchone()
        if limited and recent[0] >= CHAT_BURST:
            raise ChatTooFast(max(1, recent[1] or 1))
        row = (
            conn.cursor(row_factory=dict_row)
            .execute(
                """INSERT INTO game_chat (game_id, account_id, text) VALUES (%s, %s, %s)
                   RETURNING id, account_id, text, created_at""",
                (game_id, account_id, text),
            )
            .fetchone()
        )
    return ChatMessage(**row)


def list_messages(conn: psycopg.Connection, game_id: int, after: int = 0, limit: int = 100) -> list[ChatMessage]:
    """The game's chat messages with id > `after`, oldest first."""
    rows = (
        conn.cursor(row_factory=dict_row)
        .execute(
            """SELECT id, account_id, text, created_at FROM game_chat
                WHERE game_id = %s AND id > %s ORDER BY id LIMIT %s""",
            (game_id, after, limit),
        )
        .fetchall()
    )
    return [ChatMessage(**row) for row in rows]


def notes_of(conn: psycopg.Connection, game_id: int, account_id: int) -> dict[int, str]:
    """The account's notes on the game's cards: card id -> text."""
    rows = conn.execute(
        "SELECT card, text FROM card_notes WHERE game_id = %s AND account_id = %s ORDER BY card", (game_id, account_id)
    ).fetchall()
    return dict(rows)


def write_note(conn: psycopg.Connection, game_id: int, account_id: int, card: int, text: str) -> None:
    """Set the account's note on `card` (an empty text removes it)."""
    text = text.strip(BLANK)
    if len(text) > MAX_NOTE_LENGTH:
        raise InvalidRequest(f"A note is at most {MAX_NOTE_LENGTH} characters long.", "invalid_note")
    if not text:
        conn.execute(
            "DELETE FROM card_notes WHERE game_id = %s AND account_id = %s AND card = %s", (game_id, account_id, card)
        )
        return
    conn.execute(
        """INSERT INTO card_notes (game_id, account_id, card, text) VALUES (%s, %s, %s, %s)
           ON CONFLICT (game_id, account_id, card) DO UPDATE SET text = excluded.text, updated_at = now()""",
        (game_id, account_id, card, text),
    )
