"""A bot at the table through the generated SDK: it reads the chat, answers, and keeps a note."""

from hanabi_client.api.table import list_chat, list_notes, post_chat, write_note
from hanabi_client.models import ChatMessage, ChatPage, ChatRequest, NoteRequest, Notes

from .test_end_to_end import start_game


def test_a_bot_reads_the_chat_answers_and_keeps_a_private_note(new_account):
    game_id, clients, names = start_game(new_account, 2, "sdk chat")
    person, bot = clients[0], clients[1]

    said = post_chat.sync(game_id, client=person, body=ChatRequest(text="hi bot, play nice"))
    assert isinstance(said, ChatMessage) and said.seat == 0

    page = list_chat.sync(game_id, client=bot, after=0, wait=5)
    assert isinstance(page, ChatPage)
    assert [(m.author, m.text) for m in page.messages] == [(names[0], "hi bot, play nice")]
    answer = post_chat.sync(game_id, client=bot, body=ChatRequest(text="always"))
    assert isinstance(answer, ChatMessage) and answer.author == names[1]
    assert [m.text for m in list_chat.sync(game_id, client=person, after=page.last_id).messages] == ["always"]

    write_note.sync(game_id, 3, client=bot, body=NoteRequest(text="trash"))
    notes = list_notes.sync(game_id, client=bot)
    assert isinstance(notes, Notes) and [(n.card, n.text) for n in notes.notes] == [(3, "trash")]
    assert list_notes.sync(game_id, client=person).notes == []
