"""The app's side of the click queue (ui.data.draw.unseen_clicks): every click once, in order."""

from ui.data.draw import unseen_clicks


def queue(doc, *ns):
    return {"doc": doc, "points": [{"x": float(n), "y": -float(n), "n": n} for n in ns]}


def test_a_queue_sent_again_adds_only_the_clicks_not_taken():
    doc, fresh = unseen_clicks(queue("a", 1, 2), ("", 0))
    assert doc == "a" and fresh == [(1, 1.0, -1.0), (2, 2.0, -2.0)]
    # The browser had not heard back yet: it sends 1 and 2 again with the new click 3.
    doc, fresh = unseen_clicks(queue("a", 1, 2, 3), (doc, fresh[-1][0]))
    assert doc == "a" and fresh == [(3, 3.0, -3.0)]
    assert unseen_clicks(queue("a", 2, 3), ("a", 3)) == ("a", [])


def test_clicks_come_out_in_the_order_they_were_made():
    doc, fresh = unseen_clicks(queue("a", 5, 3, 4), ("a", 2))
    assert doc == "a" and [n for n, _, _ in fresh] == [3, 4, 5] and [x for _, x, _ in fresh] == [3.0, 4.0, 5.0]


def test_a_reloaded_page_numbers_its_clicks_from_one_again():
    assert unseen_clicks(queue("b", 1), ("a", 7)) == ("b", [(1, 1.0, -1.0)])


def test_no_click_changes_nothing():
    assert unseen_clicks(None, ("a", 3)) == ("a", [])
    assert unseen_clicks({"doc": "a", "points": []}, ("a", 3)) == ("a", [])
