"""Wait for a condition in the page without `page.wait_for_function`.

Playwright polls a `wait_for_function` predicate through `eval`, which our CSP
(`script-src 'self'`) forbids, so the test failed whenever the condition was not true at
the first look. `page.evaluate` goes through the DevTools protocol, which the CSP does not
govern, so polling it from Python waits honestly.
"""

from __future__ import annotations

import time

from playwright.sync_api import Page


def wait_until(page: Page, expression: str, timeout: float = 5.0) -> bool:
    """True once `expression` is truthy in the page; False after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        if page.evaluate(expression):
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)


def wait_for_htmx(page: Page) -> None:
    assert wait_until(page, "document.readyState === 'complete' && !!window.htmx", 10.0)
