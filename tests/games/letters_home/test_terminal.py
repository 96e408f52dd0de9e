"""A whole game at the terminal: a human typing moves against a bot, start to end."""

from meeple.terminal import play_in_terminal

from .helpers import GAME


def test_a_human_types_a_whole_game_against_a_bot():
    lines = []
    typed = []

    def read(prompt):
        # a careful player: type the last move the terminal listed, after one typo
        moves = lines[-1].split("moves: ", 1)[1].split("; ")
        text = "go nowhere" if not typed else moves[-1].split(" = ")[0]
        typed.append(text)
        return text

    assert play_in_terminal(GAME, ["human", "random"], {}, seed=11, read=read, write=lines.append) == 0
    out = "\n".join(lines)
    assert "! 'nowhere' is not a stop" in out  # a typo gets a hint and loses nothing
    assert "Final scores:" in out and "Private Reflection" in out
    assert len(typed) > 30
