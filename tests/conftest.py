"""Shared test helpers: run the CLI in-process, independent Hidato rule checks."""

from __future__ import annotations

import importlib
import importlib.util
import logging
import random
import signal
import subprocess
import sys
from collections.abc import Iterable, Iterator, Sequence
from itertools import pairwise
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import strategies as st

from lpsolve.cli import main
from lpsolve.generate import puzzle_from_path, random_path

ROOT = Path(__file__).resolve().parent.parent
INSTANCES = ROOT / "instances"


def load_benchmark(name: str) -> ModuleType:
    """A script of ``benchmarks/`` as a module (they are not a package)."""
    if f"lpsolve_benchmark_{name}" in sys.modules:
        return sys.modules[f"lpsolve_benchmark_{name}"]
    path = ROOT / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"lpsolve_benchmark_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


@pytest.fixture(autouse=True, scope="session")
def ctrl_c_works() -> None:
    """Tests send SIGINT, to this process and to commands they start. A shell starts a
    background job (CI run with ``&``, say) with SIGINT ignored, which Python and every
    command started from it would inherit: no KeyboardInterrupt, and a Ctrl-C test
    would wait for a command that never stops. Python's own handler here means the
    commands started from here get the default disposition back (on exec)."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def interrupt(process: subprocess.Popen, timeout: float = 60) -> tuple[str, str]:
    """Ctrl-C to a command a test started; its (stdout, stderr) once it ended. One that
    does not end in ``timeout`` seconds is killed (never left running) and fails."""
    process.send_signal(signal.SIGINT)
    try:
        return process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        pytest.fail(f"{process.args} did not stop within {timeout} s of Ctrl-C")


@pytest.fixture(autouse=True)
def no_clingo_warnings(caplog: pytest.LogCaptureFixture) -> Iterable[None]:
    """Any clingo warning (e.g. 'atom undefined') fails the test that caused it."""
    caplog.set_level(logging.WARNING, logger="lpsolve.clingo")
    yield
    warnings = [r.getMessage() for r in caplog.records if r.name == "lpsolve.clingo"]
    assert not warnings, warnings


@pytest.fixture(autouse=True)
def fresh_registry() -> Iterable[None]:
    """A test that names kinds' folders (``LPSOLVE_KINDS``, ``configure``) leaves no
    registry behind for the next: the next use makes a new one."""
    yield
    importlib.import_module("lpsolve.kinds.registry")._current = None  # (the module, not
    # the function lpsolve.kinds.registry names)


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]):
    """Run ``lpsolve ARGS`` in-process; returns (exit status, stdout, stderr)."""

    def runner(*args: str) -> tuple[int, str, str]:
        status = main([str(a) for a in args])
        captured = capsys.readouterr()
        return status, captured.out, captured.err

    return runner


def path_is_valid(
    cells: Sequence[tuple[int, int]],
    moves: set[tuple[int, int]],
    givens: dict[tuple[int, int], int],
    path: Sequence[tuple[int, int]],
) -> bool:
    """Written independently of lpsolve's checker: path[i] holds number i+1."""
    if sorted(path) != sorted(cells):
        return False
    if any(path[n - 1] != cell for cell, n in givens.items()):
        return False
    return all((b[0] - a[0], b[1] - a[1]) in moves for a, b in pairwise(path))


def count_paths(cells: Sequence[tuple[int, int]], moves: set[tuple[int, int]]) -> int:
    """Brute force: the number of numberings 1..N forming a path (directed paths)."""
    return sum(1 for _ in paths(cells, moves))


def paths(
    cells: Sequence[tuple[int, int]], moves: set[tuple[int, int]]
) -> Iterator[tuple[tuple[int, int], ...]]:
    """Brute force: every directed path through all cells (``path[i]`` holds i + 1)."""
    on_board = set(cells)
    path: list[tuple[int, int]] = []

    def extend(cell: tuple[int, int]) -> Iterator[tuple[tuple[int, int], ...]]:
        path.append(cell)
        if len(path) == len(on_board):
            yield tuple(path)
        for dx, dy in moves:
            nxt = (cell[0] + dx, cell[1] + dy)
            if nxt in on_board and nxt not in path:
                yield from extend(nxt)
        path.pop()

    for start in sorted(on_board):
        yield from extend(start)


