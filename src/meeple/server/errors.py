"""The one error type of the API: a status, a machine code and words for a player."""

from __future__ import annotations


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers or {}

    def to_json(self) -> dict:
        return {"error": self.message, "code": self.code}
