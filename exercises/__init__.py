"""Exercises that check themselves: the rules, without Streamlit.

Each exercise type is a module here with the same five names, so its rules can be read and
unit-tested on their own, and the page in ``pages/`` only draws them (``ui.exercises.shell``):

    make(level, seed) -> task       # a frozen dataclass; the same (level, seed), the same task
    check(task, answer) -> Verdict  # done or not, a score in [0, 1], what to tell the student
    hints(task) -> tuple[str, ...]  # unfolded one at a time, the first the gentlest
    reveal(task) -> ...             # the algorithm's answer, always an mlcore model's
    solve(task) -> answer           # a right answer (the tests play it; the reveal may show it)

Levels are 1 (easy) to 3 (hard). ``KINDS`` names every type: the link's progress item and the
progress panel accept these and nothing else. Imports: numpy, mlcore and the standard library.
"""

# kind -> (title, the page's URL path); the kind is the name used in links (done=line:1:100)
KINDS = {
    "line": ("Place the line", "Place_the_line"),
    "street": ("Widest street", "Widest_street"),
    "tree": ("Build the tree", "Build_the_tree"),
    "neighbours": ("Nearest neighbours", "Nearest_neighbours"),
    "compute": ("Compute it", "Compute_it"),
    "setting": ("Pick the setting", "Pick_the_setting"),
    "curve": ("Read the curve", "Read_the_curve"),
    "which_model": ("Which model?", "Which_model"),
    "shatter": ("Shatter", "Shatter"),
}
LEVELS = (1, 2, 3)
