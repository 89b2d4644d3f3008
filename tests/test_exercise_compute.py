"""Compute it, the checker: the notes' numbers (worked_examples.md: tennis gains, impurities, the weather
day's naive Bayes scores, the ECOC decoding, the perceptron's update rule), tolerances tested exactly at
their edge, and the boundary cases (a point on the line, a class with count 0, an empty child)."""

import math
import re

import pytest

from exercises import compute_it as rules
from exercises.compute_steps import worked
from exercises.verdicts import Verdict

# The play-tennis table as printed in worked_examples.md, section 1 (outlook, temperature, humidity, wind, play).
TENNIS = """\
sunny hot high weak no|sunny hot high strong no|overcast hot high weak yes|rain mild high weak yes|\
rain cool normal weak yes|rain cool normal strong no|overcast cool normal strong yes|\
sunny mild high weak no|sunny cool normal weak yes|rain mild normal weak yes|\
sunny mild normal strong yes|overcast mild high strong yes|overcast hot normal weak yes|\
rain mild high strong no"""
ROWS = [r.split() for r in TENNIS.split("|")]
FEATURES = ("outlook", "temperature", "humidity", "wind")
# section 7: the 8-class, 6-bit code and the predicted bits, as printed
NOTES_CODE = ((-1, -1, -1, +1, -1, -1), (+1, -1, -1, -1, -1, -1), (-1, +1, +1, -1, +1, -1),
              (+1, +1, -1, -1, -1, -1), (+1, +1, -1, -1, +1, -1), (-1, -1, +1, +1, -1, +1),
              (-1, -1, +1, -1, -1, -1), (-1, +1, -1, +1, -1, -1))
NOTES_BITS = (-1, +1, +1, -1, +1, +1)
CASES = [(q, level, seed) for q in rules.QUESTIONS for level in (1, 2, 3) for seed in (1, 2, 17, 404)]


QUESTION_OF = {rules.Split: "gain", rules.Node: "impurity", rules.BayesRow: "naive_bayes",
               rules.Step: "perceptron_step", rules.Code: "hamming"}


def _task(setup) -> rules.Task:
    return rules.Task(QUESTION_OF[type(setup)], 1, 1, setup, rules._boxes(setup))


def _truncated_to(printed: float, value: float) -> bool:
    """The notes print gains cut to three decimals (0.2467 as 0.246, as Mitchell's table does)."""
    return 0 <= value - printed < 1e-3


def _split(rows, feature: str) -> rules.Split:
    """Counts [yes, no] of each value of ``feature`` among ``rows``, counted from the printed table."""
    j = FEATURES.index(feature)
    values = sorted({r[j] for r in rows})
    return rules.Split(("yes", "no"), tuple((sum(1 for r in rows if r[j] == v and r[4] == "yes"),
                                             sum(1 for r in rows if r[j] == v and r[4] == "no")) for v in values))


def _last_number(line: str) -> float:
    return float(re.findall(r"−?\d+(?:\.\d+)?", line)[-1].replace("−", "-"))


@pytest.mark.parametrize("feature, gain", [("outlook", 0.246), ("humidity", 0.151), ("wind", 0.048),
                                           ("temperature", 0.029)])
def test_the_tennis_root_gains(feature, gain):
    task = _task(_split(ROWS, feature))
    assert _truncated_to(gain, rules.reveal(task)["gain"])
    assert rules.check(task, {"gain": gain}).done        # the number on the slide is a right answer
    assert abs(_last_number(worked(task)[-1]) - gain) <= 1e-3 + 1e-9  # the worked solution rounds it


@pytest.mark.parametrize("feature, gain", [("humidity", 0.970), ("temperature", 0.570), ("wind", 0.019)])
def test_the_tennis_sunny_branch_gains(feature, gain):
    sunny = [r for r in ROWS if r[0] == "sunny"]
    task = _task(_split(sunny, feature))
    assert _truncated_to(gain, rules.reveal(task)["gain"])
    assert rules.check(task, {"gain": gain}).done


@pytest.mark.parametrize("counts, criterion, value", [
    ((9, 5), "entropy", 0.940), ((6, 2), "entropy", 0.811), ((3, 3), "entropy", 1.000),
    ((16, 0), "entropy", 0.0), ((15, 1), "entropy", 0.337), ((8, 8), "entropy", 1.0),
    ((16, 0), "gini", 0.0), ((15, 1), "gini", 0.117), ((8, 8), "gini", 0.5)])
def test_the_notes_impurities(counts, criterion, value):
    task = _task(rules.Node(("yes", "no"), counts, criterion))
    assert rules.reveal(task)["impurity"] == pytest.approx(value, abs=5e-4)
    assert rules.check(task, {"impurity": value}).done


