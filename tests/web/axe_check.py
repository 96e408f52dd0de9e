"""axe-core's serious and critical violations on a page: what every accessibility check of the browser
tests asks (the whole page in test_accessibility.py and test_accessible_whole_game.py, a board in the
games' play tests).

Two savings over a plain `Axe().run(page)`, the same violations found: axe's script (570 kB) is put into a
page once, not before every look, and the rules whose every check is minor or moderate (region, the
landmark and heading rules, duplicate-id...: 32 of axe 4.12's 105) are not run, since a violation of
theirs can never be serious or critical (axe gives a node the highest impact of its failed checks, or
the rule's own impact where the rule sets one; which rules those are is read from axe's own data in the
page). Only the serious and critical violations come back from the page, not every node of the others.
"""

from __future__ import annotations

SERIOUS = ("serious", "critical")

# (in the page) the rules that can report a serious or critical violation, kept with axe as window.__axeOff:
# the options that turn the others off.
RUN = """async ([context, serious]) => {
  if (!window.__axeOff) {
    const checks = axe._audit.data.checks;
    const impacts = (rule) => rule.impact ? [rule.impact]
      : [...rule.any, ...rule.all, ...rule.none].map((c) => checks[typeof c === 'string' ? c : c.id]?.impact);
    window.__axeOff = Object.fromEntries(axe._audit.rules
      .filter((rule) => !impacts(rule).some((impact) => serious.includes(impact)))
      .map((rule) => [rule.id, {enabled: false}]));
  }
  const found = await axe.run(context ?? document, {resultTypes: ['violations'], rules: window.__axeOff});
  return found.violations.filter((v) => serious.includes(v.impact)).map((v) =>
    ({id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target)}));
}"""


def serious_violations(page, context: str | None = None) -> list[str]:
    """axe-core's serious and critical violations on the page, or inside the element `context` selects."""
    if not page.evaluate("() => typeof window.axe?.run === 'function'"):
        from axe_playwright_python.base import AXE_SCRIPT

        page.evaluate(AXE_SCRIPT)
    found = page.evaluate(RUN, [context, list(SERIOUS)])
    return [f"{v['id']} ({v['impact']}): {v['help']} at {v['targets']}" for v in found]
