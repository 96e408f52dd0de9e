from meeple.engine import count


def test_counts_take_the_noun_in_the_right_number():
    assert count(1, "letter") == "1 letter"
    assert count(0, "letter") == "0 letters"
    assert count(3, "visible ant") == "3 visible ants"
    assert count(2, "ox", "oxen") == "2 oxen"
