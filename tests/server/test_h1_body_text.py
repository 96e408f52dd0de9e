"""views.Body.text, filled into one template, is byte for byte the parts written in the order of
views.PARTS, each as "name":text, the log's lines in brackets and the clocks in their place."""

from __future__ import annotations

from meeple.server import views


def _reference(body: views.Body, clocks: str, head: str = "{") -> str:
    out = []
    for name in views.PARTS:
        value = clocks if name == "clocks" else "[" + ",".join(body.log) + "]" if name == "log" else body.parts[name]
        out.append(f'"{name}":{value}')
    return head + ",".join(out) + "}"


def _body(log: tuple[str, ...], mark: str) -> views.Body:
    parts = {name: f'"{name} {mark} %s %% {{}}"' for name in views.PARTS if name not in ("log", "clocks")}
    return views.Body(dict(reversed(parts.items())), log, None, len(log), 0)


def test_body_text_is_each_part_in_order():
    for log in ((), ('{"seq":1,"text":"a % b"}',), tuple(f'{{"seq":{i}}}' for i in range(50))):
        for mark in ("", "%s", "%(x)s", "\u00e9\u4e2d"):
            body = _body(log, mark)
            for clocks in ("null", '{"now":1.5,"seats":[]}'):
                for head in ("{", '{"type":"state","n":3,'):
                    assert body.text(clocks, head) == _reference(body, clocks, head)