@st.composite
def hidato_boards(draw):
    """A random Hamiltonian path on a small king, orthogonal or hex board, and the
    puzzle showing a random part of its numbers: ``(puzzle, path)``."""
    adjacency = draw(st.sampled_from(["king", "orthogonal", "hex"]))
    width = draw(st.integers(2, 6))
    height = draw(st.integers(2, 6))
    rng = random.Random(draw(st.integers(0, 2**32)))
    path = random_path(width, height, adjacency, rng)
    shown = draw(st.floats(0.0, 0.6))
    keep_ends = draw(st.booleans())
    return puzzle_from_path(path, adjacency, shown, rng, keep_ends=keep_ends), path


# -- slow tests -------------------------------------------------------------------------

#: Tests (or whole test functions and modules) that take 1.5 s or more each on the
#: 2-core machine (``python -m pytest --durations=80``, measured on a loaded machine).
#: ``python -m pytest`` leaves them out and runs in under 3 minutes; ``.ci/run`` also
#: runs them (``python -m pytest -m slow``).
SLOW_MODULES = (
    "tests/test_cluster.py",  # a Dask scheduler and workers per module
    "tests/test_packaging.py",  # builds the wheel and installs it in a new environment
    "tests/test_fuzz_genres.py",  # 40 mutated files of every declared genre
)
SLOW_FUNCTIONS = (
    "tests/test_fuzz.py::test_mutated_inputs_load_or_are_refused_cleanly",
    "tests/test_fuzz_state.py::test_a_mutated_checkpoint_is_refused_or_counts_right",
    "tests/test_fuzz_state.py::test_a_mutated_report_is_refused_or_resumed_right",
    "tests/test_declared.py::test_a_mutated_declaration_loads_or_is_refused_at_its_place",
    "tests/test_declared.py::test_a_mutated_puzzle_file_loads_or_is_refused_at_its_place",
    "tests/test_masyu.py::test_every_one_cell_change_of_a_published_answer_is_caught",
    "tests/test_slitherlink.py::test_the_check_agrees_with_python_on_every_one_cell_change",
)
SLOW_TESTS = frozenset(
    [
        "tests/test_grade.py::test_too_slow",  # waits out a 3 s time limit
        # the magic twin's plain encoding on the 5x5 seed: about 3 s a search
        "tests/test_magic_declared.py::test_the_twin_solves_the_seed_board_as_the_built_in_kind_does",
        "tests/test_magic_declared.py::test_the_twins_check_names_each_rule",
        "tests/test_batch.py::test_ctrl_c_leaves_the_report_complete_up_to_then",
        "tests/test_benchmark_peers.py::test_a_benchmark_run_is_ended_by_its_cpu_limit",
        "tests/test_benchmark_peers.py::test_cpsat_models_find_every_solution_and_no_other[circuit]",
        "tests/test_benchmark_peers.py::test_cpsat_models_find_every_solution_and_no_other[paths]",
        "tests/test_cli.py::test_ctrl_c_keeps_what_was_found_and_exits_3",
        "tests/test_cli.py::test_timeout_keeps_what_was_found_and_exits_3",  # two 2 s timeouts
        "tests/test_cli_conventions.py::test_a_long_search_shows_what_it_does_on_a_terminal_only",
        "tests/test_cli_conventions.py::test_every_help_example_runs_in_any_folder[lpsolve]",
        "tests/test_cli_conventions.py::test_every_help_example_runs_in_any_folder[solve]",
        "tests/test_cli_conventions.py::test_every_help_example_runs_in_any_folder[batch]",
        "tests/test_cli_conventions.py::test_every_help_example_runs_in_any_folder[serve]",  # listens on 8000 and 8080
        "tests/test_csp.py::test_cross_check_every_bundled_instance[instances/magic/seed-5x5.magic]",
        "tests/test_csp.py::test_cross_check_every_bundled_instance[instances/takuzu/letheed-grid4.takuzu]",
        "tests/test_csp.py::test_timeout_in_the_cross_check_exits_3",
        "tests/test_explain.py::test_conflict_is_minimal_and_names_the_changed_given[seed-5x5.magic-(0, 4)-22]",
        "tests/test_explain.py::test_conflict_is_minimal_and_names_the_changed_given[seed-5x5.magic-(1, 3)-24]",
        "tests/test_explain.py::test_conflict_is_minimal_and_names_the_changed_given[seed-5x5.magic-(2, 3)-12]",
        "tests/test_explain.py::test_differing_values_match_full_enumeration_and_suggestion_is_unique[seed-5x5.magic-2]",
        "tests/test_explain.py::test_differing_values_match_full_enumeration_and_suggestion_is_unique[seed003-hidato-40.json-4]",
        "tests/test_genre_benchmark.py::test_lpsolve_alone_runs_without_puzzlekit_and_checks_the_published_solution",  # times whole commands
        "tests/test_genre_benchmark.py::test_a_worker_that_does_not_answer_in_time_is_replaced",  # two workers
        "tests/test_genre_benchmark.py::test_puzzlekit_runs_beside_lpsolve_and_its_grid_is_compared",  # imports OR-Tools
        "tests/test_grade.py::test_grades_every_bundled_instance_by_default",
        "tests/test_grade.py::test_bundled_instances_are_named_kind_slash_file_wherever_lpsolve_runs",
        "tests/test_grade.py::test_variants_are_graded_when_asked",
        "tests/test_hidato_heuristics.py::test_a_supervised_search_in_turns_ends_cleanly_at_its_timeout",
        # more random seeds of a brute-force comparison: the first seed of each board (and
        # every seed of the small boards) stays in the default run
        "tests/test_hidato_heuristics.py::test_every_heuristic_finds_exactly_the_brute_force_paths[4x3 king, 25 % shown-2]",
        "tests/test_hidato_heuristics.py::test_every_heuristic_finds_exactly_the_brute_force_paths[4x3 king, 25 % shown-3]",
        "tests/test_hidato_heuristics.py::test_every_heuristic_finds_exactly_the_brute_force_paths[5x4 orthogonal, 20 % shown-2]",
        "tests/test_hidato_heuristics.py::test_every_heuristic_finds_exactly_the_brute_force_paths[5x4 orthogonal, 20 % shown-3]",
        "tests/test_hidato_heuristics.py::test_turns_find_exactly_the_brute_force_paths[4x3 king, 25 % shown-2]",
        "tests/test_hidato_heuristics.py::test_turns_find_exactly_the_brute_force_paths[5x4 orthogonal, 20 % shown-2]",
        "tests/test_mastermind.py::test_restricted_suggestions_match_the_full_scoring[1]",  # [0] repeats too
        "tests/test_mastermind.py::test_restricted_suggestions_match_the_full_scoring[2]",
        "tests/test_input_limits.py::test_csp_agrees_with_a_brute_force_on_3x3_magic_boards[givens1]",  # one given: [givens0]
        "tests/test_input_limits.py::test_csp_agrees_with_a_brute_force_on_3x3_magic_boards[givens2]",
        "tests/test_takuzu_variants.py::test_empty_boards_match_a_brute_force_on_both_backends[False-6-4]",  # [False-4-6]
        "tests/test_takuzu_variants.py::test_empty_boards_match_a_brute_force_on_both_backends[True-4-6]",  # [True-6-4]
        "tests/test_grade.py::test_missing_adjacency_rule_gives_wrong_answers_named_by_the_checker",
        "tests/test_grade.py::test_plain_student_magic_is_correct",
        "tests/test_grade.py::test_reference_encoding_grades_all_correct[tiling]",
        "tests/test_input_limits.py::test_a_1000x1000_hidato_board_is_accepted",
        "tests/test_input_limits.py::test_a_contradiction_at_the_end_of_a_long_game_is_found_quickly",
        "tests/test_limits.py::test_ctrl_c_during_grounding",
        "tests/test_limits.py::test_draw_solve_timeout",
        "tests/test_limits.py::test_grade_ctrl_c_in_a_students_grounding",
        "tests/test_limits.py::test_grade_never_ending_student",
        "tests/test_limits.py::test_mastermind_memory_limit",
        "tests/test_limits.py::test_memory_limit",
        "tests/test_limits.py::test_memory_limit_covers_the_command_and_its_job",
        "tests/test_limits.py::test_memory_limit_in_check_text",
        "tests/test_limits.py::test_parent_killed_takes_the_job_along",
        "tests/test_magic.py::test_every_3x3_board_matches_a_brute_force_on_both_backends[1-givens0]",
        "tests/test_magic.py::test_every_3x3_board_matches_a_brute_force_on_both_backends[3-givens2]",
        "tests/test_mastermind.py::test_play_assistant_reprompts_on_bad_lines_and_ends_at_eof",
        "tests/test_mastermind.py::test_ctrl_c_on_count_prints_at_least_the_codes_counted",
        "tests/test_mastermind.py::test_ctrl_c_on_a_listing_prints_the_exact_count_and_the_codes_found",
        "tests/test_schema.py::test_answers_follow_the_schema[solve --count0]",
        "tests/test_schema.py::test_mastermind_answers_follow_the_schema[seed-6x9.mastermind --suggest --top 2]",
        "tests/test_schema.py::test_the_schema_rejects_broken_verdicts_and_reports",
        "tests/test_split.py::test_a_count_stopped_by_its_timeout_keeps_exact_cubes",
        "tests/test_split.py::test_ctrl_c_stops_a_split_count_and_keeps_the_checkpoint",
        "tests/test_split.py::test_magic_counts_in_cubes_match_a_brute_force",
        # more cubes than the search needs: one board with givens stays in the default run
        "tests/test_split.py::test_takuzu_counts_in_cubes_match_a_brute_force[4-4-givens0-40]",
        "tests/test_split.py::test_takuzu_counts_in_cubes_match_a_brute_force[6-6-givens1-40]",
        "tests/test_split.py::test_takuzu_counts_in_cubes_match_a_brute_force[6-6-givens2-40]",
        "tests/test_split.py::test_hidato_counts_in_cubes_match_a_brute_force[16]",  # [3] stays
        "tests/test_takuzu_variants.py::test_bundled_variant_puzzles_have_one_solution_by_brute_force[binairo-plus-6x6]",
        "tests/test_takuzu_variants.py::test_bundled_variant_puzzles_have_one_solution_by_brute_force[tohu-wa-vohu-6x6]",
        "tests/test_tiling.py::test_the_seed_8x8_all_208_solutions",
        "tests/test_tiling.py::test_the_seed_8x8_class_counts[merge-identical-104]",
        "tests/test_tiling.py::test_the_seed_8x8_class_counts[up-to-symmetry-26]",
        "tests/test_run_clingo.py::test_time_limit_stops_a_search_that_found_answers_as_clingo_does",
        "tests/test_run_clingo.py::test_a_fractional_timeout_is_kept",
        "tests/test_fillomino.py::test_every_one_cell_change_is_named_as_python_judges_it",
        "tests/test_shikaku.py::test_every_one_cell_change_is_named_as_python_judges_it",
        "tests/test_lits.py::test_every_one_cell_change_is_named_as_python_judges_it",
        "tests/test_lits.py::test_random_tiny_boards_have_the_solutions_the_enumeration_finds[14-5-6-5-2]",
        "tests/test_tutorial.py::test_tutorial_command[lpsolve run docs/tutorial/step1.lp docs/tutorial/tiny.takuzu --count]",
        "tests/test_tutorial.py::test_tutorial_command[lpsolve run docs/tutorial/step2.lp docs/tutorial/tiny.takuzu --count]",
        "tests/test_tutorial.py::test_tutorial_command[lpsolve grade docs/tutorial/step5.lp --kind takuzu]",
        "tests/test_web.py::test_the_wheel_ships_templates_static_files_and_the_tutorial",
        "tests/test_web.py::test_a_busy_server_answers_503_at_once",
        "tests/test_web.py::test_a_puzzle_search_is_stopped_by_the_time_limit",
        "tests/test_web.py::test_one_visitor_fills_only_its_share_and_another_is_served",
        "tests/test_web.py::test_a_request_takes_one_time_limit_not_two",
        "tests/test_web.py::test_the_assistant_placeholder_is_a_guess_line_of_the_game_shown",
        "tests/test_web.py::test_the_loaded_preset_stays_selected_after_add_and_undo",
        "tests/test_web.py::test_serve_logs_every_request_and_takes_the_log_level[None]",
        "tests/test_web.py::test_serve_logs_every_request_and_takes_the_log_level[info]",
        # waits out a 2 s time limit twice
        "tests/test_web_generate.py::test_a_generation_takes_a_job_slot_of_the_gate_as_a_solve_does",
        "tests/test_web_browser.py::test_mastermind_assistant_and_a_game_against_the_server",
        "tests/test_web_browser.py::test_grading_results_are_a_coloured_table",
        "tests/test_web_browser.py::test_the_assistant_placeholder_and_preset_follow_the_game",
        "tests/test_web_browser.py::test_the_workbench_folds_each_answers_broken_rules",
        # the generator page in a browser (its answers are checked in test_web_generate)
        "tests/test_web_browser.py::test_the_generator_makes_the_commands_puzzles_that_open_and_download",
    ]
)


