"""The Neural network page under AppTest: it trains, replays an epoch without refitting, shows
every view, explains degenerate data, keeps its settings in the link, and shows the gates."""


import numpy as np
import pytest
from support.apptest import assert_clean, decode, keyed_figure, run_page, widget

from mlcore.neural_network import MLPClassifier

pytestmark = pytest.mark.app

PAGE = "pages/7_Neural_network.py"


def chart(at, key) -> dict:
    return keyed_figure(at, key)


def _open_section(at, value: str):
    labels = {"curves": "Loss and accuracy", "units": "What each hidden unit computes",
              "hidden": "The data as the last hidden layer sees it"}
    at.session_state["nn_section"] = labels[value]
    return at.run()


def regions(at) -> np.ndarray:
    heat = [t for t in chart(at, "nn_main")["data"] if t.get("type") == "heatmap"]
    return decode(heat[0]["z"])


def test_page_trains_and_shows_every_view():
    at = run_page(PAGE, query={"data": "moons", "n": "150"})
    assert_clean(at)
    # the views under the chart are sections, each built only when its tab is open
    for key, section in (("nn_main", None), ("nn_curves", "curves"), ("nn_units", "units"), ("nn_hidden", "hidden")):
        if section:
            _open_section(at, section)
            assert_clean(at)
        assert chart(at, key)["data"], key
    epoch = widget(at, "nn_epoch")
    assert epoch.value == epoch.max and epoch.max >= 5     # starts fully trained
    captions = " ".join(c.value for c in at.caption)
    assert "principal components" in captions             # 8 units in the last layer: PCA, said so


def test_the_epoch_slider_replays_an_earlier_boundary(monkeypatch):
    fits = []
    fit = MLPClassifier.fit
    monkeypatch.setattr(MLPClassifier, "fit", lambda self, *a, **k: fits.append(1) or fit(self, *a, **k))
    at = run_page(PAGE, query={"data": "moons", "n": "150"})
    final = regions(at)
    fitted = at.session_state["_nn_last_epoch"]
    trained = len(fits)
    widget(at, "nn_epoch").set_value(1).run()
    assert_clean(at)
    early = regions(at)
    assert early.shape == final.shape and not np.array_equal(early, final)
    assert at.query_params.get("epoch") in ("1", ["1"])
    assert at.session_state["_nn_last_epoch"] == fitted
    assert len(fits) == trained, "an epoch step trained a network"
    assert at.metric[0].value == f"1 / {fitted}"


def test_an_epoch_from_the_link():
    at = run_page(PAGE, query={"data": "xor", "epoch": "2"})
    assert_clean(at)
    assert widget(at, "nn_epoch").value == 2


def test_play_starts_from_zero_at_the_end_and_steps_on():
    at = run_page(PAGE, query={"data": "moons", "n": "150"})
    widget(at, "nn_play").set_value(True).run()
    assert_clean(at)
    assert widget(at, "nn_epoch").value == 0            # play at the last epoch starts again at 0
    at.run()                                             # what the timer does: a run, one step on
    assert_clean(at)
    assert widget(at, "nn_epoch").value == 1
    assert widget(at, "nn_play").value


def test_architecture_changes_the_unit_maps():
    at = run_page(PAGE, query={"data": "circles", "hidden_layers": "1", "hidden_units": "3"})
    _open_section(at, "units")
    assert_clean(at)
    assert chart(at, "nn_units")["layout"]["yaxis"]["ticktext"] == ["layer 1<br>(3 units)"]
    widget(at, "p_mlp_hidden_layers").set_value(3).run()
    assert_clean(at)
    assert len(chart(at, "nn_units")["layout"]["yaxis"]["ticktext"]) == 3


@pytest.mark.parametrize("query, phrase", [
    ({"data": "blank"}, "no points"),
    ({"data": "blank", "pts": "0.1,0.2,0"}, "one class"),
])
def test_degenerate_data_is_explained(query, phrase):
    at = run_page(PAGE, query=query)
    assert not at.exception, [e.message for e in at.exception]
    assert at.error and ("two classes" in at.error[0].value or phrase in at.error[0].value)


def test_two_points_train():
    at = run_page(PAGE, query={"data": "blank", "pts": "0.5,0.5,0;-0.5,-0.5,1"})
    assert_clean(at)
    assert chart(at, "nn_main")["data"]


def test_gates_tab_shows_each_gate():
    at = run_page(PAGE, query={"gate": "OR"})
    assert_clean(at)
    table = at.dataframe[0].value
    assert table["w·x + w0"].tolist() == [-0.5, 0.5, 0.5, 1.5] and table["OR"].tolist() == [0, 1, 1, 1]
    assert "x₁ + x₂ − 0.5 = 0" in [t.get("name") for t in chart(at, "nn_gate_plane")["data"]]


def test_gates_tab_xor_fails_for_one_perceptron_and_the_trained_net_solves_it():
    at = run_page(PAGE, query={"gate": "XOR"})
    assert_clean(at)
    assert "3 of 4 at best" in chart(at, "nn_xor_one")["layout"]["title"]["text"]
    hidden = at.dataframe[0].value
    assert hidden[["z1", "z2", "out"]].values.tolist() == [[0, 0, 0], [0, 1, 1], [1, 0, 1], [0, 0, 0]]
    assert "4 of 4" in chart(at, "nn_xor_mlp")["layout"]["title"]["text"]


def test_play_switches_itself_off_at_the_last_epoch():
    at = run_page(PAGE, query={"data": "moons", "n": "150"})
    last = widget(at, "nn_epoch").max
    widget(at, "nn_play").set_value(True).run()
    assert widget(at, "nn_epoch").value == 0
    widget(at, "nn_epoch").set_value(last).run()      # the user drags to the end while playing
    assert_clean(at)
    assert not widget(at, "nn_play").value and widget(at, "nn_epoch").value == last


def test_an_overshooting_network_says_so_in_a_short_loss():
    """SGD at learning rate 1 on single points: the loss ends far above where it began. The
    metric stays a few characters (not the 60 digits of ``f"{3.7e58:.3f}"``), and the caption
    says why the loss grew."""
    at = run_page(PAGE, query={"data": "moons", "solver": "sgd", "learning_rate_init": "1", "batch_size": "1",
                               "max_iter": "30", "alpha": "1e-06"})
    assert_clean(at)
    loss = next(m.value for m in at.metric if m.label == "loss")
    assert np.isfinite(float(loss)) and float(loss) >= 1000, loss
    assert "e+" in loss and len(loss) <= 9, loss   # 4.55e+03, not 4550.123 (or 60 digits at 1e58)
    captions = " ".join(c.value for c in at.caption)
    assert "The loss grew from" in captions and "overshoots" in captions
