import numpy as np

def verify_mjlog(data: bytes, params: np.ndarray, honba_value: int = 300,
                 noten_payment: int = 3000, abortive_mask: int = 62, adds_counter: bool = True,
                 counters_all: bool = False, nagashi: bool = True, pao_mask: int = 0,
                 pao_honba_liable: bool = True, start_points: int = 25000,
                 n_players: int = 4) -> tuple[int, int, int, int]: ...

def stats_mjlog(data: bytes, params: np.ndarray, rows: np.ndarray, start: int, game_idx: int,
                honba_value: int = 300, noten_payment: int = 3000, abortive_mask: int = 62,
                adds_counter: bool = True, counters_all: bool = False, nagashi: bool = True,
                pao_mask: int = 0, pao_honba_liable: bool = True, start_points: int = 25000,
                n_players: int = 4) -> tuple[int, int]: ...

def export_mjlog(data: bytes, params: np.ndarray, rows: np.ndarray, start: int, game_idx: int,
                 honba_value: int = 300, noten_payment: int = 3000, abortive_mask: int = 62,
                 adds_counter: bool = True, counters_all: bool = False, nagashi: bool = True,
                 pao_mask: int = 0, pao_honba_liable: bool = True, start_points: int = 25000,
                 n_players: int = 4) -> tuple[int, int]: ...
def players(data: bytes) -> int: ...