#: the declared genres' own tests (tests/test_KIND.py for lpsolve/kinds/KIND/): the
#: default run tries each parametrised function's first case (a random board, say), the
#: slow run every case (the brute forces are most of their time). tests/test_genres.py
#: marks its own: each genre's smallest bundled puzzle in the default run.
GENRE_MODULES = tuple(
    f"tests/test_{folder.name.replace('-', '_')}.py::"
    for folder in sorted((ROOT / "lpsolve" / "kinds").iterdir())
    if (folder / "kind.toml").is_file()
)
GENRE_SAMPLED = ("test_",)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    refuse_stale_slow_names(config, items)
    first_cases: set[str] = set()
    for item in items:
        node = item.nodeid
        function = node.split("[")[0]
        sampled = (
            node.startswith(GENRE_MODULES)
            and function.split("::")[1].startswith(GENRE_SAMPLED)
            and "[" in node
        )
        if sampled and function not in first_cases:
            first_cases.add(function)
            sampled = False
        if (
            node in SLOW_TESTS
            or function in SLOW_FUNCTIONS
            or node.startswith(SLOW_MODULES)
            or sampled
        ):
            item.add_marker(pytest.mark.slow)


def refuse_stale_slow_names(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A slow test renamed (or a parameter's id changed) would silently join the default
    run: a name above that matches no test of a module collected whole stops the run."""
    if config.getoption("lf", False):
        return  # only the last run's failures are collected
    nodes = {item.nodeid for item in items}
    functions = {node.split("[")[0] for node in nodes}
    modules = {node.split("::")[0] for node in nodes}
    picked = {arg.split("::")[0] for arg in config.args if "::" in arg}  # one test asked for
    whole = modules - {m for m in modules if any(m.endswith(p) for p in picked)}
    stale = [
        name
        for name in sorted(SLOW_TESTS | set(SLOW_FUNCTIONS))
        if name.split("::")[0] in whole and name not in nodes and name not in functions
    ]
    if stale:
        raise pytest.UsageError(f"tests/conftest.py names tests that do not exist: {stale}")