def _weather_day(asked: str, alpha: float) -> rules.Task:
    return _task(rules.BayesRow("tennis", FEATURES, ("sunny", "cool", "high", "strong"), asked, alpha))


def test_the_weather_day_naive_bayes():
    # score(yes) = 2/9 · 3/9 · 3/9 · 3/9 · 9/14 = 0.0053; score(no) = 0.0206; P(no | day) = 0.795
    yes, no = rules.reveal(_weather_day("yes", 0)), rules.reveal(_weather_day("no", 0))
    assert yes["score"] == pytest.approx(0.0053, abs=5e-5)
    assert no["score"] == pytest.approx(0.0206, abs=5e-5)
    assert no["posterior"] == pytest.approx(0.795, abs=5e-4)
    assert yes["posterior"] == pytest.approx(1 - 0.795, abs=5e-4)
    assert rules.check(_weather_day("no", 0), {"score": 0.0206, "posterior": 0.795}).done
    assert rules.check(_weather_day("yes", 0), {"score": 0.0053, "posterior": 0.205}).done


def test_laplace_adds_one_to_every_count_and_the_number_of_values_below():
    """(count + 1) / (class count + V), counted here from the printed table."""
    def score(c):
        mine = [r for r in ROWS if r[4] == c]
        s = len(mine) / len(ROWS)
        for j, v in enumerate(("sunny", "cool", "high", "strong")):
            V = len({r[j] for r in ROWS})
            s *= (sum(1 for r in mine if r[j] == v) + 1) / (len(mine) + V)
        return s
    truth = rules.reveal(_weather_day("yes", 1))
    assert truth["score"] == pytest.approx(score("yes"), rel=1e-12)
    assert truth["posterior"] == pytest.approx(score("yes") / (score("yes") + score("no")), rel=1e-12)


def test_a_value_never_seen_with_a_class_zeroes_its_score_without_laplace():
    # overcast is always yes: score(no) = 0, so P(yes | row) = 1; Laplace gives no a chance again
    task = _task(rules.BayesRow("tennis", ("outlook", "wind"), ("overcast", "weak"), "no", 0.0))
    assert rules.reveal(task) == {"score": 0.0, "posterior": 0.0}
    assert rules.check(task, {"score": 0.0, "posterior": 0.0}).done
    assert not rules.check(task, {"score": 1e-9, "posterior": 0.0}).done   # 2% of 0 is 0: exact
    smoothed = _task(rules.BayesRow("tennis", ("outlook", "wind"), ("overcast", "weak"), "no", 1.0))
    assert rules.reveal(smoothed)["score"] > 0


def test_the_notes_output_code_decodes_to_class_3_at_distance_1():
    task = _task(rules.Code(NOTES_CODE, NOTES_BITS))
    assert rules.reveal(task) == {"class": 3, "distance": 1}
    assert rules.check(task, {"class": 3, "distance": 1}).done
    assert worked(task)[-1] == "Nearest: class 3 at distance 1."
    # rows 4 and 5 differ in bit 5 only: this code promises to correct no wrong machine
    message = rules.check(task, {"class": 3, "distance": 1}).message
    assert "Class 3 is 1 bit from the outputs" in message and "differ in 1 bit," in message and "= 0 wrong" in message


def test_the_perceptron_update_from_zero_and_on_the_line():
    # start at w = 0, b = 0: every point lies on the line, y (w·x + b) = 0 <= 0 is a mistake, w += y x, b += y
    task = _task(rules.Step((0.0, 0.0), 0.0, (2.0, -1.0), -1, 1.0))
    assert rules.reveal(task) == pytest.approx({"w1": -2.0, "w2": 1.0, "b": -1.0})
    # the AND gate's weights (1, 1, -1.5) taught OR on (1, 0): 1 - 1.5 < 0, a mistake; eta 0.5
    gate = _task(rules.Step((1.0, 1.0), -1.5, (1.0, 0.0), +1, 0.5))
    assert rules.reveal(gate) == pytest.approx({"w1": 1.5, "w2": 1.0, "b": -1.0})
    # after the step 1.5·1 + 1·0 - 1 = 0.5 > 0: fixed; from w = (-5, 0) one step leaves -4 + 1 = -3: not fixed
    assert "now on its side" in rules.check(gate, {"w1": 1.5, "w2": 1.0, "b": -1.0}).message
    far = _task(rules.Step((-5.0, 0.0), 0.0, (1.0, 0.0), +1, 1.0))
    assert "still on the wrong side" in rules.check(far, {"w1": -4.0, "w2": 0.0, "b": 1.0}).message


