"""Cython code that cimports the kernels through the top-level paths still builds and runs.

The .pxd files at the package's top level (``riichi_fast/_shanten.pxd`` and the others)
re-export the kernels' declarations from their subpackages (``riichi_fast.analysis._shanten``),
so ``from riichi_fast._shanten cimport c_shanten`` (README "Cython users") keeps compiling.
``tests/support/shim_cimport_driver.pyx`` cimports one name or more from each of them; it is
compiled here against the .pxd files of the riichi_fast that the tests import and its answers
are compared with the public functions.
"""

import pytest

import riichi_fast
from riichi_fast import PlayerState, is_agari, shanten, waits

from tests.support.player_cimport_build import build_driver


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    return build_driver("shim_cimport_driver", tmp_path_factory.mktemp("shim_driver"))


def test_enums_read_through_the_top_level_paths(driver):
    assert driver.constants() == (34, 2, 127)


@pytest.mark.parametrize("hand", ["123m456p789s1122z", "1112345678999m", "19m19p19s1234567z", "123m456p789s11122z", "2468m13579p2468s"])
def test_kernels_called_through_the_top_level_paths_answer_as_the_public_functions(driver, hand):
    s, agari, mask = driver.shanten_agari_waits(hand)
    assert s == shanten(hand)
    assert agari == is_agari(hand)
    if len(riichi_fast.parse_tiles(hand)) == 13:
        assert mask == sum(1 << k for k in waits(hand))


def test_exact_answers_through_the_top_level_paths(driver):
    assert driver.shanten_agari_waits("123m456p789s1122z") == (0, False, (1 << 27) | (1 << 28))
    assert driver.shanten_agari_waits("123m456p789s11122z")[:2] == (-1, True)
    assert driver.furiten(1 << 5, 1 << 5) is True
    assert driver.furiten(1 << 5, 1 << 6) is False
    assert driver.mt19937(5489, 3) == [3499211612, 581869302, 3890346734]


def test_extension_types_cimported_through_the_top_level_paths(driver):
    assert driver.player_shanten(PlayerState("123m456p789s1122z")) == 0
    assert driver.is_furiten_state(riichi_fast.FuritenState()) == (True, False)
