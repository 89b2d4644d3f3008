"""The Neural network page's network, trained once for the whole server per link with a copy of
its weights kept at (nearly) every epoch, and the sentences that report how the training went."""

from catalog.models import MODELS
from mlcore import ValidationError
from ui import reading
from ui.core.progress import Progress
from ui.serving import fits
from ui.serving.cache import sharable

SPEC = MODELS["mlp"]
# Weights kept per fit at most (floats): about 8 MB, whatever the architecture and epochs.
SNAPSHOT_BUDGET = 1_000_000


def snapshots_for(hp: dict, n_classes: int) -> int:
    """How many weight copies fit SNAPSHOT_BUDGET: every epoch unless the network is large."""
    sizes = (2, *(hp["hidden_units"],) * hp["hidden_layers"], n_classes)
    n_params = sum((a + 1) * b for a, b in zip(sizes[:-1], sizes[1:], strict=True))
    return int(min(hp["max_iter"], max(20, SNAPSHOT_BUDGET // n_params)))


@sharable(max_entries=16)   # at most SNAPSHOT_BUDGET floats (8 MB) of kept weights each
def train(recipe, drawn, key_params: tuple):
    """(model, None, test accuracy at every kept epoch) or (None, message, None). Trained once
    for the whole server per link: a hall on one link trains one network, and an epoch step
    finds it at once."""
    data = fits.dataset(recipe, drawn)
    if data.error:
        return None, data.error, None
    if data.n_classes_train < 2:
        have = "no points" if not len(data.y_train) else "points of one class only"
        return None, (f"The training set has {have}: a network needs at least two classes to learn a "
                      "boundary. Generate data or draw points of a second class."), None
    hp = dict(key_params)
    progress = Progress("Training", unit="epochs")
    try:
        model = SPEC.make(**hp, max_snapshots=snapshots_for(hp, data.n_classes_train))
        model.fit(data.X_train, data.y_train,
                  on_epoch=lambda epoch, epochs, loss: progress(epoch, epochs, f"loss {loss_text(loss)}"))
    except ValidationError as err:
        return None, str(err), None
    finally:
        progress.done()
    test = model.score_curve(data.X_test, data.y_test) if len(data.y_test) else None
    return model, None, test


def loss_text(loss: float) -> str:
    """A loss in a few characters: 0.693, or 3.71e+58 when the steps overshoot."""
    return f"{loss:.3f}" if loss < 1000 else f"{loss:.3g}"


def growth_note(curve) -> str:
    """A sentence when the loss ended higher than it began: the steps overshoot."""
    if len(curve) < 2 or not curve[-1] > 1.5 * curve[0]:
        return ""
    return (f" The loss grew from {loss_text(curve[0])} to {loss_text(curve[-1])}: each step overshoots the "
            "minimum. A smaller learning rate (or Adam, or larger batches) lets it settle.")


def regions_caption(model, max_iter: int, epoch: int) -> str:
    """The caption under the regions at ``epoch``: why the training stopped, and what the slider does."""
    stopped = (f"Training stopped after {model.n_iter_} epochs: the loss fell by less than {model.tol:g} "
               f"for {model.n_iter_no_change} epochs in a row." if model.n_iter_ < max_iter else
               f"Trained for all {model.n_iter_} epochs.") + growth_note(model.loss_curve_)
    return (f"The regions of the network after epoch {epoch}. {stopped} Moving the slider only "
            "runs the kept weights forward: nothing is retrained.")


def what_you_see(recipe, drawn, key_params: tuple, model, test_curve):
    """The page's "What you see" (ui.reading.nn_reading) for the trained network: its last
    epoch's accuracies, 5-fold cross-validation of the same network and the reference models."""
    data = fits.dataset(recipe, drawn)
    scores = reading.Scores(float(model.train_scores_[-1]), None if test_curve is None else float(test_curve[-1]),
                            *(fits.cv(recipe, drawn, SPEC.key, key_params) or (None, None)),
                            fits.reference(recipe, drawn), len(data.y_train))
    return reading.nn_reading(dict(key_params), scores, float(model.loss_curve_[0]), float(model.loss_curve_[-1]),
                              len(model.classes_))