@pytest.mark.parametrize("question, level, seed", CASES)
def test_the_right_answer_is_accepted_and_the_edge_of_the_tolerance_too(question, level, seed):
    task = rules.make(level, seed, question)
    truth = rules.solve(task)
    assert rules.check(task, truth) == Verdict(True, 1.0, rules.check(task, truth).message)
    for box in task.boxes:
        t = truth[box.name]
        if box.tol == 0:
            edge, beyond = t, t + 1
        elif box.relative:
            edge, beyond = t * (1 + box.tol), t * (1 + box.tol) + max(abs(t), 1e-6) * 1e-4
        else:
            edge, beyond = t - box.tol, t - box.tol - 1e-4
        assert rules.check(task, {**truth, box.name: edge}).done, (box, t, edge)
        wrong = rules.check(task, {**truth, box.name: beyond})
        assert not wrong.done and wrong.score == pytest.approx(1 - 1 / len(task.boxes))
        assert box.label in wrong.message and (box.stated in wrong.message or box.tol == 0)


def test_the_stated_tolerances():
    assert rules.Box("gain", "gain").stated == "within ±0.01 of the right value"
    assert rules.Box("score", "score", 0.02, relative=True).stated == "within 2% of the right value"
    assert rules.Box("class", "class", 0.0, whole=True).stated == "exactly"
    gain = rules.make(1, 1, "gain")
    truth = rules.reveal(gain)["gain"]
    assert rules.check(gain, {"gain": truth + 0.01}).done and not rules.check(gain, {"gain": truth + 0.0101}).done


def test_an_empty_box_is_wrong_and_says_so():
    task = rules.make(2, 5, "perceptron_step")
    verdict = rules.check(task, {"w1": rules.reveal(task)["w1"]})
    assert not verdict.done and verdict.score == pytest.approx(1 / 3)
    assert "new w2 is empty" in verdict.message


@pytest.mark.parametrize("question, level, seed", CASES)
def test_the_worked_solution_ends_on_the_answer(question, level, seed):
    task = rules.make(level, seed, question)
    steps, truth = worked(task), rules.reveal(task)
    assert len(steps) >= 2
    if question == "perceptron_step":
        assert _last_number(steps[-1]) == pytest.approx(truth["b"], abs=1e-9)
    elif question == "hamming":
        assert steps[-1] == f"Nearest: class {truth['class']:.0f} at distance {truth['distance']:.0f}."
    elif question == "naive_bayes":
        assert _last_number(steps[-1]) == pytest.approx(truth["posterior"], abs=5e-4)
    else:
        assert _last_number(steps[-1]) == pytest.approx(truth[question], abs=5e-4)


@pytest.mark.parametrize("level", (1, 2, 3))
def test_the_same_task_number_gives_the_same_task_and_others_differ(level):
    for q in rules.QUESTIONS:
        assert rules.make(level, 17, q) == rules.make(level, 17, q)
        assert len({rules.make(level, seed, q).setup for seed in range(1, 9)}) >= 4


def test_the_levels_grow():
    for seed in range(1, 30):
        g1, g3 = rules.make(1, seed, "gain").setup, rules.make(3, seed, "gain").setup
        assert len(g1.classes) == 2 and len(g1.children) == 2 and len(g3.children) == 3
        assert len(rules.make(2, seed, "impurity").setup.counts) == 3
        b1, b2, b3 = (rules.make(lv, seed, "naive_bayes").setup for lv in (1, 2, 3))
        assert (len(b1.features), b1.alpha, len(b2.features), b2.alpha, b3.alpha) == (2, 0, 4, 0, 1)
        s1, s3 = rules.make(1, seed, "perceptron_step").setup, rules.make(3, seed, "perceptron_step").setup
        assert s1.eta == 1 and len(s3.w) == 3
        c1, c3 = rules.make(1, seed, "hamming").setup, rules.make(3, seed, "hamming").setup
        assert (len(c1.code), len(c1.bits), len(c3.code), len(c3.bits)) == (4, 5, 8, 10)


@pytest.mark.parametrize("seed", range(1, 40))
def test_every_instance_has_one_answer(seed):
    for level in (1, 2, 3):
        s = rules.make(level, seed, "perceptron_step").setup
        assert s.y * (sum(w * x for w, x in zip(s.w, s.x, strict=True)) + s.b) <= 0   # a mistake
        c = rules.make(level, seed, "hamming").setup
        distances = [sum(a != b for a, b in zip(row, c.bits, strict=True)) for row in c.code]
        assert distances.count(min(distances)) == 1                                   # no tie
        nb = rules.make(level, seed, "naive_bayes")
        assert sum(rules.bayes_scores(nb.setup).values()) > 0 and math.isfinite(rules.reveal(nb)["posterior"])


def test_hints_unfold_from_the_gentlest():
    for q in rules.QUESTIONS:
        for level in (1, 2, 3):
            assert len(rules.hints(rules.make(level, 3, q))) >= 2


def test_an_unknown_question_is_refused():
    with pytest.raises(ValueError, match="question must be one of"):
        rules.make(1, 1, "volume")
