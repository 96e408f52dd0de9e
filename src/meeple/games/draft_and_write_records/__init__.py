"""Draft & Write Records: draft crews, agendas and assets onto a record label's sheet (1-6 players)."""

from .rules import GAME, DraftAndWriteRecords, RecordsState

__all__ = ["GAME", "DraftAndWriteRecords", "RecordsState"]
