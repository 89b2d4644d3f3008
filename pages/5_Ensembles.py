"""Ensembles: bagging, random forests and extra-trees vote; AdaBoost learns round by round."""

from dataclasses import replace

import streamlit as st

from catalog.models import MODELS
from catalog.specs import ParamSpec
from ui import reading
from ui.core import alt_text, charts, guide, lectures, params, presenter, presets, settings
from ui.core.charts import config as chart_config
from ui.core.layout import Ahead, compute_ahead, controls, finish, page, part, screen_height
from ui.core.show_code import show_fit
from ui.ensembles.member_votes import members, partial_grid, partial_scores, vote_curves
from ui.live.live_chart import shared_chart
from ui.serving import fits
from viz.decision import points_figure, titled
from viz.ensemble import boosting_figure, boosting_history_figure, members_figure, vote_curve_figure, vote_figure
from viz.tree import importance_text

KEYS = ("random_forest", "extra_trees", "bagging", "adaboost")
CHART_CONFIG = chart_config("ensembles", scroll_zoom=False, double_click=False)
MODEL = ParamSpec("model", "choice", KEYS[0], choices=KEYS, label="ensemble")
SHOW_CONF = ParamSpec("show_conf", "bool", True, label="confidence shading",
                      help="Stronger colour where more of the ensemble agrees.")


def plane(recipe, drawn, key: str, hp: tuple, m: int, show_conf: bool):
    """The vote of the first m members (or AdaBoost at round m) on the plane, and its grid."""
    model, data = fits.fit(recipe, drawn, key, hp).model, fits.dataset(recipe, drawn)
    grid = partial_grid(recipe, drawn, key, hp, m)
    if key == "adaboost":
        fig = boosting_figure(model, m, data.X_train, data.y_train, show_confidence=show_conf, grid=grid,
                              height=515)
    else:
        fig = vote_figure(model, m, data.X_train, data.y_train, X_test=data.X_test, y_test=data.y_test,
                          show_confidence=show_conf, grid=grid, height=515)
    titled(fig, data.axes).layout.height = None   # the container's height (screen_height)
    return fig, grid, None


def main_chart(recipe, drawn, key: str, hp: tuple, m: int, show_conf: bool) -> None:
    """The plane, built once per link for every session (shared_chart)."""
    screen_height("ens_main", 515)
    shared_chart("ens_main", CHART_CONFIG, plane, recipe, drawn, key, hp, m, show_conf)


def summary(key: str, m: int, T: int, train_acc, test_acc) -> None:
    alt_text.summary("ens_main", f"Decision regions of the vote of the first {m} of {T} members of "
                     f"{alt_text.model_text(MODELS[key].label, dict(hp))}", data,
                     {"train accuracy": train_acc, "test accuracy": test_acc})


recipe, drawn, data, _ = page("Ensembles", name="ensembles", opening=lectures.ENSEMBLES_OPENING)
st.sidebar.caption("Many weak or unstable models, combined. **Bagging** and **forests** average models fitted "
           "on bootstrap samples; **AdaBoost** adds one small tree per round, each trained on "
           "re-weighted points so it concentrates on the mistakes of the rounds before.")

presets.row("ensembles", lectures.ENSEMBLES, lectures.ENSEMBLE_HELP, chart="ens_main", chart_height=515)
left, right = controls([1, 3], gap="large")
with left:
    key = settings.setting(MODEL, "ens_model", control="radio", format_func=lambda k: MODELS[k].label)
    spec = MODELS[key]
    st.caption(spec.summary)
    hp = params.param_widgets(spec)
    st.divider()
    show_conf = settings.setting(SHOW_CONF, "ens_conf")

key_params = tuple(sorted(hp.items()))
fit = fits.fit(recipe, drawn, key, key_params)
cv = (fits.cv(recipe, drawn, key, key_params) if fit.model is not None else None) or (None, None)
scores = reading.Scores(fit.train_acc, fit.test_acc, *cv, fits.reference(recipe, drawn), len(data.y_train))


def what_you_see(key: str, hp: dict, m: int) -> None:
    """The reading of the ensemble as the slider shows it (drawn inside the fragment, so it follows
    the slider)."""
    shown = replace(members(recipe, drawn, key, key_params), shown=m)
    guide.see(reading.ensemble_reading(key, hp, scores, shown, MODELS[key].label), key, hp)


@st.fragment
def stepper(model, key: str, hp: dict, key_params: tuple, show_conf: bool):
    """The slider over members (or rounds) and everything it changes; reruns on its own
    (ui.core.layout.part), and computes the next positions ahead."""
    with part("ens_members"):
        spec, m = steps(model, key, hp, key_params, show_conf)
        compute_ahead("ens_members", [spec], {spec.name: m}, lambda q: [
            (partial_scores, recipe, drawn, key, key_params, q[spec.name]),
            (plane, recipe, drawn, key, key_params, q[spec.name], show_conf)], scope=(key, key_params),
            chart=Ahead("ens_main", plane, lambda q: (recipe, drawn, key, key_params, q[spec.name], show_conf),
                        lambda p: f"ens_m_{key}"))


