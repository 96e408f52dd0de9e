"""The lobby refuses what the server would refuse before sending it."""

from tests.web.helpers import sign_in_as_guest


def test_a_time_bank_of_zero_is_refused_in_the_form(new_page, server):
    page = new_page()
    sign_in_as_guest(page, "Tam")
    page.locator("form.create select[name=clock]").select_option("realtime")
    bank = page.locator("form.create input[name=bank_s]")
    bank.fill("0")
    # The lobby sends on the form's submit event, which the browser's own check stops within the click.
    page.evaluate("""() => { window.__submitted = false;
      document.querySelector('form.create').addEventListener('submit', () => { window.__submitted = true; }); }""")
    page.get_by_role("button", name="Create table").click()
    assert page.evaluate("window.__submitted") is False  # nothing was sent
    assert "/t/" not in page.url
    assert bank.evaluate("(e) => e.validationMessage") != ""
    # No table of mine (the hall is shared with other modules' tables).
    assert page.evaluate("fetch('/api/tables/mine').then((r) => r.json())") == []
    bank.fill("30")
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url("**/t/**")
    assert len(page.evaluate("fetch('/api/tables/mine').then((r) => r.json())")) == 1  # (the check above sees one)


def test_error_toasts_do_not_pile_up_and_clear_when_an_action_succeeds(new_page, server):
    page = new_page()
    sign_in_as_guest(page, "Tam")
    page.evaluate("""async () => {
      const { showError } = await import("/static/js/toast.js");
      for (let i = 0; i < 3; i++) showError(new Error("The table moved on."));
      for (const word of ["one", "two", "three"]) showError(new Error(`Refused: ${word}.`));
    }""")
    boxes = page.locator("#toasts .toast")
    assert boxes.count() == 3  # never more than three at once, the oldest gives way
    assert "Refused: three." in boxes.last.inner_text()
    page.evaluate("""async () => {
      const { showError } = await import("/static/js/toast.js");
      showError(new Error("Refused: three."));
    }""")
    assert boxes.count() == 3 and "(×2)" in boxes.last.inner_text()  # a repeat is counted, not stacked
    # Any action that goes through (here: creating a table) clears the errors of earlier attempts.
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url("**/t/**")
    assert page.locator("#toasts .toast-error").count() == 0
