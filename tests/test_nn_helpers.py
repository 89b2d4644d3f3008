"""The Neural network page's helpers (ui/neural_network) without Streamlit's page: how many weight
copies a network keeps, what the page writes about a training run, the gates' tables and the
builders the server shares."""

from types import SimpleNamespace

import pytest
from sklearn.datasets import make_blobs

from mlcore.neural_network import GATES
from ui.neural_network import epoch_figures, logic_gates, training
from ui.serving.cache import key


def weights_of(hp: dict, n_classes: int) -> int:
    """The number of weights and biases of the page's network, counted on a fitted one."""
    X, y = make_blobs(30, centers=n_classes, random_state=0)
    model = training.SPEC.make(**{**hp, "max_iter": 1}).fit(X, y)
    return sum(w.size for w in model.coefs_) + sum(b.size for b in model.intercepts_)


def test_a_small_network_keeps_every_epoch():
    hp = {**training.SPEC.defaults(), "max_iter": 200}
    assert weights_of(hp, 2) * hp["max_iter"] <= training.SNAPSHOT_BUDGET   # the budget does not bind
    assert training.snapshots_for(hp, 2) == hp["max_iter"]


def test_a_large_network_keeps_as_many_copies_as_the_budget_holds():
    hp = {**training.SPEC.defaults(), "hidden_layers": 4, "hidden_units": 64, "max_iter": 500}
    kept, n = training.snapshots_for(hp, 3), weights_of(hp, 3)
    assert 20 <= kept < hp["max_iter"]
    assert kept * n <= training.SNAPSHOT_BUDGET < (kept + 1) * n


@pytest.mark.parametrize("loss", [0.6931, 12.5, 999.0, 4550.123, 3.7e58])
def test_a_loss_is_written_in_a_few_characters_and_reads_back_close(loss):
    text = training.loss_text(loss)
    assert len(text) <= 9, text
    assert float(text) == pytest.approx(loss, rel=5e-3, abs=5e-4)


def test_the_growth_note_speaks_only_when_the_loss_grew():
    assert training.growth_note([0.7, 0.5, 0.3]) == ""
    assert training.growth_note([0.7]) == ""
    note = training.growth_note([0.7, 2.0, 40.0])
    assert "grew from 0.700 to 40.000" in note and "overshoots" in note


def test_the_regions_caption_says_why_the_training_ended():
    model = SimpleNamespace(n_iter_=12, tol=1e-4, n_iter_no_change=10, loss_curve_=[0.7, 0.4])
    early = training.regions_caption(model, 100, 5)
    assert early.startswith("The regions of the network after epoch 5. ")
    assert "stopped after 12 epochs" in early and "less than 0.0001 for 10 epochs" in early
    assert "Trained for all 12 epochs." in training.regions_caption(model, 12, 12)
    grown = SimpleNamespace(**{**vars(model), "loss_curve_": [0.7, 5.0]})
    assert "The loss grew" in training.regions_caption(grown, 100, 12)


@pytest.mark.parametrize("name", [n for n, g in GATES.items() if g.w is not None])
def test_each_gate_table_shows_one_perceptron_computing_the_gate(name):
    gate = GATES[name]
    table = logic_gates.gate_table(gate)
    z = table["w·x + w0"].to_numpy()
    assert (table["step(w·x + w0)"].to_numpy() == (z > 0)).all()
    assert (table["step(w·x + w0)"] == table[name]).all()
    text = logic_gates.gate_text(gate)
    assert text.startswith(f"**{name}**") and all(f"{v:g}" in text for v in (*gate.w, gate.w0))


def test_one_perceptron_gets_at_most_3_xor_points_and_says_how_many():
    gate = GATES["XOR"]
    w, w0, right = logic_gates.best_line(gate)
    assert right == int(((gate.X @ w + w0 > 0) == gate.y).sum()) <= 3


def test_the_designed_xor_network_computes_xor_through_two_units():
    table = logic_gates.xor_table(GATES["XOR"])
    assert (table["out"] == (table["x1"] ^ table["x2"])).all() and (table["out"] == table["XOR"]).all()
    assert (table["z1"] == ((table["x1"] == 1) & (table["x2"] == 0))).all()   # fires only at (1, 0)
    assert (table["z2"] == ((table["x1"] == 0) & (table["x2"] == 1))).all()   # fires only at (0, 1)


BUILDERS = [training.train, epoch_figures.regions, epoch_figures.curves, epoch_figures.unit_maps,
            epoch_figures.hidden_space, logic_gates.xor_mlp, logic_gates.gate_plane, logic_gates.xor_one,
            logic_gates.xor_lines, logic_gates.xor_hidden, logic_gates.xor_learned, logic_gates.xor_learned_hidden]


@pytest.mark.parametrize("builder", BUILDERS, ids=lambda b: b.__name__)
def test_every_builder_the_server_shares_reads_only_its_arguments(builder):
    assert len(key(builder)) == 40   # the shared cache refuses a builder that reads anything else
