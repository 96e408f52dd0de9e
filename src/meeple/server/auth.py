"""Passwords, session and seat tokens.

Passwords are hashed with scrypt (from the standard library) and a random salt;
session and seat tokens are 32 random bytes, and only their SHA-256 is stored,
so a copy of the database lets nobody act for a player.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets

from .errors import ApiError

_N, _R, _P = 2 ** 14, 8, 1
USERNAME = re.compile(r"^[A-Za-z0-9_-]{3,32}$")
MIN_PASSWORD = 8
MAX_PASSWORD = 256
# Characters that reorder the text around them (bidirectional overrides, embeddings, isolates and
# marks): in a name or a chat line they could make it read as something else ("evil" shown as
# "live", a name that spoofs the text after it), so they are refused.
BIDI_CONTROLS = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_dummy_hash: str | None = None


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode("utf-8"), salt=salt, n=_N, r=_R, p=_P, dklen=32)
    return f"scrypt${_N}${_R}${_P}${base64.b64encode(salt).decode()}${base64.b64encode(digest).decode()}"


def verify_password(password: str, stored: str) -> bool:
    try:
        _, n, r, p, salt, digest = stored.split("$")
        expected = base64.b64decode(digest)
        got = hashlib.scrypt(password.encode("utf-8"), salt=base64.b64decode(salt), n=int(n), r=int(r),
                             p=int(p), dklen=len(expected))
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got, expected)


def dummy_hash() -> str:
    """A password hash of nobody, made once: sign-in checks a password against it when the user is
    unknown, so that an unknown username costs the same scrypt work as a wrong password."""
    global _dummy_hash
    if _dummy_hash is None:
        _dummy_hash = hash_password(secrets.token_urlsafe(16))
    return _dummy_hash


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_id() -> str:
    return secrets.token_urlsafe(9)


def check_username(username: str) -> None:
    if not USERNAME.match(username):
        raise ApiError(400, "bad_request", "A username is 3 to 32 letters, digits, '_' or '-'.")


def check_password(password: str) -> None:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ApiError(400, "bad_request", f"A password needs {MIN_PASSWORD} to {MAX_PASSWORD} characters.")


def check_display_name(name: str) -> str:
    name = " ".join(name.split())
    if not 1 <= len(name) <= 32:
        raise ApiError(400, "bad_request", "A name is 1 to 32 characters.")
    check_no_bidi(name, "A name")
    return name


def check_no_bidi(text: str, what: str) -> None:
    if BIDI_CONTROLS.search(text):
        raise ApiError(400, "bad_request", f"{what} may not hold characters that reverse the direction of "
                                           "the text around them (bidirectional controls).")