def steps(model, key: str, hp: dict, key_params: tuple, show_conf: bool) -> tuple[ParamSpec, int]:
    """The slider and what it changes; returns the slider's ParamSpec and its position."""
    boosting = key == "adaboost"
    T = len(model.estimator_weights_) if boosting else len(model.estimators_samples_)
    if boosting:
        label, tip = "round", "Step through the boosting rounds: the regions are the vote of rounds 1..t."
    else:
        label, tip = "members in the vote", "Use only the first m members: watch the vote steady as members are added."
    # Another number of members keeps the position (clamped to the new T); a slider that showed
    # all of them goes on showing all of them.
    members = ParamSpec("members", "int", T, 1, T, label=label, help=tip)
    slider_key, last_T = f"ens_m_{key}", f"_ens_T_{key}"
    if st.session_state.get(last_T, T) != T and settings.value(slider_key) == st.session_state[last_T]:
        settings.put(slider_key, T)
    st.session_state[last_T] = T
    # presenting: the slider beside the plane, which keeps the screen's height
    chart_col, stats = st.columns([4, 1]) if presenter.active() else (None, None)
    m = settings.setting(members, slider_key, url="round" if boosting else "members", clamp=True, where=stats)
    train_acc, test_acc = partial_scores(recipe, drawn, key, key_params, m)
    if chart_col is None:
        chart_col, stats = st.columns([4, 1])  # metrics beside the chart: it keeps the height
    cols = [stats] * 4
    cols[0].metric("train accuracy", f"{train_acc:.1%}")
    cols[1].metric("test accuracy", "—" if test_acc is None else f"{test_acc:.1%}")
    if boosting:
        h = model.history_[m - 1]
        cols[2].metric(f"α of round {m}", f"{h['alpha']:.3f}")
        cols[3].metric(f"error of learner {m}", f"{h['error']:.1%}",
                       help="Its weighted error errₜ under the weights it was trained with.")
        with chart_col, st.container(key="ens_main"):   # updated in place: ui/live/live_chart.py
            main_chart(recipe, drawn, key, key_params, m, show_conf)
        summary(key, m, T, train_acc, test_acc)
        stopped = " (boosting stopped early)." if T < hp["n_estimators"] else "."
        ran = "1 round was run" if T == 1 else f"{T} rounds were run"
        st.caption(f"Marker area: the weight of each training point when learner {m} was fitted. "
                   f"Dashed: the split(s) of learner {m}. {ran}{stopped} "
                   f"{importance_text(model)}")
        what_you_see(key, hp, m)
        st.subheader("Round by round", anchor=False)
        charts.plotly_chart(boosting_history_figure(model, current=m), width="stretch", config=CHART_CONFIG,
                            key="ens_history")
        st.caption("αₜ = lr · (log((1 − errₜ) / errₜ) + log(K − 1)): a learner with a small weighted error "
                   "gets a large say. Misclassified points are multiplied by exp(αₜ) before the next round.")
        return members, m
    oob = getattr(model, "oob_score_", None)
    cols[2].metric("out-of-bag accuracy", "—" if oob is None else f"{oob:.1%}",
                   help="Each training point is scored only by the members whose sample missed it "
                        "(all members; needs bootstrap).")
    cols[3].metric("members voting", f"{m}/{T}")
    with chart_col, st.container(key="ens_main"):   # updated in place: ui/live/live_chart.py
        main_chart(recipe, drawn, key, key_params, m, show_conf)
    summary(key, m, T, train_acc, test_acc)
    importance = importance_text(model)
    if importance:
        st.caption(importance + " All members, averaged.")
    what_you_see(key, hp, m)
    st.subheader("Accuracy as members are added", anchor=False)
    charts.plotly_chart(vote_curve_figure(model, None, None, current=m,
                                      curves=vote_curves(recipe, drawn, key, key_params)),
                        width="stretch", config=CHART_CONFIG, key="ens_curve")
    st.caption("A bootstrap sample of n draws holds about 1 − 1/e ≈ 63% of the distinct points; "
               "the other ≈ 37% are out-of-bag for that member.")
    return members, m


with right:
    if fit.model is None:
        st.error(fit.error, icon=":material/block:")
        charts.plotly_chart(points_figure(data.X_train, data.y_train, bounds=data.bounds, height=420),
                            width="stretch", config=CHART_CONFIG, key="ens_main")
    else:
        stepper(fit.model, key, hp, key_params, show_conf)

if fit.model is not None and key != "adaboost":
    st.subheader("The first members, each on its own sample", anchor=False)
    charts.plotly_chart(members_figure(fit.model, data.X_train, data.y_train, bounds=data.bounds, count=8,
                                   columns=8, height=260),
                        width="stretch", config=CHART_CONFIG, key="ens_members")

guide.next_pages("tree", "bias_variance", "playground", model=key, params=hp)
show_fit(recipe, drawn, key, hp, caption="The whole ensemble (every member) on the dataset, fit and score.")
finish()
